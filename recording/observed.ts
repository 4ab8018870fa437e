// One answer the recorder reads (the proxy hands it every exchange before masking), and the
// contract parse of a JSON answer: only what passes the registry's schema is kept.
import { endpoints, queryFromSearchParams, type EndpointId } from '../contracts/index.js';

export interface ObservedExchange {
  /** Registry id, or `(unknown)`. */
  endpointId: string;
  method: string;
  /** The target URL, query included. */
  url: string;
  status?: number;
  responseHeaders: Record<string, string>;
  responseBody?: string;
}

/** A JSON endpoint's 200 answer that satisfies its contract, with its query read case-insensitively; null otherwise. */
export function contractAnswer(x: ObservedExchange): { id: EndpointId; query: Record<string, string>; data: unknown } | null {
  const endpoint = (endpoints as Record<string, (typeof endpoints)[EndpointId]>)[x.endpointId];
  if (!endpoint || x.status !== 200 || x.responseBody === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(x.responseBody);
  } catch {
    return null;
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) return null;
  const query = queryFromSearchParams(endpoint, new URL(x.url).searchParams);
  return { id: endpoint.id, query, data: parsed.data };
}

/** The path of a redirect's `Location`, or null when the answer is no redirect. */
export function redirectPath(x: ObservedExchange): string | null {
  const location = x.responseHeaders.location ?? x.responseHeaders.Location;
  if (!x.status || x.status < 300 || x.status >= 400 || !location) return null;
  return new URL(location, x.url).pathname;
}

/** A record field of an unspecified body, read leniently: either spelling of an id, a name. */
export function looseItem(value: unknown): { id: number; name: string; rest: Record<string, unknown> } | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  const id = r.Id ?? r.ID ?? r.id;
  const name = r.Name ?? r.name;
  return typeof id === 'number' && typeof name === 'string' ? { id, name, rest: r } : null;
}
