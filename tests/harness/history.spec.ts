// Allure's history (historyPath in allurerc.ts): two `npm run report`s after two runs give a
// report whose trend holds both runs and whose tests carry their earlier result. Offline only.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../fixtures/index.js';
import { childEnv, runNode, runPlaywright, tempDir } from '../../fixtures/child-run.js';
import { ALLURE_HISTORY } from '../../fixtures/reporting.js';

test.beforeEach(({ target }) => {
  test.skip(!target.mock, 'the child runs start their own mocks; the target is a remote server');
});

/** The files a single-file Allure report embeds (`d("<path>","<base64>")`), parsed. */
function embedded(html: string): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const m of html.matchAll(/d\("([^"]+\.json)","([A-Za-z0-9+/=]+)"\)/g)) {
    files.set(m[1]!, JSON.parse(Buffer.from(m[2]!, 'base64').toString('utf8')));
  }
  return files;
}

type Chart = { type: string; data?: { id: string; timestamp: number }[] };
type Result = { name: string; status: string; history: { status: string }[] };

test.describe('report history', () => {
  test("a second run and report show a trend of two runs and each test's earlier result", async () => {
    test.setTimeout(300_000);
    const dir = tempDir('history');
    const env = childEnv({ HB_REPORTS_DIR: join(dir, 'reports'), HB_STORAGE_STATE: join(dir, 'state.json') });
    const history = join(dir, 'reports', ...ALLURE_HISTORY);
    for (const round of [1, 2]) {
      const run = await runPlaywright(['test', '--project=harness', 'tests/harness/registry.spec.ts'], env);
      expect(run.status, `run ${round}:\n${run.stdout}\n${run.stderr}`).toBe(0);
      const report = await runNode('node_modules/tsx/dist/cli.mjs', ['scripts/report.ts'], env);
      expect(report.status, `report ${round}:\n${report.stdout}\n${report.stderr}`).toBe(0);
      expect(existsSync(history), `${history} after report ${round}`).toBe(true);
      expect(readFileSync(history, 'utf8').split('\n').filter(Boolean), 'one history line per report').toHaveLength(round);
    }
    const files = embedded(readFileSync(join(dir, 'reports', 'allure-report', 'index.html'), 'utf8'));
    const charts = files.get('widgets/charts.json') as { general: Record<string, Chart> };
    const dynamics = Object.values(charts.general).find((c) => c.type === 'statusDynamics');
    expect(
      dynamics?.data?.map((p) => p.id),
      'the status trend: the earlier run, then this one',
    ).toHaveLength(2);
    const results = [...files].filter(([path]) => path.startsWith('data/test-results/')).map(([, r]) => r as Result);
    expect(results.length).toBeGreaterThan(0);
    // The same tests ran twice, so each carries one earlier result with its own status (a test that
    // skips where ../shared is absent skips both times).
    for (const r of results)
      expect(
        r.history.map((h) => h.status),
        r.name,
      ).toEqual([r.status]);
    expect(results.filter((r) => r.status === 'passed').length, 'passed tests in the report').toBeGreaterThan(0);
  });
});
