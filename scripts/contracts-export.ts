// `npm run contracts:export`: the registry as reports/contracts/openapi.json (OpenAPI 3.1) and one JSON Schema per named
// schema in reports/contracts/schemas/. The document is the target's: exported with HB_BASE_URL set, its `servers`, its
// examples (ids included) and its session cookies' names are that server's; without it, a fresh built-in mock's.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaFiles, openApiDocument } from '../contracts/export.js';
import { loadEnvOrExit } from '../settings/env.js';
import { exportedFrom } from '../client/openapi-examples.js';
import { HbClient } from '../client/client.js';
import { openTarget } from '../fixtures/target.js';
import { CONTRACT_REPORTS_DIR, displayUrl } from '../settings/paths.js';

const env = loadEnvOrExit();
const serverUrl = env.target.kind === 'remote' ? displayUrl(env.target.baseUrl) : undefined;

const openApiFile = join(CONTRACT_REPORTS_DIR, 'openapi.json');
const schemasDir = join(CONTRACT_REPORTS_DIR, 'schemas');
rmSync(schemasDir, { recursive: true, force: true });
mkdirSync(schemasDir, { recursive: true });

/** The target's examples and session cookies (client/openapi-examples.ts). */
async function fromTarget() {
  const target = await openTarget(env);
  try {
    const exported = await exportedFrom(HbClient.of(target, { maxConcurrency: 4, retries: 0 }), target);
    for (const line of exported.skipped) console.warn(`no example: ${line}`);
    return exported;
  } finally {
    await target.mockServer?.close();
  }
}

const { examples, sessionCookies } = await fromTarget();
const doc = openApiDocument({ serverUrl, sessionCookies, examples, examplesFrom: serverUrl ?? 'the built-in mock' });
writeFileSync(openApiFile, `${JSON.stringify(doc, null, 2)}\n`);
const files = jsonSchemaFiles();
for (const [name, schema] of Object.entries(files)) {
  writeFileSync(join(schemasDir, name), `${JSON.stringify(schema, null, 2)}\n`);
}
const count = Object.keys(files).length;
console.log(
  `wrote ${openApiFile} (servers: ${serverUrl ?? 'placeholder'}; examples and session cookies ${sessionCookies.join(', ')} ` +
    `of ${serverUrl ?? 'a built-in mock'}) and ${count} JSON Schemas to ${schemasDir}`,
);
