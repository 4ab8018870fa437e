// The session: login through the real form (interface doc, "Login flow"), the keepalive
// (interface doc, "Session check") with a transparent re-login, and the anti-forgery token
// read from the first logged-in page that carries one (live notes).
import { LOGIN_PATH, TOKEN_FIELD, isLoginPath, endpoints, pagePath, type PageId } from '../contracts/index.js';
import { LoginError, RedirectLoopError, TokenNotFoundError, UnexpectedStatusError } from './errors.js';
import { tokensIn } from './forms.js';
import { hasLoginForm, loginVerdict } from './login-verdict.js';
import { MaskedText, maskValues, registerSecret } from './secrets.js';
import { Transport, type ClientOptions } from './transport.js';

/** Pages that carried a fresh token on the live service, in the order they are tried (live notes). */
const TOKEN_SOURCES: ReadonlyArray<{ id: PageId; needsHall?: boolean }> = [
  { id: 'bookingsIndexPage', needsHall: true },
  { id: 'createBookingPage' },
  { id: 'loginPage' },
  { id: 'dashboardPage', needsHall: true },
];

export const isLoginRedirect = (status: number, location: string | null): boolean =>
  status >= 300 && status < 400 && !!location && isLoginPath(location);

/**
 * What the keepalive's status says (interface doc, "Session check"): 200 while the session is
 * valid, a redirect once it has expired; anything else is outside the contract.
 */
export function keepaliveVerdict(status: number): 'alive' | 'expired' | 'unexpected' {
  if (status === 200) return 'alive';
  return status >= 300 && status < 400 ? 'expired' : 'unexpected';
}

/** A transport that holds a logged-in session of one user in one hall. */
export class SessionClient extends Transport {
  readonly hallId: number;
  /** Logins this client performed (the first and every transparent re-login). */
  logins = 0;
  private token: string | undefined;
  /** The login in progress: reads that go out together and all meet an expired session share one login. */
  private loggingIn: Promise<void> | undefined;

  constructor(options: ClientOptions) {
    super(options);
    this.hallId = options.hallId;
    registerSecret(options.password, { always: true });
  }

  /**
   * Log in through the form (interface doc, "Login flow"); throws {@link LoginError} naming
   * wrong credentials on a 200 re-render of the form, and a changed login flow on any other answer.
   * Callers that arrive while a login is under way wait for it: two at once would mix one login page's
   * token with the other's cookie in the one jar.
   */
  login(): Promise<void> {
    this.loggingIn ??= this.loginOnce().finally(() => {
      this.loggingIn = undefined;
    });
    return this.loggingIn;
  }

  private async loginOnce(): Promise<void> {
    const page = await this.send(LOGIN_PATH, { follow: true, endpointId: 'loginPage' }).catch((error: unknown) => {
      if (!(error instanceof RedirectLoopError)) throw error;
      const url = this.url(LOGIN_PATH);
      const what = maskValues`loginPage: GET ${url} redirects in a loop (${error.message.split(': ').pop()}): \
is HB_BASE_URL the service's origin?`;
      throw new LoginError(what, { endpointId: 'loginPage', method: 'GET', url, requestHeaders: {}, responseHeaders: {} }, 'HB_BASE_URL');
    });
    const [token] = tokensIn(page.text);
    if (page.status !== 200) {
      const what = maskValues`loginPage: GET ${page.url} → HTTP ${page.status}: \
login page not found (is HB_BASE_URL the service's origin?)`;
      throw new LoginError(what, page.exchange, 'HB_BASE_URL');
    }
    if (!token && hasLoginForm(page.text)) {
      const what = maskValues`loginPage: GET ${page.url} → HTTP 200, the login form has no ${TOKEN_FIELD} input: anti-forgery missing`;
      throw new LoginError(what, page.exchange, 'service');
    }
    if (!token) {
      const what = maskValues`loginPage: GET ${page.url} → HTTP 200 without a ${TOKEN_FIELD} input: \
anti-forgery missing (is HB_BASE_URL the Hall Booking service?)`;
      throw new LoginError(what, page.exchange, 'HB_BASE_URL');
    }
    registerSecret(token);
    const { email, password } = this.options;
    const form = new URLSearchParams({ Email: email, Password: password, [TOKEN_FIELD]: token });
    const reply = await this.send(LOGIN_PATH, {
      method: 'POST',
      body: form.toString(),
      endpointId: 'submitLoginForm',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.baseUrl,
        referer: this.url(LOGIN_PATH),
      },
    });
    const verdict = loginVerdict(reply, this.baseUrl);
    if (verdict.kind !== 'ok') {
      throw new LoginError(
        new MaskedText(`${maskValues`submitLoginForm: POST ${reply.url} → `.text}${verdict.why.text}`),
        reply.exchange,
        verdict.kind === 'credentials' ? 'HB_PASSWORD' : 'service',
      );
    }
    this.logins += 1;
    this.token = undefined;
  }

  /** Keepalive (interface doc, "Session check"): true on 200, false on a redirect. */
  async sessionAlive(): Promise<boolean> {
    const reply = await this.send(endpoints.checkSession.path, { endpointId: 'checkSession' });
    const verdict = keepaliveVerdict(reply.status);
    if (verdict === 'unexpected') throw new UnexpectedStatusError(reply.exchange, '200 or a redirect');
    return verdict === 'alive';
  }

  /** Log in unless the keepalive says the session is alive. */
  async ensureSession(): Promise<void> {
    if (!(await this.sessionAlive())) await this.login();
  }

  /** Keepalive with a transparent re-login: 'alive' when the session held, 'renewed' when it had to log in again. */
  async keepalive(): Promise<'alive' | 'renewed'> {
    if (await this.sessionAlive()) return 'alive';
    await this.login();
    if (!(await this.sessionAlive())) {
      const url = this.url(endpoints.checkSession.path);
      throw new LoginError(`checkSession: GET ${url} still redirects after a fresh login`, {
        endpointId: 'checkSession',
        method: 'GET',
        url,
        requestHeaders: {},
        responseHeaders: {},
      });
    }
    return 'renewed';
  }

  /** A fresh anti-forgery token from the first logged-in page that carries one (live notes: the dashboard 404s). */
  async antiForgeryToken({ fresh = false } = {}): Promise<string> {
    if (this.token && !fresh) return this.token;
    const tried: string[] = [];
    for (const source of TOKEN_SOURCES) {
      const path = pagePath(source.id, source.needsHall ? { hall_id: this.hallId } : {});
      const reply = await this.send(path, { endpointId: source.id });
      const [token] = reply.status === 200 ? tokensIn(reply.text) : [];
      if (token) {
        registerSecret(token);
        this.token = token;
        return token;
      }
      tried.push(`${path} → ${reply.status}`);
    }
    throw new TokenNotFoundError(`No page carried a ${TOKEN_FIELD}: ${tried.join(', ')}`);
  }
}
