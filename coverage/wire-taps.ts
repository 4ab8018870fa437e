// Where a worker sees the wire: the Node clients' transport, every Playwright APIRequestContext
// (the `request` fixture, `request.newContext()`, `page.request`), and every browser context's
// page loads and fetches. Each exchange goes to `observe` as an Observation.
import type { APIRequestContext, APIResponse, Browser, BrowserContext, PlaywrightWorkerArgs, Request, Response } from '@playwright/test';
import type { Exchange } from '../client/exchange.js';
import { wireTaps } from '../client/wire-tap.js';
import { wantsBody, type Observation } from './observe.js';

type Observe = (o: Observation) => void;

const fromExchange = (x: Exchange): Observation => ({
  method: x.method,
  url: x.url,
  status: x.status ?? null,
  location: x.responseHeaders.location,
  requestHeaders: x.requestHeaders,
  requestBody: x.requestBody,
  responseBody: x.responseBody,
});

type Fetch = APIRequestContext['fetch'];
type FetchOptions = NonNullable<Parameters<Fetch>[1]>;

function formText(options: FetchOptions): string | undefined {
  if (options.form && typeof options.form === 'object' && !(options.form instanceof FormData)) {
    return new URLSearchParams(Object.entries(options.form as Record<string, string>).map(([k, v]) => [k, String(v)])).toString();
  }
  const data: unknown = options.data;
  if (typeof data === 'string') return data;
  if (data instanceof Buffer) return data.toString('utf8');
  return data === undefined ? undefined : JSON.stringify(data);
}

/** Wrap APIRequestContext.prototype.fetch (get, post, … go through it): one patch for every request context of the worker. */
async function tapRequestContexts(playwright: PlaywrightWorkerArgs['playwright'], observe: Observe): Promise<() => void> {
  const probe = await playwright.request.newContext();
  const proto = Object.getPrototypeOf(probe) as { fetch: Fetch };
  await probe.dispose();
  const original = proto.fetch;
  proto.fetch = async function (this: APIRequestContext, urlOrRequest, options: FetchOptions = {}) {
    const method = (options.method ?? (typeof urlOrRequest === 'string' ? 'GET' : urlOrRequest.method())).toUpperCase();
    const asked = typeof urlOrRequest === 'string' ? urlOrRequest : urlOrRequest.url();
    const requestBody = formText(options);
    let response: APIResponse;
    try {
      response = await original.call(this, urlOrRequest, options);
    } catch (error) {
      observe({ method, url: asked, status: null, requestHeaders: options.headers, requestBody });
      throw error;
    }
    const headers = response.headers();
    const body = wantsBody(method, response.url(), response.status()) ? await response.text().catch(() => undefined) : undefined;
    observe({
      method,
      // A relative URL resolves against the context's baseURL: the final URL's origin stands in for it.
      url: new URL(asked, response.url()).toString(),
      status: response.status(),
      location: headers.location,
      finalUrl: response.url(),
      requestHeaders: options.headers,
      requestBody,
      responseBody: body,
    });
    return response;
  };
  return () => {
    proto.fetch = original;
  };
}

/** A browser context's page loads, fetches and redirect hops, and requests that got no answer. */
function tapContext(context: BrowserContext, observe: Observe): void {
  const seen = new WeakSet<Request>();
  const record = async (request: Request, response: Response | null) => {
    if (seen.has(request)) return;
    seen.add(request);
    const status = response?.status() ?? null;
    const body =
      response && status !== null && wantsBody(request.method(), request.url(), status)
        ? await response.text().catch(() => undefined)
        : undefined;
    observe({
      method: request.method(),
      url: request.url(),
      status,
      location: response ? (await response.allHeaders().catch(() => response.headers())).location : undefined,
      requestHeaders: request.headers(),
      requestBody: request.postData() ?? undefined,
      responseBody: body,
    });
  };
  context.on('response', (response) => {
    // Redirect hops: each earlier request of the chain has its own (3xx) answer.
    for (let r = response.request().redirectedFrom(); r; r = r.redirectedFrom()) void r.response().then((x) => record(r, x));
    void record(response.request(), response);
  });
  context.on('requestfailed', (request) => void record(request, null));
}

/** Wrap the launch of the worker's browser so every context it opens is tapped (the `context` fixture's and a test's own). */
function tapBrowsers(playwright: PlaywrightWorkerArgs['playwright'], observe: Observe): () => void {
  const types = [playwright.chromium, playwright.firefox, playwright.webkit];
  const originals = types.map((t) => t.launch.bind(t));
  types.forEach((type, i) => {
    type.launch = async (...args: Parameters<typeof type.launch>) => {
      const browser: Browser = await (originals[i] as typeof type.launch)(...args);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options: Parameters<Browser['newContext']>) => {
        const context = await newContext(...options);
        tapContext(context, observe);
        return context;
      };
      return browser;
    };
  });
  return () => types.forEach((type, i) => (type.launch = originals[i] as typeof type.launch));
}

/** Tap every client of this worker; returns the undo. */
export async function tapWorker(playwright: PlaywrightWorkerArgs['playwright'], observe: Observe): Promise<() => void> {
  const node = (x: Exchange) => observe(fromExchange(x));
  wireTaps.add(node);
  const undoRequests = await tapRequestContexts(playwright, observe);
  const undoBrowsers = tapBrowsers(playwright, observe);
  return () => {
    wireTaps.delete(node);
    undoRequests();
    undoBrowsers();
  };
}
