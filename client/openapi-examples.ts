// Examples for the OpenAPI export, taken from a logged-in client's target: each read-only JSON endpoint called
// with the arguments the contract tests use, discovered from that target, and the names of its session cookies
// (scripts/contracts-export.ts picks the target).
import { endpoints, type EndpointId } from '../contracts/index.js';
import type { EndpointExample } from '../contracts/export.js';
import { argumentsFor } from './contract-arguments.js';
import { discoverFacts, MissingFact, type Facts, type FactsTarget } from './discovery.js';
import type { HbClient } from './client.js';
import { HbError } from './errors.js';
import { isAntiForgeryCookie } from './login-verdict.js';

/** Lists longer than this are cut in an example (a reader needs the shape, not the whole hall). */
const EXAMPLE_ITEMS = 2;

function shorten(json: unknown): unknown {
  if (Array.isArray(json)) return json.slice(0, EXAMPLE_ITEMS).map(shorten);
  if (json && typeof json === 'object') return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, shorten(v)]));
  return json;
}

/**
 * One example per JSON endpoint that does not write (a write would change the data it shows), from `client`'s target;
 * an endpoint whose arguments the target's facts cannot give, or whose answer breaks its contract, is skipped, with why.
 */
async function examplesFrom(
  client: HbClient,
  facts: Facts,
): Promise<{ examples: Partial<Record<EndpointId, EndpointExample>>; skipped: string[] }> {
  const examples: Partial<Record<EndpointId, EndpointExample>> = {};
  const skipped: string[] = [];
  for (const id of Object.keys(endpoints) as EndpointId[]) {
    if (endpoints[id].writes) continue;
    let args: { query?: Record<string, unknown>; body?: unknown };
    try {
      args = argumentsFor(id, facts);
    } catch (error) {
      if (!(error instanceof MissingFact)) throw error;
      skipped.push(`${id}: ${error.message}`);
      continue;
    }
    // An answer off its contract is no example (a staging with a regression still gets its document).
    const answer = await client.call(id, args as never).catch((error: unknown) => {
      if (!(error instanceof HbError)) throw error;
      skipped.push(`${id}: ${error.message.split('\n')[0]}`);
    });
    if (!answer) continue;
    const { json } = answer;
    examples[id] = {
      ...(args.query && { query: args.query }),
      ...(args.body !== undefined && { body: args.body }),
      response: shorten(json),
    };
  }
  return { examples, skipped };
}

/**
 * What an export takes from its target: the examples of `client`'s target (reads only; see {@link examplesFrom}) and the
 * names of the cookies its login sets, the anti-forgery cookie left out. Logs `client` in.
 */
export async function exportedFrom(client: HbClient, target: FactsTarget) {
  await client.login();
  const { cookies } = await client.toStorageState();
  const sessionCookies = cookies.map((c) => c.name).filter((name) => !isAntiForgeryCookie(name));
  return { ...(await examplesFrom(client, await discoverFacts(client, target))), sessionCookies };
}
