// The run's summary (reporting/summary-reporter.ts): the canary (tests/harness/canary/), a child
// run of a small inline suite (a pass, a contract break, a flaky test, skips with reasons, one
// naming the password, run again but for the flaky test by a second project), closes with the counts of its JSON report on
// the console and in summary.json: per area, distinct tests against re-runs, skip reasons, failures,
// reports, no secret. The text, the masking and the break parsing are pure checks.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../../child-runs/child-run.js';
import { testsOf } from '../../../reporting/json-report.js';
import SummaryReporter, { verdictOf } from '../../../reporting/summary-reporter.js';
import { contractBreakOf } from '../../../client/errors.js';
import type { Counts, RunSummary } from '../../../reporting/summary-model.js';
import type { FullConfig, Suite, TestCase } from '@playwright/test/reporter';
import { masker } from '../../../reporting/summary-details.js';
import { summaryLines } from '../../../reporting/summary-text.js';
import { BROKEN_TITLE, RETRIED_TITLE, SUMMARY_FILE } from './canary/summary-file.js';
import { expect, test } from './canary.fixture.js';

const posix = (p: string) => p.split('\\').join('/');
const counts = (passed: number, failed: number, flaky: number, skipped: number): Counts => ({
  total: passed + failed + flaky + skipped,
  passed,
  failed,
  flaky,
  skipped,
});

const OUTCOME = { expected: 'passed', unexpected: 'failed', flaky: 'flaky', skipped: 'skipped' } as const;

/** Counts as the JSON report has them, for every test and per project. */
function reportCounts(tests: ReturnType<typeof testsOf>): { all: Counts; byProject: Record<string, Counts> } {
  const all = counts(0, 0, 0, 0);
  const byProject: Record<string, Counts> = {};
  for (const t of tests) {
    const key = OUTCOME[t.test.status];
    for (const c of [all, (byProject[t.project] ??= counts(0, 0, 0, 0))]) {
      c[key]++;
      c.total++;
    }
  }
  return { all, byProject };
}

test.describe('run summary', () => {
  test('a run closes with counts per area, distinct tests and re-runs, skip reasons, failures and the reports', ({ canary }) => {
    const tests = testsOf(canary.report);
    const { all, byProject } = reportCounts(tests);
    const reruns = tests.filter((t) => t.project === 'contract-variant').length;
    const distinct = new Set(tests.map((t) => `${t.file} › ${t.titlePath.join(' › ')}`)).size;
    expect(reruns, 'the canary re-runs its summary file').toBeGreaterThan(0);
    expect(distinct + reruns).toBe(all.total);

    const text = readFileSync(join(canary.reports, 'summary.json'), 'utf8');
    const summary = JSON.parse(text) as RunSummary;
    expect(summary).toMatchObject({ target: 'built-in mock', targetKind: 'mock', status: 'failed', distinctTests: distinct });
    expect(summary.counts).toEqual(all);
    expect(summary.byProject).toEqual(byProject);
    expect(summary.reruns).toEqual({ 'contract-variant': reruns });
    expect(summary.byFeature.bookings).toMatchObject({ passed: 2 });
    expect(summary.durationMs).toBeGreaterThan(0);
    expect(summary.skipReasons.map((g) => [g.reason, g.count])).toEqual([
      ['no staging server here', 4],
      ['reason naming ***', 2],
    ]);
    expect(summary.failures).toHaveLength(all.failed);
    expect(summary.flakyTests).toHaveLength(all.flaky);
    const synthetic = summary.contractBreaks.filter((b) => b.test === BROKEN_TITLE);
    expect(synthetic.map((b) => b.project).sort()).toEqual(['contract', 'contract-variant']);
    expect(synthetic[0]).toMatchObject({ endpointId: 'listRoomsForGrid', status: 200, paths: ['[0].rowNumber'] });
    expect(summary.drift).toContainEqual(expect.objectContaining({ project: 'contract', endpointId: 'listBookingsForHallGrid' }));

    // The console: what a person reads after the run.
    const { stdout } = canary.run;
    const shown = stdout.slice(stdout.indexOf('Summary:'));
    // As a person types it from the repository: the canary's folder is outside it.
    const inside = posix(relative(REPO_ROOT, canary.dir));
    const at = inside.startsWith('..') ? canary.dir : inside;
    const rooms = tests.find((t) => t.project === 'contract' && t.file === SUMMARY_FILE && t.spec.title === BROKEN_TITLE);
    const retried = tests.find((t) => t.project === 'contract' && t.spec.title === RETRIED_TITLE);
    expect(shown, stdout).toMatch(/^Summary: FAILED against built-in mock in (\d+m )?\d+s\n/);
    expect(shown).toContain(
      `${all.total} results: ${distinct} distinct tests + ${reruns} re-runs of them under other projects (contract-variant ${reruns}); ` +
        `${all.passed} passed, ${all.failed} failed, ${all.flaky} flaky, ${all.skipped} skipped`,
    );
    for (const [project, c] of Object.entries(byProject)) {
      expect(shown).toMatch(new RegExp(`\\n {2}${project} +${c.passed} +${c.failed} +${c.flaky} +${c.skipped}\\n`));
    }
    expect(shown).toContain(`Skipped, by reason (${all.skipped}):\n  4× no staging server here  (e.g. [contract] `);
    expect(shown).toContain('  2× reason naming ***  (e.g. ');
    expect(shown).toMatch(/\n {2}\d+\. listRoomsForGrid \[\*\]\.rowNumber {2}\(2 failed\)\n/);
    expect(shown).toContain(`[contract] ${at}/${SUMMARY_FILE}:${rooms?.spec.line} › listRoomsForGrid answers\n`);
    expect(shown).toContain(
      '     ContractError: listRoomsForGrid: GET http://127.0.0.1:9/api/Rooms?hallId=1 → HTTP 200, body breaks the contract: ' +
        '✖ Invalid input: expected number, received string → at [0].rowNumber\n',
    );
    expect(shown).toContain(`[contract] ${at}/${SUMMARY_FILE}:${retried?.spec.line} › passes on its retry`);
    expect(shown).toContain(
      `Playwright HTML  ${at}/reports/playwright-report  → npx playwright show-report ${at}/reports/playwright-report\n`,
    );
    expect(shown).toContain(`Allure results   ${at}/reports/allure-results  → npm run report`);
    expect(shown).toContain(`JUnit            ${at}/reports/junit.xml\n`);
    expect(shown).toContain(`summary.json     ${at}/reports/summary.json\n`);
    expect(shown).not.toContain(canary.password);
    expect(text).not.toContain(canary.password);
  });

  test('a green run of every area fits in 25 lines, re-runs named apart from distinct tests', () => {
    const areas = ['setup', 'harness', 'contract', 'contract-variant', 'wire', 'ui', 'flows', 'readings'];
    const byProject = Object.fromEntries(areas.map((a) => [a, counts(40, 0, 0, 2)]));
    const summary = {
      target: 'built-in mock',
      status: 'passed',
      durationMs: 480_000,
      counts: counts(320, 0, 0, 16),
      byProject,
      distinctTests: 236,
      reruns: { 'contract-variant': 42, readings: 58 },
      skipReasons: Array.from({ length: 9 }, (_, i) => ({ reason: `reason ${i}`, count: 2, tests: ['[harness] a.spec.ts:1 › t'] })),
      failures: [],
      flakyTests: [],
      reports: ['Playwright HTML', 'Allure results', 'JUnit', 'summary.json'].map((name) => ({ name, path: 'reports/x' })),
    } as unknown as RunSummary;
    const lines = summaryLines(summary);
    expect(lines.length).toBeLessThanOrEqual(25);
    // A run that stopped before its first test has nothing to count: one line, no zeros.
    expect(summaryLines({ ...summary, status: 'failed' }, false)).toEqual(['', 'Summary: FAILED, no test ran (the reason is above)']);
    expect(lines.join('\n')).toContain(
      '336 results: 236 distinct tests + 100 re-runs of them under other projects (contract-variant 42, readings 58)',
    );
    expect(lines.join('\n')).toContain('… 4 more reasons (8 tests): summary.json');
    // Order a person reads: the service areas, the re-runs, then the harness.
    expect(lines.filter((l) => /^ {2}[a-z-]+ +\d/.test(l)).map((l) => l.trim().split(' ')[0])).toEqual([
      'setup',
      'contract',
      'contract-variant',
      'wire',
      'ui',
      'flows',
      'readings',
      'harness',
    ]);
  });

  test('a write test passing only on a retry fails a run against a remote target; the summary names it first', async ({}, testInfo) => {
    const flakyTest = (title: string, tags: string[]) =>
      ({
        title,
        tags,
        outcome: () => 'flaky',
        titlePath: () => ['', 'flows', 'booking-flow.spec.ts', title],
        parent: { project: () => ({ name: 'flows', testDir: '/suite/tests/flows' }) },
        annotations: [],
        results: [{ attachments: [], errors: [], annotations: [], status: 'passed', duration: 1, startTime: new Date(), retry: 1 }],
        location: { file: '/suite/tests/flows/booking-flow.spec.ts', line: 7, column: 1 },
      }) as unknown as TestCase;
    const run = async (targetKind: string, tags: string[]) => {
      const reporter = new SummaryReporter({ outputFile: testInfo.outputPath(`${targetKind}-${tags.length}.json`) });
      const config = { metadata: { target: 'staging', targetKind }, rootDir: testInfo.outputDir, reporter: [] } as unknown as FullConfig;
      reporter.onBegin(config, { allTests: () => [flakyTest('a booking is created', tags)] } as unknown as Suite);
      // Its closing summary goes to the console; this run's own console keeps it out.
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = () => true;
      try {
        return (await reporter.onEnd({ status: 'passed', startTime: new Date(), duration: 1 })).status;
      } finally {
        process.stdout.write = write;
      }
    };
    expect(await run('remote', ['@write']), 'a flaky write against a remote target').toBe('failed');
    expect(await run('remote', ['@smoke']), 'a flaky read against a remote target').toBe('passed');
    expect(await run('mock', ['@write']), 'a flaky write against the mock (its data is fresh for every test)').toBe('passed');
    expect(verdictOf('interrupted', 'remote', ['x']), 'another verdict is kept').toBe('interrupted');

    const write = '[flows] tests/flows/booking-flow.spec.ts:7 › a booking is created';
    const lines = summaryLines({
      target: 'staging',
      targetKind: 'remote',
      status: 'failed',
      durationMs: 1000,
      counts: counts(3, 0, 1, 0),
      byProject: { flows: counts(3, 0, 1, 0) },
      distinctTests: 4,
      reruns: {},
      skipReasons: [],
      failures: [],
      flakyTests: [write],
      flakyWrites: [write],
      reports: [],
    } as unknown as RunSummary);
    expect(lines.slice(1, 4)).toEqual([
      'Summary: FAILED against staging in 1s',
      'Flaky writes, passed only on a retry (1; each fails the run against a remote target):',
      `  ${write}`,
    ]);
  });

  test('the summary masks the password at any length and session values, not short values such as a hall id', () => {
    const mask = masker('pw1', ['42', 'c00kie-value-0123']);
    expect(mask('GET /api/x?id=42&p=pw1 Cookie c00kie-value-0123')).toBe('GET /api/x?id=42&p=*** Cookie ***');
  });

  test('an undeclared status is a break with the endpoint id and no field path', () => {
    const message =
      'UnexpectedStatusError: checkSession: GET http://127.0.0.1:4010/api/Scheduler/HasJustLoggedIn → HTTP 500; the contract expects 200';
    expect(contractBreakOf(message)).toEqual({ endpointId: 'checkSession', status: 500, paths: [] });
    expect(contractBreakOf('locator.click: Timeout 10000ms exceeded')).toBeUndefined();
  });
});
