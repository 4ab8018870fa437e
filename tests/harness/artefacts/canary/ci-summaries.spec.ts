// The CI summaries of the canary (tests/harness/canary/): reports/summary.md and reports/ctrf.json
// exist, the CTRF report is valid by the ctrf package's own validator, both agree with summary.json's
// counts, verdict and causes, and neither holds the planted password.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, validate } from 'ctrf';
import type { RunSummary } from '../../../../reporting/summary-model.js';
import { md } from '../../../../reporting/ci-summaries.js';
import { expect, test } from '../canary.fixture.js';

test.describe('CI summaries of the canary', () => {
  test('summary.md and ctrf.json match summary.json, the CTRF report is valid, neither holds the password', ({ canary }) => {
    const summary = JSON.parse(readFileSync(join(canary.reports, 'summary.json'), 'utf8')) as RunSummary;
    const markdown = readFileSync(join(canary.reports, 'summary.md'), 'utf8');
    const ctrfText = readFileSync(join(canary.reports, 'ctrf.json'), 'utf8');
    const ctrf = parse(ctrfText);
    expect(validate(ctrf).errors).toEqual([]);

    const c = summary.counts;
    expect(c.failed, 'the canary has failures to show').toBeGreaterThan(0);
    const s = ctrf.results.summary;
    // CTRF counts a test that passed on a retry as passed, flagged flaky.
    expect({ tests: s.tests, passed: s.passed, failed: s.failed, skipped: s.skipped, flaky: s.flaky ?? 0 }).toEqual({
      tests: c.total,
      passed: c.passed + c.flaky,
      failed: c.failed,
      skipped: c.skipped,
      flaky: c.flaky,
    });
    expect(ctrf.extra?.verdict).toBe(summary.verdict);
    // The causes, one entry each (reporting/summary-details.ts), and each failed test labelled with its own.
    expect(ctrf.extra?.rootCauses).toEqual(summary.rootCauses);
    const labelled = ctrf.results.tests.filter((t) => t.status === 'failed' && t.labels?.rootCause);
    expect(labelled.map((t) => t.labels?.rootCause)).toContainEqual(expect.stringMatching(/^listRoomsForGrid \$\[\*\]\.Name/));

    expect(markdown).toContain(`## Hall Booking suite: ${md(summary.verdict)}`);
    expect(markdown).toContain(`| **all** | ${c.passed} | ${c.failed} | ${c.flaky} | ${c.skipped} |`);
    for (const [project, n] of Object.entries(summary.byProject)) {
      expect(markdown).toContain(`| ${md(project)} | ${n.passed} | ${n.failed} | ${n.flaky} | ${n.skipped} |`);
    }
    expect(markdown).toContain(`### Causes (${summary.rootCauses.length})`);
    expect(markdown + ctrfText).not.toContain(canary.password);
  });
});
