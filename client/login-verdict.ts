// What the login post's answer says (interface doc, "Login flow"): success is a 302 away from
// /Account/Login with session cookies set; wrong credentials are a 200 that re-renders the login
// form. Any other answer is the service's login flow changing, and is named as such: a wrong
// password is blamed only when the page re-renders as the document says a failure does. Values
// from the wire are masked, the harness's words never (a password `wrong` leaves `wrong credentials?`).
// The slim build, as client/forms.ts: a form and its inputs as written, without parse5 and undici in every process.
import * as cheerio from 'cheerio/slim';
import { LOGIN_PATH, isLoginPath } from '../contracts/index.js';
import { setCookiePairs } from '../wire/cookies.js';
import { maskValues, redact, type MaskedText } from './secrets.js';

export type LoginVerdict = { kind: 'ok' } | { kind: 'credentials'; why: MaskedText } | { kind: 'flow-changed'; why: MaskedText };

/** Cookies that carry the anti-forgery pair, which a login page may set on any answer. */
export const isAntiForgeryCookie = (name: string): boolean => /antiforgery|requestverificationtoken/i.test(name);

/** The names of the cookies an answer sets with a value, other than the anti-forgery ones (a deletion sets none). */
function sessionCookiesSet(headers: Headers): string[] {
  return setCookiePairs(headers.getSetCookie())
    .filter(([name, value]) => value && !isAntiForgeryCookie(name))
    .map(([name]) => name);
}

/** The login form on a page (a form with a password input), and the message it shows; undefined without one. */
function loginForm(html: string): { message: string } | undefined {
  const $ = cheerio.load(html);
  if (!$('form input[type="password"], form input[name="Password"]').length) return undefined;
  const message = $('.validation-summary-errors, .field-validation-error, [role="alert"], .alert-danger').first().text();
  return { message: message.replace(/\s+/g, ' ').trim() };
}

/** Whether a page holds a login form. */
export const hasLoginForm = (html: string): boolean => loginForm(html) !== undefined;

/** Where a redirect leads, or undefined when its Location is no URL. */
function target(location: string, origin: string): URL | undefined {
  try {
    return new URL(location, origin);
  } catch {
    return undefined;
  }
}

/** Classify the answer to `POST /Account/Login`; `origin` is the service's origin. */
export function loginVerdict(reply: { status: number; headers: Headers; text: string }, origin: string): LoginVerdict {
  const { status, headers } = reply;
  const location = headers.get('location');
  if (status >= 300 && status < 400) {
    const to = location ? target(location, origin) : undefined;
    if (!to) return { kind: 'flow-changed', why: maskValues`a redirect (HTTP ${status}) without a Location it can follow` };
    // The host, not the scheme: a service behind a TLS proxy may redirect http to https on its own host.
    if (to.host !== new URL(origin).host) return { kind: 'flow-changed', why: maskValues`a redirect off the service, to ${to.origin}` };
    if (isLoginPath(to.pathname)) {
      return {
        kind: 'flow-changed',
        why: maskValues`a redirect back to ${LOGIN_PATH} (the document's failure is a 200 that re-renders the form)`,
      };
    }
    return { kind: 'ok' };
  }
  // The document's failure first: a re-rendered form is a refusal whatever cookies come with it (an
  // affinity or culture cookie is not a session).
  const form = status === 200 ? loginForm(reply.text) : undefined;
  if (form?.message) {
    // Masked before it is cut: a secret cut in half would no longer be found.
    const says = redact(form.message).slice(0, 120);
    return {
      kind: 'credentials',
      why: maskValues`HTTP 200, the login form again; the page says "${says}": wrong credentials? (HB_EMAIL, HB_PASSWORD)`,
    };
  }
  if (form) return { kind: 'credentials', why: maskValues`HTTP 200, the login form again: wrong credentials? (HB_EMAIL, HB_PASSWORD)` };
  const cookies = sessionCookiesSet(headers);
  if (status === 200 && cookies.length) {
    return {
      kind: 'flow-changed',
      why: maskValues`HTTP 200 that sets a session cookie (${cookies.join(', ')}): logged in without the 302`,
    };
  }
  if (status === 200) return { kind: 'flow-changed', why: maskValues`HTTP 200 without the login form, a redirect or a session cookie` };
  return { kind: 'flow-changed', why: maskValues`HTTP ${status}, neither the 302 of a login nor the 200 of a refusal` };
}
