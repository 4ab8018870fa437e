// The end-to-end check of the evidence, for a shared child run (the canary): its probe breaks one
// contract on purpose (canary/leak-file.ts), and the assertions on what that run left: in the Allure results
// and the HTML report the failing exchange comes first with its verdict and curl line, and a trace.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { expect } from '../../../fixtures/index.js';
import { FAILING_EXCHANGE } from '../../../reporting/report-options.js';

/** The canary's probe (canary/leak-file.ts): a typed login, then one contract broken by an override of the mock; it fails. */
export const EVIDENCE_PROBE_TITLE = 'listRoomsForGrid off contract shows its failing exchange first';

/** What the failing exchange's text must say: verdict with a field path, the replay with variables, whole. */
export function expectFailingExchangeText(text: string): void {
  expect(text).toMatch(/^GET \S+\/api\/\S+ → 200/);
  expect(text).toMatch(/contract: listRoomsForGrid: violation\n {2}✖ \$\[0\]\.\S+: /);
  expect(text).toMatch(/^curl -sS -i "\$\{HB_BASE_URL:-http:\/\/127\.0\.0\.1:\d+\}"'\/api\//m);
  expect(text).toContain('-H "Cookie: $HB_COOKIE"');
}

/** The Allure result of the probe: the failing exchange first, then the failed step of the broken call with its exchange under it. */
export function expectAllureEvidence(allureResults: string): void {
  const results = readdirSync(allureResults)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(allureResults, f), 'utf8')) as AllureResult);
  const probe = results.find((r) => r.name === EVIDENCE_PROBE_TITLE);
  expect(probe?.status, 'the probe failed').toBe('failed');
  const first = probe?.steps[0];
  expect(first?.name, 'the first step').toBe(FAILING_EXCHANGE);
  expectFailingExchangeText(readFileSync(join(allureResults, first?.attachments[0]?.source ?? ''), 'utf8'));
  const steps = (s: AllureStep[]): AllureStep[] => s.flatMap((x) => [x, ...steps(x.steps)]);
  // The failed step's title names the first broken field.
  const call = steps(probe?.steps ?? []).find(
    (s) => /^GET \/api\/\S+ → 200 \(\d+ ms\) ✖ \$\[0\]\.\w+: /.test(s.name) && s.status === 'failed',
  );
  expect(call?.statusDetails?.message, 'the failed step of the broken call').toMatch(/listRoomsForGrid: violation/);
  // Its exchange is attached under it, not at the test's end.
  const attached = [call, ...steps(call?.steps ?? [])].flatMap((s) => s?.attachments ?? []);
  expectFailingExchangeText(
    attached.map((a) => readFileSync(join(allureResults, a.source), 'utf8')).find((text) => text.includes('contract: listRoomsForGrid')) ??
      '',
  );
  expect(
    (probe?.steps ?? []).filter((s) => s.name === 'exchange'),
    "an exchange at the test's end, not under its step",
  ).toEqual([]);
  // So is the exchange of the hook after the test, under the hook's step.
  const hooks = (probe?.steps ?? []).find((s) => s.name === 'After Hooks');
  const hookCall = steps(hooks?.steps ?? []).find((s) => /^GET \/api\/\S+ → 200/.test(s.name));
  const hookAttached = [hookCall, ...steps(hookCall?.steps ?? [])].flatMap((s) => s?.attachments ?? []);
  expect(
    hookAttached.map((a) => readFileSync(join(allureResults, a.source), 'utf8')),
    'the exchange of the hook under its step',
  ).toContainEqual(expect.stringMatching(/^GET \S+\/api\/\S+ → 200/));
}

/** The HTML report holds the failing exchange among the probe's attachments; its output folder holds a trace. */
export function expectHtmlEvidenceAndTrace(htmlReportDir: string, testResultsDir: string): void {
  const html = readFileSync(join(htmlReportDir, 'index.html'), 'utf8');
  const zip = /<template id="playwrightReportBase64">data:application\/zip;base64,([A-Za-z0-9+/=]*)<\/template>/.exec(html);
  const entries = new AdmZip(Buffer.from(zip?.[1] ?? '', 'base64')).getEntries().map((e) => e.getData().toString('utf8'));
  const test = entries
    .map((e) => JSON.parse(e) as unknown)
    .find((j) => JSON.stringify(j).includes(EVIDENCE_PROBE_TITLE) && JSON.stringify(j).includes(`"${FAILING_EXCHANGE}"`));
  expect(test, `an HTML report file with the probe and its ${FAILING_EXCHANGE}`).toBeDefined();
  const traces = readdirSync(testResultsDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('trace.zip'));
  expect(traces.length, 'a trace of the failed first run').toBeGreaterThan(0);
}

interface AllureStep {
  name: string;
  status?: string;
  statusDetails?: { message?: string };
  attachments: { source: string }[];
  steps: AllureStep[];
}
interface AllureResult extends AllureStep {
  status: string;
}
