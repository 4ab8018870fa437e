// The one path matcher: how a request's path is read as the service routes it, and whether it
// is a registry route (`{placeholder}` segments, or msw's `:placeholder`), a `*` prefix or neither.
// The mock's routing, faults and mutants, the proxy and the coverage count all match with it.

/** Where JSON endpoints live (interface doc, "Endpoints": JSON endpoints under `/api/`). */
export const API_PREFIX = '/api/';
/** Where the admin pages and forms live (interface doc, "Endpoints"). */
export const ADMIN_PREFIX = '/Admin/';

/** One escape or a run of them: `%XX` (UTF-8 bytes) and IIS's `%uXXXX`. */
const ESCAPES = /(?:%[0-9a-f]{2})+|%u[0-9a-f]{4}/gi;
const unescapeRun = (run: string): string => {
  if (/^%u/i.test(run)) return String.fromCharCode(parseInt(run.slice(2), 16));
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
};

/**
 * A request target's path as the service routes it (IIS/http.sys canonicalise before ASP.NET
 * routing): query and fragment dropped, escapes decoded once, `\` read as `/`, empty and `.`
 * segments dropped, `..` resolved. `/Admin/Bookings/Delet%65/1008` is `/Admin/Bookings/Delete/1008`.
 * Takes a path, a path and query, or an absolute URL; case is kept (routes compare without it).
 */
function serverPath(target: string): string {
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*/i, '').split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  for (const segment of path.replace(ESCAPES, unescapeRun).split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}${segments.length && /[/\\]$/.test(path) ? '/' : ''}`;
}

/** A URL's path (absolute, or path and query) as the service routes it, lower-cased: paths are case-insensitive (live notes). */
export const pathKey = (url: string): string => {
  let path: string;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    path = url.split(/[?#]/, 1)[0] ?? ''; // no URL (a malformed Location): its path as written
  }
  return serverPath(path).toLowerCase();
};

/** A placeholder segment: `{name}` as the interface document writes it, `:name` as msw does. */
const PLACEHOLDER = /\{\w+\}|(?<=\/):\w+/;

/**
 * A route as a pattern: placeholders match one segment, case-insensitive (live notes), query not
 * included, a trailing `/` allowed; a trailing `*` makes it a prefix (`/api/*`, as faults and mutants write it).
 */
export const routePattern = (path: string): RegExp => {
  const bare = path.split('?', 1)[0] as string;
  const prefix = bare.endsWith('*');
  const parts = (prefix ? bare.slice(0, -1) : bare)
    .split(new RegExp(PLACEHOLDER, 'g'))
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}${prefix ? '' : '/?$'}`, 'i');
};

const compiledRoutes = new Map<string, RegExp>();
const compiled = (source: string): RegExp => {
  let re = compiledRoutes.get(source);
  if (!re) compiledRoutes.set(source, (re = routePattern(source)));
  return re;
};

/**
 * Whether a request's path matches a route or a `*` prefix (`routePattern`), read as the service
 * routes it (`serverPath`: escapes decoded, dot segments resolved; no case). Patterns are compiled once.
 * `idOptional`: a trailing `{placeholder}` may be absent, as MVC's `{controller}/{action}/{id}`
 * route then binds the id from the query string or the form (`/Admin/Bookings/Delete?id=1005`).
 * `raw`: the path is matched as given, not canonicalised (msw's own matching, which the mock's route index mirrors).
 */
export function routeMatches(pattern: string, path: string, { idOptional = false, raw = false } = {}): boolean {
  const routed = raw ? path : serverPath(path);
  const sources = idOptional ? [pattern, pattern.replace(/\/\{\w+\}$/, '')] : [pattern];
  return sources.some((source) => compiled(source).test(routed));
}

/** Fill the `{placeholders}` of a route; `label` names the route in the error for a missing one. */
export function fillPath(path: string, params: Record<string, string | number>, label = path): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${label}: path parameter {${name}} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** msw path pattern of a route: lower-cased (the mock's bridge lower-cases request paths), `{x}` → `:x`. */
export const mswPath = (path: string): string => path.toLowerCase().replace(/\{(\w+)\}/g, ':$1');
