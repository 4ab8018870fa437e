// `npm run contracts:export`: the registry as reports/contracts/openapi.json (OpenAPI 3.1,
// with examples from the built-in mock, `servers` from HB_BASE_URL) and one JSON Schema per
// named schema in reports/contracts/schemas/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaFiles, openApiDocument } from '../contracts/export.js';
import { loadEnvOrExit } from '../settings/env.js';
import { examplesFrom } from '../client/openapi-examples.js';
import { HbClient } from '../client/client.js';
import { discoverFacts } from '../client/discovery.js';
import { startMockServer } from '../mock-server/server.js';
import { MOCK_TEST_CUSTOMER_ID } from '../mock-server/state.js';
import { CONTRACT_REPORTS_DIR } from '../settings/paths.js';
import { displayUrl } from '../settings/paths.js';
import { AUTH_COOKIE } from '../mock-server/session.js';

const { target } = loadEnvOrExit();
const serverUrl = target.kind === 'remote' ? displayUrl(target.baseUrl) : undefined;

const openApiFile = join(CONTRACT_REPORTS_DIR, 'openapi.json');
const schemasDir = join(CONTRACT_REPORTS_DIR, 'schemas');
rmSync(schemasDir, { recursive: true, force: true });
mkdirSync(schemasDir, { recursive: true });
/** The examples of the built-in mock's hall: a fresh mock, one login. */
async function mockExamples() {
  const mock = await startMockServer();
  try {
    const { email, password } = mock.context.credentials;
    const hallId = mock.context.hallId;
    const client = new HbClient({ baseUrl: mock.url, email, password, hallId, retries: 0 });
    await client.login();
    return await examplesFrom(
      client,
      await discoverFacts(client, { baseUrl: mock.url, hallId, testCustomerId: MOCK_TEST_CUSTOMER_ID, mockServer: mock }),
    );
  } finally {
    await mock.close();
  }
}

const doc = openApiDocument({ serverUrl, sessionCookie: AUTH_COOKIE, examples: await mockExamples() });
writeFileSync(openApiFile, `${JSON.stringify(doc, null, 2)}\n`);
const files = jsonSchemaFiles();
for (const [name, schema] of Object.entries(files)) {
  writeFileSync(join(schemasDir, name), `${JSON.stringify(schema, null, 2)}\n`);
}
const servers = serverUrl ?? 'placeholder';
const count = Object.keys(files).length;
console.log(`wrote ${openApiFile} (servers: ${servers}) and ${count} JSON Schemas to ${schemasDir}`);
