// The wire under the client: fetch through a tough-cookie jar, a cap on requests in flight,
// idempotent GETs retried with backoff, and redirects followed by hand so every Set-Cookie
// reaches the jar. Each finished exchange is masked, then handed to the listeners.
import { CookieJar } from 'tough-cookie';
import { TOKEN_FIELD } from '../contracts/index.js';
import { RedirectLoopError, TransportError, transportCode, WriteRefusedError } from './errors.js';
import { headersToRecord, maskExchange, type Exchange } from './exchange.js';
import { tokensIn } from './forms.js';
import type { RunSlots } from './run-slots.js';
import { registerSecret } from './secrets.js';
import { startRequest, tapWire } from './wire-tap.js';
import { runGuard, type RequestGuard } from '../settings/write-guard.js';

export interface ClientOptions {
  baseUrl: string;
  email: string;
  password: string;
  hallId: number;
  jar?: CookieJar;
  /** Most requests in flight at once from this client (live notes: stay at 2–3 against a real server). */
  maxConcurrency?: number;
  /** Slots shared by every worker of the run (client/run-slots.ts): a remote target's run-wide cap. */
  runSlots?: RunSlots;
  /** Retries of an idempotent GET after a 429, a 5xx or no answer; POSTs are never retried. */
  retries?: number;
  /** Base delay of the exponential backoff between retries, in ms. */
  backoffMs?: number;
  /** Per-request timeout, in ms. */
  timeoutMs?: number;
  /** Called with every finished exchange, already masked. */
  onExchange?: (exchange: Exchange) => void;
  /** Called before each retry with the wait chosen (for reports, and to test the backoff). */
  onRetry?: (retry: RetryInfo) => void;
  /** The write guard every request and redirect hop passes (settings/write-guard.ts); the run's own by default. */
  guard?: RequestGuard;
}

export interface RetryInfo {
  endpointId: string;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** `HTTP 429`, `HTTP 503`, or the transport code (`ECONNRESET`, …). */
  reason: string;
}

export interface RawReply {
  status: number;
  headers: Headers;
  url: string;
  text: string;
  exchange: Exchange;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Follow redirects by hand (each hop's cookies reach the jar). Default false. */
  follow?: boolean;
  endpointId?: string;
  /** Override the client's retry count for this request (GET only). */
  retries?: number;
}

const MAX_REDIRECTS = 10;
const ACCEPT = 'application/json, text/html;q=0.9, */*;q=0.5';

class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so no newcomer can slip in between.
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** HTTP through one cookie jar: the layer the session, form posts and registry calls stand on. */
export class Transport {
  readonly jar: CookieJar;
  readonly baseUrl: string;
  /** Observers of every finished exchange (masked), besides `options.onExchange`. */
  readonly exchangeListeners = new Set<(exchange: Exchange) => void>();
  private readonly limiter: Limiter;

  private readonly guard: RequestGuard;

  constructor(protected readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.jar = options.jar ?? new CookieJar();
    this.limiter = new Limiter(options.maxConcurrency ?? 4);
    this.guard = options.guard ?? runGuard();
  }

  url(path: string): string {
    return new URL(path, `${this.baseUrl}/`).toString();
  }

  /** One HTTP request through the jar; redirects are followed by hand when asked. */
  async send(path: string, init: SendOptions = {}): Promise<RawReply> {
    const method = init.method ?? 'GET';
    const retries = method === 'GET' ? (init.retries ?? this.options.retries ?? 2) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await this.limiter.run(() => this.inRunSlot(() => this.sendOnce(path, init, method)));
        if (attempt < retries && (reply.status === 429 || reply.status >= 500)) {
          await this.pause(init, attempt, `HTTP ${reply.status}`, reply.headers.get('retry-after'));
          continue;
        }
        return reply;
      } catch (error) {
        if (!(error instanceof TransportError) || attempt >= retries) throw error;
        await this.pause(init, attempt, error.code, null);
      }
    }
  }

  private async inRunSlot<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.options.runSlots?.acquire();
    try {
      return await task();
    } finally {
      release?.();
    }
  }

  private async pause(init: SendOptions, attempt: number, reason: string, retryAfter: string | null): Promise<void> {
    const delayMs = this.backoff(attempt, retryAfter);
    this.options.onRetry?.({ endpointId: init.endpointId ?? 'http', attempt: attempt + 1, delayMs, reason });
    await sleep(delayMs);
  }

  private backoff(attempt: number, retryAfter: string | null): number {
    const base = this.options.backoffMs ?? 200;
    const hinted = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
    return Math.min(10_000, Math.max(hinted, base * 2 ** attempt));
  }

  private async sendOnce(path: string, init: SendOptions, method: string): Promise<RawReply> {
    let url = this.url(path);
    let currentMethod = method;
    let body = init.body;
    for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
      const headers: Record<string, string> = { accept: ACCEPT, ...init.headers };
      const cookie = await this.jar.getCookieString(url);
      if (cookie) headers.cookie = cookie;
      const exchange: Exchange = {
        endpointId: init.endpointId ?? 'http',
        method: currentMethod,
        url,
        requestHeaders: headers,
        requestBody: body,
        responseHeaders: {},
      };
      // Every hop, the first and each redirect, passes the write guard: a write never reaches a protected host.
      const refused = await this.guard.refusal(currentMethod, url);
      if (refused) throw new WriteRefusedError(refused, maskExchange(exchange));
      const started = performance.now();
      const timeoutMs = this.options.timeoutMs ?? 30_000;
      const pending = startRequest(maskExchange(exchange));
      let response: Response;
      let text: string;
      try {
        // One timeout for the whole exchange: an answer whose body never ends is no answer either.
        response = await fetch(url, { method: currentMethod, headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        exchange.status = response.status;
        exchange.responseHeaders = headersToRecord(response.headers);
        text = await response.text();
      } catch (error) {
        exchange.durationMs = performance.now() - started;
        const status = exchange.status;
        if (status !== undefined) exchange.responseBody = `(the body did not finish within ${timeoutMs / 1000} s)`;
        // No whole answer: kept as none (the coverage and the evidence read a status-less exchange so), its headers shown.
        const lost = maskExchange({ ...exchange, status: undefined });
        pending.end();
        tapWire(lost);
        throw new TransportError(lost, transportCode(error), error, status);
      }
      pending.end();
      for (const c of response.headers.getSetCookie()) {
        const stored = await this.jar.setCookie(c, url, { ignoreError: true });
        registerSecret(stored?.value);
      }
      // A page's anti-forgery tokens are secrets before anyone reads them: mask them in this exchange too.
      if (text.includes(TOKEN_FIELD)) for (const token of tokensIn(text)) registerSecret(token);
      exchange.responseBody = text;
      exchange.durationMs = performance.now() - started;
      const masked = maskExchange(exchange);
      this.options.onExchange?.(masked);
      for (const listener of this.exchangeListeners) listener(masked);
      tapWire(masked);
      const location = response.headers.get('location');
      if (init.follow && location && response.status >= 300 && response.status < 400) {
        url = new URL(location, url).toString();
        if (response.status !== 307 && response.status !== 308) {
          currentMethod = 'GET';
          body = undefined;
        }
        continue;
      }
      return { status: response.status, headers: response.headers, url, text, exchange: masked };
    }
    throw new RedirectLoopError(`${init.endpointId ?? 'http'}: more than ${MAX_REDIRECTS} redirects from ${path}`);
  }
}
