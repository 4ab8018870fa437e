// The CI sequence of .github/workflows/hall-booking.yml, locally: a small subset run as
// two shards (CI=1: blob and Allure results per shard, each in its own reports folder as
// on its own machine), then `npm run report -- --merge` makes one Playwright report, one
// JUnit file, one reports/summary.json and one Allure report that hold every test of both shards. Offline only.
import { cpSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../fixtures/index.js';
import { childEnv, runNode, runPlaywright, tempDir } from '../../fixtures/child-run.js';
import type { RunSummary } from '../../fixtures/summary-reporter.js';

test.beforeEach(({ target }) => {
  test.skip(!target.mock, 'the shard runs start their own mocks; the target is a remote server');
});

const SUBSET = ['--project=harness', '--fully-parallel', 'tests/harness/mock-server.spec.ts', 'tests/harness/registry.spec.ts'];
const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&apos;': "'" };
/** Test titles (the last part of each name) in a JUnit file. */
const testcases = (junit: string) =>
  [...junit.matchAll(/<testcase name="([^"]*)"/g)]
    .map((m) =>
      (m[1] ?? '')
        .replace(/&\w+;/g, (e) => XML_ENTITIES[e] ?? e)
        .split(' › ')
        .at(-1),
    )
    .sort();

test.describe('shards', () => {
  test('two shards merge into one Playwright report, one JUnit file, one summary.json and one Allure report', async () => {
    test.setTimeout(480_000);
    const dir = tempDir('shards');
    const base = { CI: '1', HB_STORAGE_STATE: join(dir, 'state.json') };

    // Even a listing ends with the reporters' onEnd (Allure records unrun tests as skipped): keep it out of reports/.
    const listed = await runPlaywright(['test', '--list', ...SUBSET], childEnv({ ...base, HB_REPORTS_DIR: join(dir, 'listing') }));
    const all = [...listed.stdout.matchAll(/› (.+)$/gm)].map((m) => (m[1] ?? '').split(' › ').at(-1)).sort();
    expect(all.length, listed.stdout + listed.stderr).toBeGreaterThan(4);

    const shardCounts: number[] = [];
    for (const shard of [1, 2]) {
      const reports = join(dir, `machine-${shard}`, 'reports');
      const run = await runPlaywright(
        ['test', `--shard=${shard}/2`, '--output', join(dir, `machine-${shard}`, 'test-results'), ...SUBSET],
        childEnv({ ...base, HB_REPORTS_DIR: reports }),
      );
      expect(run.status, `shard ${shard}/2:\n${run.stdout}\n${run.stderr}`).toBe(0);
      expect(existsSync(join(reports, 'blob-report')), `shard ${shard} wrote a blob`).toBe(true);
      shardCounts.push(testcases(readFileSync(join(reports, 'junit.xml'), 'utf8')).length);
      // What the workflow uploads per shard, downloaded side by side by the report job.
      cpSync(join(reports, 'blob-report'), join(dir, 'shards', `shard-${shard}`, 'blob-report'), { recursive: true });
      cpSync(join(reports, 'allure-results'), join(dir, 'shards', `shard-${shard}`, 'allure-results'), { recursive: true });
    }
    expect(
      shardCounts.every((n) => n > 0),
      `tests per shard: ${shardCounts.join(', ')}`,
    ).toBe(true);

    const merged = join(dir, 'merged');
    const report = await runNode(
      'node_modules/tsx/dist/cli.mjs',
      ['scripts/report.ts', '--merge', join(dir, 'shards')],
      childEnv({ HB_REPORTS_DIR: merged }),
    );
    expect(report.status, `${report.stdout}\n${report.stderr}`).toBe(0);

    expect(testcases(readFileSync(join(merged, 'junit.xml'), 'utf8')), 'the merged JUnit file holds every test of both shards').toEqual(
      all,
    );
    expect(existsSync(join(merged, 'playwright-report', 'index.html')), 'one merged Playwright HTML report').toBe(true);
    const summary = JSON.parse(readFileSync(join(merged, 'allure-report', 'summary.json'), 'utf8')) as { stats: { total: number } };
    expect(summary.stats.total, "one Allure report from both shards' results").toBe(all.length);
    expect(existsSync(join(merged, 'allure-report', 'index.html'))).toBe(true);
    const run = JSON.parse(readFileSync(join(merged, 'summary.json'), 'utf8')) as RunSummary;
    // A registry check skips where ../shared is absent: every test passed or skipped, none failed.
    expect(run.counts, 'one summary.json from both shards').toMatchObject({ total: all.length, failed: 0 });
    expect(run.counts.passed + run.counts.skipped, 'passed and skipped make the total').toBe(all.length);
    expect(run.counts.passed, 'passed tests').toBeGreaterThan(0);
    expect(run.byProject.harness?.total).toBe(all.length);
    expect(run.target).toBe('built-in mock');
  });
});
