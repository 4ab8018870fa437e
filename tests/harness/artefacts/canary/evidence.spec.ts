// Evidence, end to end, on the canary (tests/harness/artefacts/canary/): its probe breaks one contract
// on purpose (canary/leak-file.ts, checked by ../evidence-canary.ts); the failing exchange comes first, with its verdict
// and curl line, in the Allure results and in the HTML report, and the run kept a trace. The console
// names the file that holds the whole curl line, and a passed test leaves no folder behind.
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { expect, test } from '../canary.fixture.js';
import { EVIDENCE_PROBE_TITLE, expectAllureEvidence, expectFailingExchangeText, expectHtmlEvidenceAndTrace } from '../evidence-canary.js';

test.describe('evidence on the canary', () => {
  test('a broken contract shows its failing exchange first in Allure and the HTML report, with a trace', ({ canary }) => {
    expect(canary.run.stdout, 'the probe ran and failed').toContain(EVIDENCE_PROBE_TITLE);
    expectAllureEvidence(join(canary.reports, 'allure-results'));
    expectHtmlEvidenceAndTrace(join(canary.reports, 'playwright-report'), canary.results);
  });

  test('the closing summary names the file with the whole curl line; a passed test leaves no folder', ({ canary }) => {
    const lines = canary.run.stdout.split('\n');
    const failure = lines.findIndex((l) => /^ {5}\[contract\] \S+ › /.test(l) && l.includes(EVIDENCE_PROBE_TITLE));
    expect(failure, 'the probe among the tests of a cause').toBeGreaterThan(-1);
    // Its cause's entry: `  N. cause`, the first failure's message, its evidence, then the tests.
    const entry = lines.slice(0, failure).findLastIndex((l) => /^ {2}\d+\. /.test(l));
    const path = lines
      .slice(entry, failure)
      .map((l) => /^ {5}evidence and replay \(curl\): (\S+)$/.exec(l)?.[1])
      .find(Boolean);
    expect(path, `the evidence line of the probe's cause:\n${lines.slice(entry, failure + 1).join('\n')}`).toBeDefined();
    expectFailingExchangeText(readFileSync(isAbsolute(path!) ? path! : join(canary.dir, path!), 'utf8'));
    const folders = readdirSync(canary.results, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(
      folders.filter((d) => !readdirSync(join(canary.results, d.name)).length).map((d) => d.name),
      'empty folders',
    ).toEqual([]);
    expect(
      folders.map((d) => d.name).filter((n) => n.includes('listBookingsForHallGrid-answers')),
      "a passed test's folder",
    ).toEqual([]);
    expect(
      folders.some((d) => d.name.includes('failing-exchange-first')),
      "the failed probe's folder",
    ).toBe(true);
  });
});
