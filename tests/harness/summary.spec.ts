// The run's summary (fixtures/summary-reporter.ts): a child run of a small inline suite, written
// for this check with a minimal config (a pass, a contract break, a flaky test, skips with reasons,
// all run again by a second project), must close with the right counts on the console and in
// summary.json: per area, distinct tests against re-runs, skip reasons, failures, reports, no secret.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '../../fixtures/index.js';
import { REPO_ROOT, childEnv, runPlaywright } from '../../fixtures/child-run.js';
import { contractBreakOf, type Counts, type RunSummary } from '../../fixtures/summary-reporter.js';
import { masker } from '../../fixtures/summary-details.js';
import { summaryLines } from '../../fixtures/summary-text.js';

const PASSWORD = `pw-${Math.random().toString(36).slice(2, 12)}`;
const posix = (p: string) => p.split('\\').join('/');

/** The inline suite: every outcome the summary tells apart, once. */
const spec = (errorsModule: string) => `
import { test } from '@playwright/test';
import { ContractError } from '${errorsModule}';

test('listBookingsForHallGrid answers', async ({}, testInfo) => {
  const drift = { unknownKeys: ['$[].HallId'], aliases: {}, newBaselineKeys: [] };
  await testInfo.attach('listBookingsForHallGrid-drift.json', { body: JSON.stringify(drift), contentType: 'application/json' });
});
test('listRoomsForGrid answers', () => {
  const exchange = { endpointId: 'listRoomsForGrid', method: 'GET', url: 'http://127.0.0.1:9/api/Rooms?hallId=1&note=${PASSWORD}',
    status: 200, requestHeaders: {}, responseHeaders: {} };
  throw new ContractError(exchange, '✖ Invalid input: expected number, received string\\n  → at [0].rowNumber');
});
test('passes on its retry', ({}, testInfo) => {
  if (testInfo.retry === 0) throw new Error('first try fails');
});
test('needs a staging server', () => test.skip(true, 'no staging server here'));
test('needs a staging server too', () => test.skip(true, 'no staging server here'));
test('needs the password', () => test.skip(true, 'reason naming ${PASSWORD}'));
`;

const config = `
import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  outputDir: './test-results',
  retries: 1,
  workers: 1,
  reporter: [
    ['dot'],
    ['html', { open: 'never', outputFolder: './html-report' }],
    ['junit', { outputFile: './junit.xml' }],
    [${JSON.stringify(join(REPO_ROOT, 'fixtures', 'summary-reporter.ts'))}, { outputFile: './out/summary.json' }],
  ],
  metadata: { target: 'built-in mock', targetKind: 'mock' },
  projects: [
    { name: 'setup', testMatch: /login\\.setup\\.ts/ },
    { name: 'contract', testMatch: /mini\\.spec\\.ts/, dependencies: ['setup'] },
    { name: 'contract-variant', testMatch: /mini\\.spec\\.ts/, dependencies: ['setup'] },
  ],
});
`;

const counts = (passed: number, failed: number, flaky: number, skipped: number): Counts => ({
  total: passed + failed + flaky + skipped,
  passed,
  failed,
  flaky,
  skipped,
});

test.describe('run summary', () => {
  test('a run closes with counts per area, distinct tests and re-runs, skip reasons, failures and the reports', async ({}, testInfo) => {
    test.setTimeout(90_000);
    const dir = testInfo.outputPath('inline');
    mkdirSync(dir, { recursive: true });
    const errorsModule = posix(relative(dir, join(REPO_ROOT, 'fixtures', 'http', 'errors.js')));
    writeFileSync(join(dir, 'mini.spec.ts'), spec(errorsModule));
    writeFileSync(join(dir, 'login.setup.ts'), `import { test } from '@playwright/test';\ntest('logs in', () => {});\n`);
    writeFileSync(join(dir, 'playwright.config.ts'), config);
    const run = await runPlaywright(
      ['test', '--config', join(dir, 'playwright.config.ts')],
      childEnv({ HB_MOCK_PASSWORD: PASSWORD, HB_REPORTS_DIR: join(dir, 'reports'), HB_STORAGE_STATE: join(dir, 'state.json') }),
      60_000,
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(1);

    const file = join(dir, 'out', 'summary.json');
    expect(existsSync(file), 'summary.json written').toBe(true);
    const text = readFileSync(file, 'utf8');
    const summary = JSON.parse(text) as RunSummary;
    expect(summary).toMatchObject({ target: 'built-in mock', targetKind: 'mock', status: 'failed', distinctTests: 7 });
    expect(summary.counts).toEqual(counts(3, 2, 2, 6));
    expect(summary.byProject).toEqual({ setup: counts(1, 0, 0, 0), contract: counts(1, 1, 1, 3), 'contract-variant': counts(1, 1, 1, 3) });
    expect(summary.reruns).toEqual({ 'contract-variant': 6 });
    expect(summary.byFeature.rooms).toMatchObject({ total: 2, failed: 2 });
    expect(summary.byFeature.bookings).toMatchObject({ total: 2, passed: 2 });
    expect(summary.durationMs).toBeGreaterThan(0);
    expect(summary.skipReasons.map((g) => [g.reason, g.count])).toEqual([
      ['no staging server here', 4],
      ['reason naming ***', 2],
    ]);
    expect(summary.failures).toHaveLength(2);
    expect(summary.flakyTests).toHaveLength(2);
    expect(summary.contractBreaks).toHaveLength(2);
    expect(summary.contractBreaks[0]).toMatchObject({ endpointId: 'listRoomsForGrid', project: 'contract', status: 200 });
    expect(summary.contractBreaks[0]!.paths).toEqual(['[0].rowNumber']);
    expect(summary.drift).toContainEqual(expect.objectContaining({ project: 'contract', endpointId: 'listBookingsForHallGrid' }));

    // The console: what a person reads after the run.
    const shown = run.stdout.slice(run.stdout.indexOf('Summary:'));
    const at = posix(relative(REPO_ROOT, dir));
    expect(shown, output).toMatch(/^Summary: FAILED against built-in mock in \d+s\n/);
    expect(shown).toContain(
      '13 results: 7 distinct tests + 6 re-runs of them under other projects (contract-variant 6); 3 passed, 2 failed, 2 flaky, 6 skipped',
    );
    expect(shown).toMatch(/\n {2}setup +1 +0 +0 +0\n {2}contract +1 +1 +1 +3\n {2}contract-variant +1 +1 +1 +3\n/);
    expect(shown).toContain('Skipped, by reason (6):\n  4× no staging server here  (e.g. [contract] ');
    expect(shown).toContain('  2× reason naming ***  (e.g. ');
    expect(shown).toContain(`Failed (2):\n  [contract] ${at}/mini.spec.ts:9 › listRoomsForGrid answers\n`);
    expect(shown).toContain(
      '      ContractError: listRoomsForGrid: GET http://127.0.0.1:9/api/Rooms?hallId=1&note=*** → HTTP 200, body breaks the contract: ' +
        '✖ Invalid input: expected number, received string → at [0].rowNumber\n',
    );
    expect(shown).toContain(`Flaky, passed on a retry (2): [contract] ${at}/mini.spec.ts:14 › passes on its retry`);
    expect(shown).toContain(`Playwright HTML  ${at}/html-report  → npx playwright show-report ${at}/html-report\n`);
    expect(shown).toContain(`JUnit            ${at}/junit.xml\n`);
    expect(shown).toContain(`summary.json     ${at}/out/summary.json\n`);
    // The suite's own errors print it (its source holds it); the summary masks it.
    expect(shown).not.toContain(PASSWORD);
    expect(text).not.toContain(PASSWORD);
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
