// The one host check of every request a client makes (the suite's Node client, the browser, Playwright's
// `request`, the proxy): a write is refused when its destination is a protected host (HB_PROTECTED_HOSTS,
// compared by address: settings/same-machine.ts), whatever route it took there, a redirect included.
import { pages, registry, routeMatches, type RegistryEntry } from '../contracts/index.js';
import { protectedHostList } from './protected-hosts.js';
import { guardVerdict, type Lookup } from './same-machine.js';

/** Methods that change nothing (RFC 9110 §9.2.1); TRACE is left out: the service has no use for it. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A registry route matched as the service routes it: case, escapes, an id from the query. */
const reaches = (entry: RegistryEntry, target: string) => routeMatches(entry.path, target, { idOptional: true });

/** A request's path and query, from a URL or as the client sent it. */
const requestTarget = (url: string | URL): string => {
  if (typeof url === 'string' && url.startsWith('/')) return url;
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/**
 * The registry route a request writes through, `(unknown)` for a write the registry does not know, or undefined when
 * it changes nothing. A write is any method but GET, HEAD and OPTIONS, except the login post (it creates no data, the
 * registry says so, and nothing can be read without it), and any request to a GET registry entry with `writes: true`
 * (GenerateAccessPIN, Delete, …; live notes), whatever its method: an MVC action without a verb attribute runs for HEAD too.
 */
export function writeRoute(method: string, url: string | URL): RegistryEntry | '(unknown)' | undefined {
  const m = method.toUpperCase();
  const target = requestTarget(url);
  const getWrite = registry.find((entry) => entry.writes && entry.method === 'GET' && reaches(entry, target));
  if (getWrite) return getWrite;
  if (SAFE_METHODS.has(m) || (m === pages.submitLoginForm.method && routeMatches(pages.submitLoginForm.path, target))) return undefined;
  return registry.find((entry) => entry.method === m && reaches(entry, target)) ?? '(unknown)';
}

/** `createBooking (POST /Admin/Bookings/Create)`, or `POST to /Some/Path` for a write the registry does not know. */
export function writeName(method: string, url: string | URL): string {
  const route = writeRoute(method, url);
  return route && route !== '(unknown)'
    ? `${route.id} (${route.method} ${route.path})`
    : `${method.toUpperCase()} to ${requestTarget(url).split('?', 1)[0]}`;
}

/**
 * Why a request must not go, or null: a write to a protected host. Each origin is compared once (its verdict kept for
 * the life of the guard); reads always go.
 */
export class RequestGuard {
  private readonly verdicts = new Map<string, Promise<string | null>>();

  constructor(
    readonly protectedHosts: readonly string[],
    private readonly lookup?: Lookup,
  ) {}

  /** Why a write to `url`'s origin is refused, or null (the origin's verdict, resolved once). */
  whyProtected(url: string | URL): Promise<string | null> {
    const origin = new URL(url).origin;
    let verdict = this.verdicts.get(origin);
    if (!verdict) {
      verdict = this.protectedHosts.length
        ? guardVerdict(origin, this.protectedHosts, this.lookup).then((v) => v.why)
        : Promise.resolve(null);
      this.verdicts.set(origin, verdict);
    }
    return verdict;
  }

  /** Why this request must not go (a write to a protected host), or null. */
  async refusal(method: string, url: string | URL): Promise<string | null> {
    if (!this.protectedHosts.length || !writeRoute(method, url)) return null;
    const why = await this.whyProtected(url);
    return why && `${writeName(method, url)} to ${new URL(url).origin} refused: it writes, and ${why}`;
  }
}

let guard: RequestGuard | undefined;

/**
 * The run's guard, from HB_PROTECTED_HOSTS (a bad list stops every entry point before this is asked, in one line:
 * settings/env.ts; here it throws): one per process, each origin compared once.
 */
export function runGuard(): RequestGuard {
  guard ??= new RequestGuard(protectedHostList(process.env.HB_PROTECTED_HOSTS));
  return guard;
}
