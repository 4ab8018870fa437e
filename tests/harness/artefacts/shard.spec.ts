// The CI sequence of .github/workflows/hall-booking.yml, on the canary (tests/harness/canary/):
// its run wrote a blob and Allure results as a CI shard does (CI=1, --shard=1/1), and `npm run report -- --merge`
// made of them one Playwright report, one JUnit file, one reports/summary.json, one coverage.json and
// one Allure report that hold every test the canary ran. Two shards' blobs add up in
// `playwright merge-reports` itself; what is ours is the merge step, checked here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageFile } from '../../../coverage/file.js';
import { testsOf } from '../../../reporting/json-report.js';
import type { RunSummary } from '../../../reporting/summary-model.js';
import { expect, test } from './canary.fixture.js';

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

const readJson = <T>(...path: string[]): T => JSON.parse(readFileSync(join(...path), 'utf8')) as T;

test.describe('shards', () => {
  test("a shard's blob merges into one Playwright report, one JUnit file, one summary.json, one coverage.json and one Allure report", ({
    canary,
  }) => {
    const all = testsOf(canary.report).map((t) => t.spec.title);
    expect(existsSync(join(canary.reports, 'blob-report')), 'the canary wrote a blob').toBe(true);
    const [merge] = canary.merges;
    expect(merge?.status, `${merge?.stdout}\n${merge?.stderr}`).toBe(0);
    const { merged } = canary;
    expect(testcases(readFileSync(join(merged, 'junit.xml'), 'utf8')), 'the merged JUnit file holds every test').toEqual(all.sort());
    expect(existsSync(join(merged, 'playwright-report', 'index.html')), 'one merged Playwright HTML report').toBe(true);
    const allure = readJson<{ stats: { total: number } }>(merged, 'allure-report', 'summary.json');
    expect(allure.stats.total, "one Allure report from the shard's results").toBe(all.length);

    const shard = readJson<RunSummary>(canary.reports, 'summary.json');
    const run = readJson<RunSummary>(merged, 'summary.json');
    expect(run.counts, 'one summary.json with the counts of the shard').toEqual(shard.counts);
    expect(run.byProject).toEqual(shard.byProject);
    expect(run.target).toBe('built-in mock');

    const coverage = readJson<CoverageFile>(merged, 'coverage.json');
    // The shard's totals are its gate's scope (the canary's config); its counts are the whole run's.
    expect(coverage.data.hits, "one coverage.json with the shard's coverage").toEqual(
      readJson<CoverageFile>(canary.reports, 'coverage.json').data.hits,
    );
  });
});
