// `npm run contracts:export`: the registry as reports/contracts/openapi.json (OpenAPI 3.1) and one JSON Schema per named
// schema in reports/contracts/schemas/. The document is the target's: exported with HB_BASE_URL set, its `servers`, its
// examples (ids included) and its session cookies' names are that server's; without it, a fresh built-in mock's.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaFiles, openApiDocument } from '../contracts/export.js';
import { loadEnvOrExit } from '../settings/env.js';
import { exportedFrom } from '../client/openapi-examples.js';
import { HbClient } from '../client/client.js';
import { redact } from '../client/secrets.js';
import { openTarget, type TargetInfo } from '../fixtures/target.js';
import { CONTRACT_REPORTS_DIR, displayUrl } from '../settings/paths.js';

/**
 * Write the document of `target` (`serverUrl` names it in `servers`; absent for a mock) and the JSON Schemas into
 * `dir`; returns a line saying what was written. An endpoint without an example is named on the console.
 */
export async function writeContracts(target: TargetInfo, serverUrl: string | undefined, dir = CONTRACT_REPORTS_DIR): Promise<string> {
  const exported = await exportedFrom(HbClient.of(target, { maxConcurrency: 4, retries: 0 }), target);
  for (const line of exported.skipped) console.warn(`no example: ${line}`);
  const { examples, sessionCookies } = exported;
  const openApiFile = join(dir, 'openapi.json');
  const schemasDir = join(dir, 'schemas');
  rmSync(schemasDir, { recursive: true, force: true });
  mkdirSync(schemasDir, { recursive: true });
  const doc = openApiDocument({ serverUrl, sessionCookies, examples, examplesFrom: serverUrl ?? 'the built-in mock' });
  // Examples are the target's answers: no password, cookie value or token of the session reaches the file.
  writeFileSync(openApiFile, `${redact(JSON.stringify(doc, null, 2))}\n`);
  const files = jsonSchemaFiles();
  for (const [name, schema] of Object.entries(files)) writeFileSync(join(schemasDir, name), `${JSON.stringify(schema, null, 2)}\n`);
  return (
    `wrote ${openApiFile} (servers: ${serverUrl ?? 'placeholder'}; examples and session cookies ${sessionCookies.join(', ')} ` +
    `of ${serverUrl ?? 'a built-in mock'}) and ${Object.keys(files).length} JSON Schemas to ${schemasDir}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = loadEnvOrExit();
  const target = await openTarget(env);
  try {
    console.log(await writeContracts(target, env.target.kind === 'remote' ? displayUrl(env.target.baseUrl) : undefined));
  } finally {
    await target.mockServer?.close();
  }
}
