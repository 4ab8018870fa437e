// What the login post's answer says (interface doc, "Login flow"): success is a 302 away from
// /Account/Login with session cookies set; wrong credentials are a 200 that re-renders the login
// form. Any other answer is the service's login flow changing, and is named as such: a wrong
// password is blamed only when the page re-renders as the document says a failure does. Values
// from the wire are masked, the harness's words never (a password `wrong` leaves `wrong credentials?`).
import * as cheerio from 'cheerio';
import { LOGIN_PATH, isLoginPath } from '../contracts/index.js';
import { setCookieOf } from './cookies.js';
import { maskValues, type MaskedText } from './secrets.js';

export type LoginVerdict = { kind: 'ok' } | { kind: 'credentials'; why: MaskedText } | { kind: 'flow-changed'; why: MaskedText };

/** Cookies that carry the anti-forgery pair, which a login page may set on any answer. */
const isAntiForgeryCookie = (name: string): boolean => /antiforgery|requestverificationtoken/i.test(name);

/** The names of the cookies an answer sets, other than the anti-forgery ones. */
function sessionCookiesSet(headers: Headers): string[] {
  return headers
    .getSetCookie()
    .map((line) => setCookieOf(line)?.key ?? '')
    .filter((name) => name && !isAntiForgeryCookie(name));
}

const PASSWORD_INPUT = 'form input[type="password"], form input[name="Password"]';

/** Whether a page holds a login form: a form with a password input. */
export const hasLoginForm = (html: string): boolean => cheerio.load(html)(PASSWORD_INPUT).length > 0;

/** The login page again: a form with a password input. Its message, when it shows one. */
function reRendered(html: string): { message: string } | undefined {
  const $ = cheerio.load(html);
  if (!$(PASSWORD_INPUT).length) return undefined;
  const message = $('.validation-summary-errors, .field-validation-error, [role="alert"], .alert-danger').first().text();
  return { message: message.replace(/\s+/g, ' ').trim() };
}

/** Classify the answer to `POST /Account/Login`; `origin` is the service's origin. */
export function loginVerdict(reply: { status: number; headers: Headers; text: string }, origin: string): LoginVerdict {
  const { status, headers } = reply;
  const location = headers.get('location');
  if (status >= 300 && status < 400) {
    if (!location) return { kind: 'flow-changed', why: maskValues`a redirect (HTTP ${status}) without a Location` };
    const to = new URL(location, origin);
    if (to.origin !== new URL(origin).origin) return { kind: 'flow-changed', why: maskValues`a redirect off the service, to ${to.origin}` };
    if (isLoginPath(to.pathname)) {
      return {
        kind: 'flow-changed',
        why: maskValues`a redirect back to ${LOGIN_PATH} (the document's failure is a 200 that re-renders the form)`,
      };
    }
    return { kind: 'ok' };
  }
  const cookies = sessionCookiesSet(headers);
  if (status === 200 && cookies.length) {
    return {
      kind: 'flow-changed',
      why: maskValues`HTTP 200 that sets a session cookie (${cookies.join(', ')}): logged in without the 302`,
    };
  }
  const page = status === 200 ? reRendered(reply.text) : undefined;
  if (page?.message) {
    const says = page.message.slice(0, 120);
    return {
      kind: 'credentials',
      why: maskValues`HTTP 200, the login form again; the page says "${says}": wrong credentials? (HB_EMAIL, HB_PASSWORD)`,
    };
  }
  if (page) return { kind: 'credentials', why: maskValues`HTTP 200, the login form again: wrong credentials? (HB_EMAIL, HB_PASSWORD)` };
  if (status === 200) return { kind: 'flow-changed', why: maskValues`HTTP 200 without the login form, a redirect or a session cookie` };
  return { kind: 'flow-changed', why: maskValues`HTTP ${status}, neither the 302 of a login nor the 200 of a refusal` };
}
