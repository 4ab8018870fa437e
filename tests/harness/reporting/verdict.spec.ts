// An honest verdict: a read-only run says in its verdict what it did not run and why, one reason for
// one cause (settings/read-only.ts); a run that ran everything says PASSED alone.
import type { RunSummary } from '../../../reporting/summary-model.js';
import { summaryLines, verdictLine } from '../../../reporting/summary-text.js';
import { READ_ONLY_REASON } from '../../../settings/read-only.js';
import { expect, test } from '../../../fixtures/index.js';

const summary = (readOnly?: RunSummary['readOnly']) =>
  ({
    target: 'http://127.0.0.1:4711',
    status: 'passed',
    durationMs: 1000,
    counts: { total: 13, passed: 0, failed: 0, flaky: 0, skipped: 13 },
    byProject: {},
    distinctTests: 13,
    reruns: {},
    skipReasons: [],
    blockedByBreaks: [],
    failures: [],
    flakyTests: [],
    reports: [],
    ...(readOnly && { readOnly }),
  }) as unknown as RunSummary;

test.describe('the verdict', () => {
  test('a read-only run names what it did not run and how to run it', () => {
    const readOnly = summary({ flowTests: 8, writeChecks: 5 });
    const verdict = 'PASSED (read-only: 8 flow tests and 5 write checks not run; HB_ALLOW_WRITES=true runs them)';
    expect(verdictLine(readOnly)).toBe(verdict);
    expect(summaryLines(readOnly)[1]).toBe(`Summary: ${verdict} against http://127.0.0.1:4711 in 1s`);
    expect(verdictLine(summary({ flowTests: 1, writeChecks: 0 }))).toContain('1 flow test and 0 write checks not run');
    expect(verdictLine(summary())).toBe('PASSED');
    expect(READ_ONLY_REASON).toContain('HB_ALLOW_WRITES=true');
  });
});
