// Examples for the OpenAPI export, taken from a logged-in client's target: each read-only JSON endpoint called
// with the arguments the contract tests use, discovered from that target (scripts/contracts-export.ts picks it).
import { endpoints, type EndpointId } from '../contracts/index.js';
import type { EndpointExample } from '../contracts/export.js';
import { argumentsFor } from './contract-arguments.js';
import type { Facts } from './discovery.js';
import type { HbClient } from './client.js';

/** Lists longer than this are cut in an example (a reader needs the shape, not the whole hall). */
const EXAMPLE_ITEMS = 2;

function shorten(json: unknown): unknown {
  if (Array.isArray(json)) return json.slice(0, EXAMPLE_ITEMS).map(shorten);
  if (json && typeof json === 'object') return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, shorten(v)]));
  return json;
}

/** One example per JSON endpoint that does not write (a write would change the data it shows), from `client`'s target. */
export async function examplesFrom(client: HbClient, facts: Facts): Promise<Partial<Record<EndpointId, EndpointExample>>> {
  const out: Partial<Record<EndpointId, EndpointExample>> = {};
  for (const id of Object.keys(endpoints) as EndpointId[]) {
    if (endpoints[id].writes) continue;
    const args = argumentsFor(id, facts) as { query?: Record<string, unknown>; body?: unknown };
    const { json } = await client.call(id, args as never);
    out[id] = { ...(args.query && { query: args.query }), ...(args.body !== undefined && { body: args.body }), response: shorten(json) };
  }
  return out;
}
