// `npm run contracts:prism`: Prism's validating proxy (a standard OpenAPI tool) started from reports/contracts/openapi.json
// (`npm run contracts:export` writes it) between the wire client and HB_BASE_URL, or a built-in mock without it: every
// read-only JSON endpoint called through it. Exits 1 naming each answer Prism found off the document.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnvOrExit } from '../settings/env.js';
import { CONTRACT_REPORTS_DIR, displayUrl, shownPath } from '../settings/paths.js';
import { openTarget } from '../fixtures/target.js';
import { checkThroughPrism } from '../prism/through-prism.js';

const env = loadEnvOrExit();
const document = join(CONTRACT_REPORTS_DIR, 'openapi.json');
if (!existsSync(document)) {
  console.error(`${shownPath(document)} is not there: run npm run contracts:export first (against the same target)`);
  process.exit(2);
}
const target = await openTarget(env);
try {
  const where = target.mockServer ? 'a built-in mock' : displayUrl(target.baseUrl);
  const check = await checkThroughPrism(target, document);
  console.log(`Prism's validating proxy from ${shownPath(document)} in front of ${where}: ${check.called} read-only JSON endpoints called`);
  for (const line of check.skipped) console.log(`  not called: ${line}`);
  for (const line of check.refused) console.log(`  ✖ ${line}`);
  if (check.violations.length) console.log(`Prism's log of them:\n${check.violations.map((l) => `  ${l}`).join('\n')}`);
  console.log(check.refused.length ? `${check.refused.length} answer(s) off the document` : 'no answer off the document');
  process.exitCode = check.refused.length ? 1 : 0;
} finally {
  await target.mockServer?.close();
}
