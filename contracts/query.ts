// Reading a request's query string against an endpoint's query schema, as the service binds it.
import { z } from 'zod';
import type { JsonEndpoint } from './entries.js';

/** Query schema's declared parameter names, for case-insensitive lookup on the server side. */
function queryKeys(endpoint: JsonEndpoint): string[] {
  const q = endpoint.query;
  return q instanceof z.ZodObject ? Object.keys(q.shape) : [];
}

/** Read a query string case-insensitively (live notes: query names are case-insensitive). */
export function queryFromSearchParams(endpoint: JsonEndpoint, params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  const byLower = new Map<string, string>();
  for (const [k, v] of params) byLower.set(k.toLowerCase(), v);
  for (const key of queryKeys(endpoint)) {
    const v = byLower.get(key.toLowerCase());
    if (v !== undefined) out[key] = v;
  }
  return out;
}
