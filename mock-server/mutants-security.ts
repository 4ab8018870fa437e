// Regressions the generated checks (fuzz/) must catch: a server error on a malformed date,
// an invalid post stored, a booking name written as markup, an open redirect after login, a foreign
// token accepted, a session cookie scripts can read, a logoff that keeps the session, a deleted booking still served.
import { endpoints as E, LOGIN_PATH, pages, TOKEN_HEADER, type BookingFormField } from '../contracts/index.js';
import type { MockContext } from './context.js';
import { parseLocalDateTime } from './handlers/booking-submission.js';
import { esc, LOGOFF_PATH } from './html/layout.js';
import { isAt, validToken, type Mutant } from './mutant-kit.js';
import { sessionId } from './routes.js';
import type { BookingRecord } from './state.js';

const START = 'StartDate' satisfies BookingFormField;
const isSlashDate = (s: string) =>
  /^\d{4}\/\d{2}\/\d{2}T00:00:00$/.test(s) && !Number.isNaN(Date.parse(`${s.slice(0, 10).replace(/\//g, '-')}T00:00:00Z`));

/** Bookings a `deleted-booking-still-served` mock removed, per server. */
const ghosts = new WeakMap<MockContext, Map<number, BookingRecord>>();

const html = (body: string, headers?: Headers) => {
  const h = new Headers(headers);
  h.set('content-type', 'text/html; charset=utf-8');
  return new Response(body, { status: 200, headers: h });
};

export const securityMutants = [
  {
    id: 'grid-500-on-malformed-date',
    area: 'bookings',
    breaks: 'GetForHallgrid answers a malformed startDateFrom/startDateTo without a server error',
    intercept: async (request, next) => {
      if (!isAt(request, E.listBookingsForHallGrid.path)) return next(request);
      const params = [...new URL(request.url).searchParams].filter(([k]) => /^startdate(from|to)$/i.test(k));
      // A date parsed without a guard: the exception becomes ASP.NET's yellow page, HTTP 500.
      if (params.some(([, v]) => !isSlashDate(v))) return new Response('String was not recognized as a valid DateTime.', { status: 500 });
      return next(request);
    },
  },
  {
    id: 'invalid-booking-date-stored',
    area: 'pages',
    breaks: 'a create post whose StartDate is not a date is refused and stores nothing (required form fields)',
    intercept: async (request, next) => {
      if (request.method !== 'POST' || !isAt(request, pages.submitCreateBookingForm.path)) return next(request);
      const form = new URLSearchParams(await request.clone().text());
      const end = parseLocalDateTime(form.get('EndDate') ?? '');
      if (parseLocalDateTime(form.get(START) ?? '') || !end) return next(request);
      // The unreadable start is replaced by a default, as a binder that swallows its error would.
      form.set(START, `${end.slice(0, 10)}T00:00:00`);
      return next(new Request(request.url, { method: 'POST', headers: request.headers, body: form.toString() }));
    },
  },
  {
    id: 'booking-name-unescaped',
    area: 'pages',
    breaks: "the View page shows a booking's name as text, not markup",
    intercept: async (request, next, mock) => {
      const response = await next(request);
      if (request.method !== 'GET' || !isAt(request, pages.viewBookingPage.path) || response?.status !== 200) return response;
      const id = Number(new URL(request.url).pathname.split('/').pop());
      const b = mock.state.bookings.find((x) => x.id === id);
      return b ? html((await response.text()).split(esc(b.name)).join(b.name), response.headers) : response;
    },
  },
  {
    id: 'login-follows-return-url',
    area: 'account',
    breaks: `a login redirects to ReturnUrl as given, off-site included (an open redirect after ${LOGIN_PATH})`,
    intercept: async (request, next) => {
      if (request.method !== 'POST' || !isAt(request, LOGIN_PATH)) return next(request);
      const fromForm = new URLSearchParams(await request.clone().text()).get('ReturnUrl');
      const returnUrl = new URL(request.url).searchParams.get('ReturnUrl') ?? fromForm;
      const response = await next(request);
      if (!response || response.status !== 302 || !returnUrl) return response;
      const headers = new Headers(response.headers);
      headers.set('location', returnUrl);
      return new Response(null, { status: 302, headers });
    },
  },
  {
    id: 'token-from-another-session-accepted',
    area: 'wire',
    breaks: "a JSON POST's token must come from its own session (common rule 2): one from another session is accepted",
    intercept: (request, next, mock) => {
      const token = request.headers.get(TOKEN_HEADER);
      if (request.method !== 'POST' || !token?.includes('.')) return next(request);
      // Any well-formed token passes: the check no longer binds it to this session's cookie.
      const { token: own, headers } = validToken(mock, request);
      headers.set(TOKEN_HEADER, own);
      return next(new Request(request, { headers }));
    },
  },
  {
    id: 'session-cookie-not-http-only',
    area: 'account',
    breaks: 'the session cookie set at login is HttpOnly',
    intercept: async (request, next) => {
      const response = await next(request);
      if (request.method !== 'POST' || !isAt(request, LOGIN_PATH) || response?.status !== 302) return response;
      const headers = new Headers(response.headers);
      headers.delete('set-cookie');
      for (const c of response.headers.getSetCookie()) headers.append('set-cookie', c.replace(/;\s*HttpOnly/i, ''));
      return new Response(null, { status: response.status, headers });
    },
  },
  {
    id: 'logoff-keeps-session',
    area: 'account',
    breaks: 'logging off through the layout form ends the session',
    intercept: async (request, next, mock) => {
      const sid = sessionId(mock, request);
      const response = await next(request);
      if (request.method !== 'POST' || !isAt(request, LOGOFF_PATH) || !response) return response;
      // Neither ended on the server nor in the browser.
      if (sid) mock.revoked.delete(sid);
      const headers = new Headers(response.headers);
      headers.delete('set-cookie');
      return new Response(null, { status: response.status, headers });
    },
  },
  {
    id: 'deleted-booking-still-served',
    area: 'pages',
    breaks: "a deleted (removed) booking's View page answers not found",
    intercept: async (request, next, mock) => {
      const id = Number(new URL(request.url).pathname.split('/').pop());
      const gone = ghosts.get(mock) ?? new Map<number, BookingRecord>();
      ghosts.set(mock, gone);
      if (isAt(request, pages.deleteBooking.path)) {
        const b = mock.state.bookings.find((x) => x.id === id);
        if (b) gone.set(id, structuredClone(b));
        return next(request);
      }
      const response = await next(request);
      const ghost = gone.get(id);
      if (!isAt(request, pages.viewBookingPage.path) || response?.status !== 404 || !ghost) return response;
      return html(
        `<!DOCTYPE html><html><body><h2>${esc(ghost.name)}</h2><dl><dt>Status</dt><dd>${esc(ghost.status)}</dd></dl></body></html>`,
      );
    },
  },
] as const satisfies readonly Mutant[];
