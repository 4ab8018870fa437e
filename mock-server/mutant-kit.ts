// The toolkit the mutant catalogue (mock-server/mutants.ts and its mutants-<area>.ts files) is
// written with: what a mutant is, and the changes to JSON answers, requests and responses it is
// made of. A mutant is a MockOverride (mock-server/context.ts) installed for the server's life.
import { mapItems, routeMatches, type BookingGridQuery, type Domain, type EndpointId, type SchedulerQuery } from '../contracts/index.js';
import type { MockContext, MockOverride } from './context.js';
import { cookiesOf, currentUser } from './routes.js';
import { cookieHeader } from '../wire/cookies.js';
import { ANTIFORGERY_COOKIE } from './session.js';

export type MutantArea = Domain | 'wire' | 'pages';

/** A deliberate regression: an override of the mock with an id and the behaviour it breaks. */
export interface Mutant extends MockOverride {
  /** Stable kebab-case id, passed as HB_MOCK_MUTANT. */
  id: string;
  area: MutantArea;
  /** The documented behaviour it breaks, and where the document says so. */
  breaks: string;
}

type Item = Record<string, unknown>;
export const isItem = (x: unknown): x is Item => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A contract schema with its fields (an object, a loose one, or one with aliases). */
type Shaped = { shape: object };
/** A list item as a mutant sees it: only the contract's field names, so a rename there fails to compile here. */
type ItemOf<S extends Shaped> = { [K in keyof S['shape']]?: unknown };
/** A query parameter of an endpoint's query schema. */
export type ParamOf<S extends Shaped> = keyof S['shape'] & string;

/** A JSON mutant of some endpoints' list items, whose fields are those of `schema`. */
export const onItems =
  <S extends Shaped>(_schema: S, ids: readonly EndpointId[], fn: (item: ItemOf<S>) => ItemOf<S>): Mutant['json'] =>
  (id, data) =>
    (ids as readonly string[]).includes(id) ? mapItems(data, fn) : data;

/** The item with one field changed. */
export const set = <T extends object>(item: T, key: keyof T, value: unknown): T => ({ ...item, [key]: value });

/** The item without these fields. */
export function without<T extends object>(item: T, ...keys: (keyof T)[]): T {
  for (const k of keys) delete item[k];
  return item;
}

/**
 * Whether a request is for a registry entry's route, or under a prefix such as `${API_PREFIX}*`
 * (`routeMatches`, the one path matcher of the mock, its faults and its mutants).
 */
export const isAt = (request: Request, route: { path: string } | string) =>
  routeMatches(typeof route === 'string' ? route : route.path, new URL(request.url).pathname);
/** A prefix pattern for `isAt`. */
export const under = (prefix: string) => `${prefix}*`;

/** The request with query parameters changed (names are case-insensitive, live notes). */
export function withQuery(request: Request, change: (params: URLSearchParams) => void): Request {
  const url = new URL(request.url);
  change(url.searchParams);
  return new Request(url, request);
}
/** Drop a query parameter of the grid or the feed, whatever the case of its name. */
export const dropParam = (params: URLSearchParams, name: ParamOf<typeof BookingGridQuery> | ParamOf<typeof SchedulerQuery>) => {
  for (const key of [...params.keys()]) if (key.toLowerCase() === name.toLowerCase()) params.delete(key);
};

/** The request with another raw body (bytes untouched elsewhere, so the filter still sees them). */
export function withRawBody(request: Request, raw: string, headers: Headers = request.headers): Request {
  return new Request(request.url, { method: request.method, headers, body: raw });
}

/** The request's headers with one cookie set (replacing any of that name). */
export function withCookie(request: Request, name: string, value: string, headers = new Headers(request.headers)): Headers {
  headers.set('cookie', cookieHeader({ ...cookiesOf(request), [name]: value }));
  return headers;
}

/** An anti-forgery cookie of the request (or a new one) and a form token valid for it. */
export function validToken(mock: MockContext, request: Request): { token: string; headers: Headers } {
  const cookie = cookiesOf(request)[ANTIFORGERY_COOKIE] ?? mock.keys.newCookieToken();
  const headers = withCookie(request, ANTIFORGERY_COOKIE, cookie);
  return { token: mock.keys.formToken(cookie, currentUser(mock, request) ?? ''), headers };
}

export const isFormPost = (request: Request) =>
  request.method === 'POST' && (request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded');

export async function rewriteHtml(response: Response | undefined, fn: (html: string) => string): Promise<Response | undefined> {
  if (!response || !(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const html = fn(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Runs the request, then puts the data back as it was: a write acknowledged but not stored. */
export const notStored =
  (matches: (request: Request) => boolean): Mutant['intercept'] =>
  async (request, next, mock) => {
    if (!matches(request)) return next(request);
    const before = structuredClone(mock.state);
    const response = await next(request);
    mock.state = before;
    return response;
  };

/** Replaces a 200 answer of one registry entry. */
export const replaceAnswer =
  (entry: { path: string }, answer: () => Response): Mutant['intercept'] =>
  async (request, next) => {
    const response = await next(request);
    return isAt(request, entry) && response?.status === 200 ? answer() : response;
  };
