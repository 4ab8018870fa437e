// Two probes of the session itself, each with a login of its own: the cookies that carry the
// session are HttpOnly (found by dropping each cookie the login set: names are not known, live
// notes), and a session logged off through the layout's logout form (live notes) is dead.
import * as cheerio from 'cheerio';
import { CookieJar } from 'tough-cookie';
import { LOGIN_PATH, TOKEN_FIELD, endpoints, pagePath } from '../contracts/index.js';
import type { HbClient } from '../client/client.js';
import { redirectsToLogin } from './send.js';
import { blame } from '../client/evidence/origin.js';
import type { Exchange } from '../client/exchange.js';

/** Whether `jar`'s session is alive: the keepalive answers 200, not the login page; its answer the evidence. */
async function keepalive(jar: CookieJar, fresh: (jar: CookieJar) => HbClient): Promise<{ alive: boolean; exchange: Exchange }> {
  const reply = await fresh(jar).send(endpoints.checkSession.path, { endpointId: 'checkSession', retries: 0 });
  return { alive: reply.status === 200 && !redirectsToLogin(reply), exchange: reply.exchange };
}

/** Session cookies set by a login must be HttpOnly: a script on any page could otherwise read the session. */
export async function probeHttpOnly(fresh: (jar?: CookieJar) => HbClient): Promise<string | null> {
  const client = fresh();
  const setCookies: string[] = [];
  const listener = (x: { endpointId: string; responseHeaders: Record<string, string> }) => {
    if (x.endpointId === 'submitLoginForm' && x.responseHeaders['set-cookie'])
      setCookies.push(...x.responseHeaders['set-cookie'].split('\n'));
  };
  client.exchangeListeners.add(listener);
  await client.login();
  client.exchangeListeners.delete(listener);
  const stored = await client.jar.getCookies(client.baseUrl);
  const loginNames = new Set(setCookies.map((c) => c.split('=', 1)[0]?.trim()));
  const findings: string[] = [];
  for (const cookie of stored) {
    if (!loginNames.has(cookie.key)) continue;
    const without = new CookieJar();
    for (const other of stored) if (other.key !== cookie.key) await without.setCookie(other.toString(), client.baseUrl);
    // A cookie without which the session is gone carries the session.
    const carriesSession = !(await keepalive(without, fresh)).alive;
    if (carriesSession && !cookie.httpOnly)
      findings.push(`${cookie.key} (set by POST ${LOGIN_PATH}) carries the session but is not HttpOnly`);
  }
  if (!(await keepalive(client.jar, fresh)).alive) return `the session made by ${LOGIN_PATH} is not alive: the HttpOnly probe saw nothing`;
  return findings.length ? findings.join('; ') : null;
}

/** The layout's logout form on a logged-in page (live notes: a page may hold a second token input, a logout form). */
function logoutForm(html: string): { action: string; token: string } | null {
  const $ = cheerio.load(html);
  const form = $('form')
    .toArray()
    .find((f) => /log\s*-?\s*(off|out)/i.test($(f).attr('action') ?? '') && ($(f).attr('method') ?? '').toLowerCase() === 'post');
  if (!form) return null;
  return { action: $(form).attr('action') ?? '', token: $(form).find(`input[name="${TOKEN_FIELD}"]`).attr('value') ?? '' };
}

/** Log off through the layout's form; the same client, keeping what the server set, must have no session after it. */
export async function probeLogoff(fresh: (jar?: CookieJar) => HbClient): Promise<{ finding: string | null; note: string }> {
  const client = fresh();
  await client.login();
  const page = await client.send(pagePath('bookingsIndexPage', { hall_id: client.hallId }), { endpointId: 'bookingsIndexPage' });
  const form = logoutForm(page.text);
  if (!form) return { finding: null, note: 'no logout form on the bookings page: logoff not checked (vacuous)' };
  const before = client.jar.serializeSync();
  const reply = await client.send(new URL(form.action, page.url).toString(), {
    method: 'POST',
    body: new URLSearchParams({ [TOKEN_FIELD]: form.token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(client.baseUrl).origin, referer: page.url },
    endpointId: 'logoff',
  });
  if (reply.status >= 500) return { finding: `logoff: POST ${reply.url} → HTTP ${reply.status}: a server error`, note: '' };
  const after = await keepalive(client.jar, fresh);
  if (after.alive) {
    blame({ exchange: after.exchange }, { what: 'the keepalive after logoff', expected: 'no session', seen: 'HTTP 200' });
    return {
      finding: `logoff: after POST ${reply.url} → HTTP ${reply.status} the keepalive still answers 200: the session is not dead`,
      note: '',
    };
  }
  // Replaying the cookies from before the logoff: the documents do not say (ASP.NET's cookie tickets stay valid), so it is recorded.
  const replayed = (await keepalive(await CookieJar.deserialize(before!), fresh)).alive;
  return {
    finding: null,
    note: `logoff ends the session; the cookies from before it, replayed, are ${replayed ? 'still accepted' : 'refused'}`,
  };
}
