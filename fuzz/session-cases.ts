// Generated requests about the session and its tokens: a protected call without the session
// (interface doc, Errors: it redirects to login), a JSON POST without its token or with another
// session's (common rules 2 and 3: refused), and a login with an off-site ReturnUrl (never followed).
import fc from 'fast-check';
import { LOGIN_PATH, PUBLIC_ON_LIVE, TOKEN_FIELD, endpoints, pagePath, pages, type EndpointId, type PageId } from '../contracts/index.js';
import { tokensIn, type HbClient } from '../client/client.js';
import { jsonCaseArb } from './json-cases.js';
import { describe, redirectsToLogin, sendCase } from './send.js';
import type { Pool } from './values.js';

export interface NoSessionCase {
  check: 'no-session';
  route: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface TokenCase {
  check: 'token';
  endpoint: EndpointId;
  token: 'none' | 'empty' | 'garbage' | 'other-session';
  path: string;
  body: string;
}

export interface ReturnUrlCase {
  check: 'return-url';
  returnUrl: string;
  /** Where ReturnUrl travels: the login post's query string (as the login redirect puts it) or its form body. */
  placement: 'query' | 'form';
  password: 'right' | 'wrong';
}

/** Routes that need a session, as requests with valid arguments: those that read, or those that write. */
export function noSessionCaseArb(pool: Pool, which: 'reads' | 'writes'): fc.Arbitrary<NoSessionCase> {
  const writes = which === 'writes';
  const json = (Object.keys(endpoints) as EndpointId[])
    .filter((id) => endpoints[id].writes === writes)
    .map((id) =>
      jsonCaseArb(id, pool, { validOnly: true }).map((c): NoSessionCase => ({
        check: 'no-session',
        route: id,
        method: c.method,
        path: c.path,
        body: c.body,
      })),
    );
  const params = { hall_id: pool.hallId, booking_id: pool.bookingIds[0] ?? 1 };
  const html = (Object.keys(pages) as PageId[])
    .filter((id) => pages[id].auth === 'session' && pages[id].method === 'GET' && !!pages[id].writes === writes)
    .map((id): NoSessionCase => ({ check: 'no-session', route: id, method: 'GET', path: pagePath(id, params) }));
  return fc.oneof(...json, ...(html.length ? [fc.constantFrom(...html)] : []));
}

export async function judgeNoSession(anonymous: HbClient, c: NoSessionCase, observed: Map<string, string>): Promise<string | null> {
  const sent = await sendCase(anonymous, {
    method: c.method,
    path: c.path,
    body: c.body,
    contentType: c.body !== undefined ? 'application/json' : undefined,
    endpointId: c.route,
  });
  const where = `${c.route} without a session: ${describe(c, sent)}`;
  if (PUBLIC_ON_LIVE.includes(c.route)) {
    // Either answer is faithful (live notes: public clients read these without a session); the note says which this target gave.
    const answer = sent.ok ? `HTTP ${sent.reply.status}` : sent.code;
    const reading = !sent.ok
      ? 'no answer'
      : redirectsToLogin(sent.reply)
        ? 'this target asks for a session here, as the interface document says of every route but login'
        : 'served without a session, as the live service serves public clients';
    observed.set(c.route, `without a session, ${answer}: ${reading}`);
    return sent.ok && sent.reply.status >= 500 ? `${where}: a server error` : null;
  }
  if (!sent.ok) return `${where} (a dropped connection)`;
  return redirectsToLogin(sent.reply) ? null : `${where}: a protected call without the session must redirect to ${LOGIN_PATH}`;
}

/** JSON POSTs that store nothing, each with a missing, empty, forged or foreign token. */
export function tokenCaseArb(pool: Pool): fc.Arbitrary<TokenCase> {
  const posts = (['checkAvailability', 'getCostOfBooking'] as const).map((id) =>
    fc
      .tuple(jsonCaseArb(id, pool, { validOnly: true }), fc.constantFrom<TokenCase['token']>('none', 'empty', 'garbage', 'other-session'))
      .map(([c, token]): TokenCase => ({ check: 'token', endpoint: id, token, path: c.path, body: c.body ?? '{}' })),
  );
  return fc.oneof(...posts);
}

/** `other` is a second session of the same user: its token must not serve the first (common rule 2; token bound to its session). */
export async function judgeToken(client: HbClient, other: HbClient, c: TokenCase): Promise<string | null> {
  const value =
    c.token === 'none'
      ? undefined
      : c.token === 'empty'
        ? ''
        : c.token === 'garbage'
          ? 'CfDJ8' + 'A'.repeat(40)
          : await other.antiForgeryToken();
  const sent = await sendCase(client, {
    method: 'POST',
    path: c.path,
    body: c.body,
    contentType: 'application/json',
    token: value === undefined ? 'none' : { value },
    endpointId: c.endpoint,
  });
  const which = c.token === 'other-session' ? "another session's" : `a ${c.token}`;
  const where = `${c.endpoint} with ${which} token: ${describe({ method: 'POST', path: c.path }, sent)}`;
  if (!sent.ok) return `${where} (a dropped connection)`;
  const s = sent.reply.status;
  if (s >= 500) return `${where}: a server error`;
  // ASP.NET refuses with 400; the document names no status, so any answer but a success is a refusal.
  return s >= 200 && s < 300 ? `${where}: a JSON POST without its own session's token must be refused` : null;
}

/** Off-site targets in the spellings browsers and URL parsers treat as another host or scheme. */
const OFF_SITE = [
  'https://evil.example/',
  '//evil.example/',
  '/\\evil.example',
  '\\\\evil.example',
  'https:/\\evil.example',
  'http:evil.example',
  ' //evil.example',
  '/%2F%2Fevil.example',
  '//evil.example@',
  'javascript:alert(1)',
  'https://evil.example%2F@',
];

/**
 * An off-site URL with a path, query or fragment of the characters URLs carry: letters, digits, the unreserved
 * and reserved characters and `%` (fast-check's webUrl would take a second and a half to build, in every
 * process that runs this property, for a host it replaces).
 */
const offSiteUrlArb = fc
  .tuple(
    fc.constantFrom('https://evil.example', 'http://evil.example'),
    fc.string({ unit: fc.constantFrom(..."aAzZ09-._~!$&'()*+,;=:@%/?#"), maxLength: 24 }),
  )
  .map(([origin, rest]) => `${origin}/${rest}`);

export const returnUrlCaseArb: fc.Arbitrary<ReturnUrlCase> = fc.record({
  check: fc.constant('return-url' as const),
  returnUrl: fc.oneof(fc.constantFrom(...OFF_SITE), offSiteUrlArb),
  placement: fc.constantFrom('query' as const, 'form' as const),
  password: fc.constantFrom('right' as const, 'wrong' as const),
});

/** A login through a fresh jar with ReturnUrl set; its redirect, if any, must stay on the target's origin. */
export async function judgeReturnUrl(client: HbClient, c: ReturnUrlCase, credentials: { email: string; password: string }) {
  const page = await sendCase(client, { method: 'GET', path: LOGIN_PATH, endpointId: 'loginPage' });
  if (!page.ok) return `loginPage: ${describe({ method: 'GET', path: LOGIN_PATH }, page)}`;
  const [token = ''] = tokensIn(page.reply.text);
  const form = new URLSearchParams({
    Email: credentials.email,
    Password: c.password === 'right' ? credentials.password : `${credentials.password}-wrong`,
    [TOKEN_FIELD]: token,
  });
  if (c.placement === 'form') form.set('ReturnUrl', c.returnUrl);
  const path = c.placement === 'query' ? `${LOGIN_PATH}?${new URLSearchParams({ ReturnUrl: c.returnUrl })}` : LOGIN_PATH;
  const sent = await sendCase(client, {
    method: 'POST',
    path,
    body: form.toString(),
    contentType: 'application/x-www-form-urlencoded',
    endpointId: 'submitLoginForm',
  });
  const how = `${c.password} password, ReturnUrl ${JSON.stringify(c.returnUrl)} in the ${c.placement}`;
  const where = `submitLoginForm (${how}): ${describe({ method: 'POST', path }, sent)}`;
  if (!sent.ok) return `${where} (a dropped connection)`;
  if (sent.reply.status >= 500) return `${where}: a server error`;
  const location = sent.reply.headers.get('location');
  if (!location) return null;
  const to = new URL(location, sent.reply.url);
  const origin = new URL(client.baseUrl).origin;
  return to.origin === origin
    ? null
    : `${where} → Location: ${location}: a login must never redirect off-site (open redirect to ${to.origin})`;
}
