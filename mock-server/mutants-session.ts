// Mutants of the session and the wire: login, sessions and anti-forgery tokens not checked, the request
// filter, and the pages' markup (interface doc, "Authentication", "Endpoints" common rules, "Create booking").
import {
  ADMIN_PREFIX,
  API_PREFIX,
  type BookingFormField,
  LOGIN_PATH,
  type LoginFormFields,
  ROOM_COLOUR_LIST_ID,
  TOKEN_FIELD,
  TOKEN_HEADER,
  pages,
} from '../contracts/index.js';
import type { MockContext } from './context.js';
import { hasRawBracketInFieldName } from './handlers/filter.js';
import { isAt, under, withRawBody, withCookie, validToken, isFormPost, rewriteHtml, type Mutant } from './mutant-kit.js';
import { currentUser } from './routes.js';
import { AUTH_COOKIE } from './session.js';

/** Field names, checked against the contracts so a rename there fails to compile here. */
const EMAIL = 'Email' satisfies keyof LoginFormFields;
const PASSWORD = 'Password' satisfies keyof LoginFormFields;
const PRICE_RATE = 'PriceRateId' satisfies BookingFormField;

/** Field names of a raw urlencoded body, undecoded. */
const rawNames = (raw: string) => raw.split('&').map((pair) => pair.split('=', 1)[0] ?? '');

const ticketFor = (mock: MockContext) =>
  mock.keys.issueTicket({ user: mock.credentials.email, issued: Date.now(), epoch: mock.sessionEpoch });

/** Serves requests under `prefix` as if signed in, whatever the cookies say. */
const servedWithoutSession =
  (prefix: string): Mutant['intercept'] =>
  (request, next, mock) => {
    if (!isAt(request, under(prefix)) || currentUser(mock, request)) return next(request);
    return next(new Request(request, { headers: withCookie(request, AUTH_COOKIE, ticketFor(mock)) }));
  };

export const sessionMutants = [
  {
    id: 'room-colour-list-missing',
    area: 'pages',
    breaks: 'the scheduler page holds #RoomColorList .room-label elements',
    intercept: async (request, next) => {
      const response = await next(request);
      return isAt(request, pages.schedulerPage) ? rewriteHtml(response, (h) => h.replaceAll(ROOM_COLOUR_LIST_ID, 'RoomLegend')) : response;
    },
  },
  // Login and sessions, interface doc "Authentication".
  {
    id: 'login-accepts-wrong-password',
    area: 'account',
    breaks: `a wrong password answers 200 at ${LOGIN_PATH}`,
    intercept: async (request, next, mock) => {
      if (!isFormPost(request) || !isAt(request, pages.submitLoginForm)) return next(request);
      const form = new URLSearchParams(await request.clone().text());
      const { email, password } = mock.credentials;
      if (form.get(EMAIL)?.toLowerCase() === email.toLowerCase()) form.set(PASSWORD, password);
      return next(withRawBody(request, form.toString()));
    },
  },
  {
    id: 'login-success-not-redirected',
    area: 'account',
    breaks: `a successful login answers 302 away from ${LOGIN_PATH}`,
    intercept: async (request, next) => {
      const response = await next(request);
      const loggedIn = request.method === 'POST' && isAt(request, pages.submitLoginForm) && response?.status === 302;
      if (!loggedIn) return response;
      const headers = new Headers(response.headers);
      headers.delete('location');
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response('<!DOCTYPE html><html><head><title>Welcome</title></head><body><h1>Welcome back</h1></body></html>', {
        status: 200,
        headers,
      });
    },
  },
  {
    id: 'api-served-without-session',
    area: 'wire',
    breaks: 'every JSON endpoint requires the session cookies (Endpoints, common rule 1)',
    intercept: servedWithoutSession(API_PREFIX),
  },
  {
    id: 'admin-pages-served-without-session',
    area: 'wire',
    breaks: 'admin pages require the session cookies (Endpoints, common rule 1)',
    intercept: servedWithoutSession(ADMIN_PREFIX),
  },
  {
    id: 'json-token-not-checked',
    area: 'wire',
    breaks: 'a JSON POST needs the RequestVerificationToken header (common rule 2)',
    intercept: (request, next, mock) => {
      if (request.method !== 'POST' || !isAt(request, under(API_PREFIX))) return next(request);
      const { token, headers } = validToken(mock, request);
      headers.set(TOKEN_HEADER, token);
      return next(new Request(request, { headers }));
    },
  },
  {
    id: 'form-token-not-checked',
    area: 'wire',
    breaks: 'a form POST needs the __RequestVerificationToken field (common rule 3)',
    intercept: async (request, next, mock) => {
      if (!isFormPost(request) || !isAt(request, under(ADMIN_PREFIX))) return next(request);
      const raw = await request.clone().text();
      const { token, headers } = validToken(mock, request);
      const kept = raw.split('&').filter((pair) => pair && (pair.split('=', 1)[0] ?? '') !== TOKEN_FIELD);
      return next(withRawBody(request, [...kept, `${TOKEN_FIELD}=${encodeURIComponent(token)}`].join('&'), headers));
    },
  },
  // The request filter, interface doc "Create booking", wire requirements.
  {
    id: 'request-filter-removed',
    area: 'wire',
    breaks: 'a literal bracket in a form field name resets the connection',
    intercept: async (request, next) => {
      if (!isFormPost(request)) return next(request);
      const raw = await request.clone().text();
      if (!hasRawBracketInFieldName(raw)) return next(request);
      const encoded = raw.split('&').map((pair) => {
        const [name = '', ...rest] = pair.split('=');
        return [name.replace(/\[/g, '%5B').replace(/\]/g, '%5D'), ...rest].join('=');
      });
      return next(withRawBody(request, encoded.join('&')));
    },
  },
  {
    id: 'request-filter-resets-encoded-brackets',
    area: 'wire',
    breaks: '%5B and %5D in form field names pass the request filter',
    intercept: async (request, next, mock) => {
      if (!isFormPost(request)) return next(request);
      if (!rawNames(await request.clone().text()).some((n) => /%5[bd]/i.test(n))) return next(request);
      mock.resets += 1;
      return Response.error();
    },
  },
  // Pages and forms.
  {
    id: 'create-form-lacks-price-rate',
    area: 'pages',
    breaks: 'the create form carries the required field PriceRateId',
    intercept: async (request, next) => {
      const response = await next(request);
      return request.method === 'GET' && isAt(request, pages.createBookingPage)
        ? rewriteHtml(response, (h) => h.replace(new RegExp(`name=(["'])${PRICE_RATE}\\1`, 'g'), 'name=$1PriceRate$1'))
        : response;
    },
  },
] as const satisfies readonly Mutant[];
