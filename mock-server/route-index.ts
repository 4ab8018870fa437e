// Which msw handlers a request may reach: a loose, case-insensitive pre-match on method and
// path, worked out once per (method, path) and remembered, so msw's exact matching runs only on
// the handlers a route needs.
import type { RequestHandler } from 'msw';
import { routeMatches } from '../contracts/index.js';

/** Distinct (method, path) pairs remembered; paths carry ids, so the map is emptied past this. */
const MAX_ROUTES = 2000;

/**
 * The handlers that may answer a request to `method` and `pathname`, in their order. `needed`
 * drops handlers a method never needs (the request filter reads POST bodies only).
 */
export function routeIndex(
  handlers: RequestHandler[],
  needed: (handler: RequestHandler, method: string) => boolean = () => true,
): (method: string, pathname: string) => RequestHandler[] {
  const loose = handlers.map((handler) => {
    const { method, path } = (handler as { info: { method?: unknown; path?: unknown } }).info;
    // msw's own `:param` patterns, matched by the one path matcher as msw will: the path as received.
    const route = typeof path === 'string' && path.startsWith('/') ? path : null;
    const methodOk = (m: string) => (method instanceof RegExp ? method.test(m) : typeof method !== 'string' || method === m);
    return { handler, matches: (m: string, p: string) => methodOk(m) && (!route || routeMatches(route, p, { raw: true })) };
  });
  const known = new Map<string, RequestHandler[]>();
  return (method, pathname) => {
    const key = `${method} ${pathname.toLowerCase()}`;
    let found = known.get(key);
    if (!found) {
      found = loose.filter((x) => x.matches(method, pathname) && needed(x.handler, method)).map((x) => x.handler);
      if (known.size >= MAX_ROUTES) known.clear();
      known.set(key, found);
    }
    return found;
  };
}
