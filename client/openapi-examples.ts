// Examples for the OpenAPI export, taken from the built-in mock's data: a fresh mock, one
// login, and each read-only JSON endpoint called with the arguments the contract tests use.
import { endpoints, type EndpointId } from '../contracts/index.js';
import type { EndpointExample } from '../contracts/export.js';
import { startMockServer } from '../mock-server/server.js';
import { MOCK_TEST_CUSTOMER_ID } from '../mock-server/state.js';
import { argumentsFor } from './contract-arguments.js';
import { discoverFacts } from './discovery.js';
import { HbClient } from './client.js';

/** Lists longer than this are cut in an example (a reader needs the shape, not the whole hall). */
const EXAMPLE_ITEMS = 2;

function shorten(json: unknown): unknown {
  if (Array.isArray(json)) return json.slice(0, EXAMPLE_ITEMS).map(shorten);
  if (json && typeof json === 'object') return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, shorten(v)]));
  return json;
}

/** One example per JSON endpoint that does not write (a write would change the data it shows). */
export async function mockExamples(): Promise<Partial<Record<EndpointId, EndpointExample>>> {
  const mock = await startMockServer();
  try {
    const { email, password } = mock.context.credentials;
    const hallId = mock.context.hallId;
    const client = new HbClient({ baseUrl: mock.url, email, password, hallId, retries: 0 });
    await client.login();
    const facts = await discoverFacts(client, { baseUrl: mock.url, hallId, testCustomerId: MOCK_TEST_CUSTOMER_ID, mockServer: mock });
    const out: Partial<Record<EndpointId, EndpointExample>> = {};
    for (const id of Object.keys(endpoints) as EndpointId[]) {
      if (endpoints[id].writes) continue;
      const args = argumentsFor(id, facts) as { query?: Record<string, unknown>; body?: unknown };
      const { json } = await client.call(id, args as never);
      out[id] = { ...(args.query && { query: args.query }), ...(args.body !== undefined && { body: args.body }), response: shorten(json) };
    }
    return out;
  } finally {
    await mock.close();
  }
}
