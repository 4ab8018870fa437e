// Evidence, end to end, on the canary (tests/harness/canary/): its evidence file breaks one contract
// on purpose (tests/harness/evidence-canary.ts); the failing exchange comes first, with its verdict
// and curl line, in the Allure results and in the HTML report, and the run kept a trace.
import { join } from 'node:path';
import { expect, test } from '../canary.fixture.js';
import { EVIDENCE_PROBE_TITLE, expectAllureEvidence, expectHtmlEvidenceAndTrace } from '../evidence-canary.js';

test.describe('evidence on the canary', () => {
  test('a broken contract shows its failing exchange first in Allure and the HTML report, with a trace', ({ canary }) => {
    expect(canary.run.stdout, 'the probe ran and failed').toContain(EVIDENCE_PROBE_TITLE);
    expectAllureEvidence(join(canary.reports, 'allure-results'));
    expectHtmlEvidenceAndTrace(join(canary.reports, 'playwright-report'), canary.results);
  });
});
