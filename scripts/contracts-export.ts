// `npm run contracts:export`: the registry as reports/contracts/openapi.json (OpenAPI 3.1,
// with examples from the built-in mock, `servers` from HB_BASE_URL) and one JSON Schema per
// named schema in reports/contracts/schemas/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsonSchemaFiles, openApiDocument } from '../contracts/export.js';
import { EnvError, loadEnv } from '../fixtures/env.js';
import { mockExamples } from '../fixtures/openapi-examples.js';
import { displayUrl } from '../fixtures/reporting.js';
import { AUTH_COOKIE } from '../mock-server/session.js';

let serverUrl: string | undefined;
try {
  const env = loadEnv();
  if (env.target.kind === 'remote') serverUrl = displayUrl(env.target.baseUrl);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const out = fileURLToPath(new URL('../reports/contracts/', import.meta.url));
const schemasDir = `${out}schemas/`;
rmSync(schemasDir, { recursive: true, force: true });
mkdirSync(schemasDir, { recursive: true });
const doc = openApiDocument({ serverUrl, sessionCookie: AUTH_COOKIE, examples: await mockExamples() });
writeFileSync(`${out}openapi.json`, `${JSON.stringify(doc, null, 2)}\n`);
const files = jsonSchemaFiles();
for (const [name, schema] of Object.entries(files)) writeFileSync(`${schemasDir}${name}`, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`wrote ${out}openapi.json (servers: ${serverUrl ?? 'placeholder'}) and ${Object.keys(files).length} JSON Schemas to ${schemasDir}`);
