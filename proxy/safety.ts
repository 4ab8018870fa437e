// The proxy's production guard (HB_PROTECTED_HOSTS, compared by address by settings/same-machine.ts
// as for the suite): no write reaches a protected host unless the person passed --allow-writes.
import { pages, registry, routeMatches, type RegistryEntry } from '../contracts/index.js';

export interface WriteGuard {
  /** Hosts never written to (HB_PROTECTED_HOSTS): `host` or `host:port`. */
  protectedHosts: readonly string[];
  /** `--allow-writes`. */
  allowWrites: boolean;
}

/** Methods that change nothing (RFC 9110 §9.2.1); TRACE is left out: the service has no use for it. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A registry route matched as the service routes it: case, escapes, an id from the query. */
const reaches = (entry: RegistryEntry, target: string) => routeMatches(entry.path, target, { idOptional: true });

/**
 * Why this request must not reach the target, or null when it may. `protectedWhy` is why the target
 * is protected (settings/same-machine.ts, resolved once at start), null when it is not. A write is any method but GET,
 * HEAD and OPTIONS, except the login post (it creates no data, the registry says so, and nothing
 * can be read without it), and any request to a GET registry entry with `writes: true`
 * (GenerateAccessPIN, Delete, …; live notes), whatever its method: an MVC action without a verb
 * attribute runs for HEAD too. `requestTarget` is the path and query as the client sent it.
 */
export function refusal(method: string, requestTarget: string, protectedWhy: string | null, guard: WriteGuard): string | null {
  if (guard.allowWrites || protectedWhy === null) return null;
  const m = method.toUpperCase();
  const getWrite = registry.find((entry) => entry.writes && entry.method === 'GET' && reaches(entry, requestTarget));
  const login = m === pages.submitLoginForm.method && routeMatches(pages.submitLoginForm.path, requestTarget);
  if (!getWrite && (SAFE_METHODS.has(m) || login)) return null;
  const route = getWrite ?? registry.find((entry) => entry.method === m && reaches(entry, requestTarget));
  const what = route ? `${route.id} (${route.method} ${route.path})` : `${m} to ${requestTarget.split('?', 1)[0]}`;
  return (
    `hb-proxy refused to forward ${what}: it writes, and ${protectedWhy}. ` + 'Restart the proxy with --allow-writes to forward writes.'
  );
}
