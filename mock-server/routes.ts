// Turns registry entries into msw handlers: method and path come from the contract,
// every query and body is parsed with the contract's schema, and every JSON answer is
// checked against the contract before it is sent, so the mock cannot drift silently.
import { asRecorded } from './recorded-wire.js';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  LOGIN_PATH,
  PUBLIC_ON_LIVE,
  TOKEN_FIELD,
  TOKEN_HEADER,
  mswPath,
  queryFromSearchParams,
  type JsonEndpoint,
  type PageRoute,
} from '../contracts/index.js';
import type { MockContext } from './context.js';
import { bindQuery, readForm, routeInt } from './binding.js';
import { layout } from './html/layout.js';
import { jsonAnswer } from './json-answer.js';
import { parseCookieHeader } from '../wire/cookies.js';
import { ANTIFORGERY_COOKIE, AUTH_COOKIE } from './session.js';

export const cookiesOf = (request: Request) => parseCookieHeader(request.headers.get('cookie'));

/** The session's id of the request's ticket, if it carries a valid one. */
export const sessionId = (mock: MockContext, request: Request): string | undefined =>
  mock.keys.readTicket(cookiesOf(request)[AUTH_COOKIE])?.sid;

/** The signed-in user, or null when the ticket is missing, forged, from an expired epoch or of an ended session. */
export function currentUser(mock: MockContext, request: Request): string | null {
  const ticket = mock.keys.readTicket(cookiesOf(request)[AUTH_COOKIE]);
  return ticket && ticket.epoch >= mock.oldestValidEpoch && !mock.revoked.has(ticket.sid) ? ticket.user : null;
}

/** The original (not lower-cased) path and query the client asked for. */
const originalTarget = (request: Request): string => {
  const u = new URL(request.url);
  return (request.headers.get('x-mock-original-path') ?? u.pathname) + u.search;
};

/** Interface doc, Errors: an absent or expired session on a protected endpoint redirects to login. */
export const loginRedirect = (request: Request): Response =>
  new HttpResponse(null, {
    status: 302,
    headers: { Location: `${LOGIN_PATH}?ReturnUrl=${encodeURIComponent(originalTarget(request))}` },
  });

/** The service's error page is recognised by its text (live notes); its status is 404 here. */
export const notFoundPage = (): Response =>
  HttpResponse.html(layout({ title: 'Not found', body: '<h1>Page Not Found!</h1>' }), { status: 404 });

const badRequest = (message: string): Response => HttpResponse.json({ Message: message }, { status: 400 });

/** ASP.NET answers a failed anti-forgery check with a bare 400. */
export const antiForgeryFailure = (): Response =>
  new HttpResponse('Bad Request: the anti-forgery token is missing or invalid.', {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

/** Anti-forgery cookie token of the request, or a new one to be set on the answer. */
function antiForgeryCookie(mock: MockContext, request: Request): { value: string; setCookie?: string } {
  const existing = cookiesOf(request)[ANTIFORGERY_COOKIE];
  if (existing) return { value: existing };
  const value = mock.keys.newCookieToken();
  return { value, setCookie: `${ANTIFORGERY_COOKIE}=${value}; path=/; HttpOnly; SameSite=Strict` };
}

/** An HTML answer carrying a fresh form token (rendered by `render`), setting the anti-forgery cookie when new. */
export function htmlWithToken(
  mock: MockContext,
  request: Request,
  user: string | null,
  render: (token: string) => string,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const cookie = antiForgeryCookie(mock, request);
  const headers = new Headers(init.headers);
  if (cookie.setCookie) headers.append('Set-Cookie', cookie.setCookie);
  return HttpResponse.html(render(mock.keys.formToken(cookie.value, user ?? '')), { status: init.status ?? 200, headers });
}

export function tokenValid(mock: MockContext, request: Request, token: string | null | undefined, user: string | null): boolean {
  return mock.keys.checkFormToken(token, cookiesOf(request)[ANTIFORGERY_COOKIE], user ?? '');
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface JsonArgs<E extends JsonEndpoint> {
  query: Out<NonNullable<E['query']>>;
  body: Out<NonNullable<E['body']>>;
  user: string;
  request: Request;
}

/** Whether a route that needs a session is served without one: the live service's public scheduler reads. */
const servedAnonymously = (mock: MockContext, id: string): boolean => !mock.options.sessionEverywhere && PUBLIC_ON_LIVE.includes(id);

/** A JSON endpoint of the registry served by `resolve`. */
export function jsonRoute<E extends JsonEndpoint>(mock: MockContext, endpoint: E, resolve: (args: JsonArgs<E>) => unknown): HttpHandler {
  const method = endpoint.method === 'GET' ? http.get : http.post;
  return method(mswPath(endpoint.path), async ({ request }) => {
    const user = currentUser(mock, request);
    if (!user && !servedAnonymously(mock, endpoint.id)) return loginRedirect(request);
    if (endpoint.antiForgery === 'header' && !tokenValid(mock, request, request.headers.get(TOKEN_HEADER), user)) {
      return antiForgeryFailure();
    }
    let query: unknown;
    if (endpoint.query) {
      const bound = bindQuery(endpoint, queryFromSearchParams(endpoint, new URL(request.url).searchParams));
      // MVC: "The value 'x' is not valid for id." — a 400, never another record.
      if ('refused' in bound) return badRequest(`${endpoint.id}: the value of ${bound.refused} is not a valid number`);
      const parsed = endpoint.query.safeParse(bound);
      if (!parsed.success) return badRequest(`${endpoint.id}: invalid query\n${z.prettifyError(parsed.error)}`);
      query = parsed.data;
    }
    let body: unknown;
    if (endpoint.body) {
      if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
        return HttpResponse.json({ Message: `${endpoint.id}: expected Content-Type application/json` }, { status: 415 });
      }
      let raw: unknown;
      try {
        raw = await request.json();
      } catch {
        return badRequest(`${endpoint.id}: body is not JSON`);
      }
      const parsed = endpoint.body.safeParse(raw);
      if (!parsed.success) return badRequest(`${endpoint.id}: invalid body\n${z.prettifyError(parsed.error)}`);
      body = parsed.data;
    }
    const data = await resolve({ query, body, user: user ?? '', request } as JsonArgs<E>);
    if (data instanceof Response) return data;
    const checked = endpoint.response.safeParse(data);
    if (!checked.success) {
      // Loud on purpose: the mock's answer no longer satisfies the contract it serves.
      return HttpResponse.json(
        { Message: `mock drifted from contract ${endpoint.id}`, Issues: z.prettifyError(checked.error) },
        { status: 500 },
      );
    }
    return jsonAnswer(mock.mutate(endpoint.id, asRecorded(mock.options.seed?.wire[endpoint.id], data)));
  });
}

export interface PageArgs {
  params: Record<string, string>;
  user: string | null;
  request: Request;
  /** Parsed urlencoded body of a form post (field name → every value, in order). */
  form: URLSearchParams;
}

/** An HTML route of the registry served by `resolve`; session and form-token checks come from the entry. */
export function pageRoute(mock: MockContext, route: PageRoute, resolve: (args: PageArgs) => Response | Promise<Response>): HttpHandler {
  const method = route.method === 'GET' ? http.get : http.post;
  return method(mswPath(route.path), async ({ request, params }) => {
    const user = currentUser(mock, request);
    if (route.auth === 'session' && !user && !servedAnonymously(mock, route.id)) return loginRedirect(request);
    // Route ids bind as an `int`: `0x3E9`, `1001.0` or ` 1001` name no record, so the route is not found.
    const ids = Object.entries(params as Record<string, string>).filter(([name]) => name.endsWith('_id'));
    if (ids.some(([, value]) => routeInt(value) === null)) return notFoundPage();
    let form = new URLSearchParams();
    if (route.method === 'POST') {
      form = await readForm(request);
      if (route.antiForgery === 'form' && !tokenValid(mock, request, form.get(TOKEN_FIELD), user)) {
        return antiForgeryFailure();
      }
    }
    return resolve({ params: params as Record<string, string>, user, request, form });
  });
}
