// Allure's history (historyPath in allurerc.ts): two reports of the canary's results (the merge
// step, then `npm run report` on the merge's folder: tests/harness/artefacts/canary/) give a report whose trend
// holds both and whose tests carry their earlier result.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLURE_HISTORY } from '../../../reporting/report-options.js';
import { RETRIED_TITLE } from './canary/summary-file.js';
import { expect, test } from './canary.fixture.js';

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
  test("a second report shows a trend of two reports and each test's earlier result", ({ canary }) => {
    for (const [i, merge] of canary.merges.entries()) expect(merge.status, `report ${i + 1}:\n${merge.stdout}\n${merge.stderr}`).toBe(0);
    const history = join(canary.merged, ...ALLURE_HISTORY);
    expect(existsSync(history), `${history} after two reports`).toBe(true);
    expect(readFileSync(history, 'utf8').split('\n').filter(Boolean), 'one history line per report').toHaveLength(2);

    const files = embedded(readFileSync(join(canary.merged, 'allure-report', 'index.html'), 'utf8'));
    const charts = files.get('widgets/charts.json') as { general: Record<string, Chart> };
    const dynamics = Object.values(charts.general).find((c) => c.type === 'statusDynamics');
    expect(
      dynamics?.data?.map((p) => p.id),
      'the status trend: the earlier report, then this one',
    ).toHaveLength(2);
    const results = [...files].filter(([path]) => path.startsWith('data/test-results/')).map(([, r]) => r as Result);
    expect(results.length).toBeGreaterThan(0);
    // The same results were reported twice, so each test carries one earlier result with its own
    // status; the retried test's two tries may be picked in either order.
    for (const r of results)
      expect(
        r.history.map((h) => h.status),
        r.name,
      ).toEqual([r.name === RETRIED_TITLE ? expect.stringMatching(/^(passed|failed)$/) : r.status]);
    expect(results.filter((r) => r.status === 'passed').length, 'passed tests in the report').toBeGreaterThan(0);
  });
});
