// The real-socket bridge: a node:http server that hands every request to the msw
// handlers through `getResponse`, so browsers, Playwright's request client and Node's
// fetch all meet a real server. `HttpResponse.error()` becomes a real TCP reset; an
// answer marked with CLOSE_MARKER (mock-server/fault-handlers.ts) a close without an answer.
import { startBusyAdministrator } from './busy.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { MockContext, type MockOptions } from './context.js';
import { answerText } from './json-answer.js';
import { CLOSE_MARKER, faultControlHandlers, switchedFaults } from './fault-handlers.js';
import { accountHandlers } from './handlers/account.js';
import { assetHandlers } from './handlers/assets.js';
import { bookingHandlers } from './handlers/bookings.js';
import { bookingPageHandlers } from './handlers/booking-pages.js';
import { browserHandlers } from './handlers/browser.js';
import { catalogHandlers } from './handlers/catalog.js';
import { customerHandlers } from './handlers/customers.js';
import { filterHandlers } from './handlers/filter.js';
import { roomHandlers } from './handlers/rooms.js';
import { schedulerHandlers } from './handlers/scheduler.js';
import { schedulerPageHandlers } from './handlers/scheduler-pages.js';
import { mutantOverride } from './mutants.js';
import { jsonDepthExceeds, MAX_BODY_BYTES, MAX_JSON_DEPTH, readBoundedBody, refusal, routedMethod } from './refusals.js';
import { routeIndex } from './route-index.js';
import { urlHost } from '../settings/same-machine.js';

export interface MockServer {
  url: string;
  port: number;
  context: MockContext;
  close(): Promise<void>;
}

export function buildHandlers(mock: MockContext): RequestHandler[] {
  // msw notes where each handler was declared by reading a new Error's stack; in a Playwright worker,
  // whose source-map support maps every frame of it, that was a second of a harness worker's CPU.
  // The mock never shows the place, so the stacks are taken empty while the handlers are built.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return [...faultControlHandlers(mock), ...filterHandlers(mock), ...routeHandlers(mock)];
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function routeHandlers(mock: MockContext): RequestHandler[] {
  return [
    ...accountHandlers(mock),
    ...bookingHandlers(mock),
    ...bookingPageHandlers(mock),
    ...customerHandlers(mock),
    ...catalogHandlers(mock),
    ...roomHandlers(mock),
    ...schedulerHandlers(mock),
    ...schedulerPageHandlers(mock),
    ...browserHandlers(),
    ...assetHandlers(),
  ];
}

const ORIGINAL_PATH = 'x-mock-original-path';

function toRequest(req: IncomingMessage, base: string, raw: Buffer): Request {
  const url = new URL(req.url ?? '/', base);
  const original = url.pathname;
  // Live notes: paths are case-insensitive; handlers are registered lower-cased.
  url.pathname = url.pathname.toLowerCase();
  // Pairs, not a Headers object: the Request builds its own from them (in order, repeats kept).
  const headers: [string, string][] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (name.toLowerCase() !== ORIGINAL_PATH) headers.push([name, req.rawHeaders[i + 1] as string]);
  }
  headers.push([ORIGINAL_PATH, original]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && raw.length > 0;
  return new Request(url, { method: req.method, headers, body: hasBody ? new Uint8Array(raw) : undefined });
}

/**
 * ASP.NET MVC names the charset of its HTML and JSON answers (`text/html; charset=utf-8`,
 * `application/json; charset=utf-8`); msw's helpers leave it out, so a client that decodes by
 * the header would misread "…" as `â€¦`.
 */
function withCharset(contentType: string): string {
  const [type = ''] = contentType.split(';');
  const textual = /^(text\/html|application\/json)$/i.test(type.trim());
  return textual && !/;\s*charset=/i.test(contentType) ? `${type.trim()}; charset=utf-8` : contentType;
}

/** True when the request target's path holds a malformed percent-escape (`/%ZZ`). */
function malformedPath(target: string): boolean {
  try {
    decodeURIComponent(target.split('?', 1)[0] ?? '');
    return false;
  } catch {
    return true;
  }
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = key === 'content-type' ? withCharset(value) : value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  // A string goes out with the status line and headers in one write; bytes in a second one.
  const body = answerText(response) ?? Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}

/** IIS's answer to a malformed escape in the URL. */
const invalidUrl = () =>
  new Response('<h2>Bad Request - Invalid URL</h2><p>HTTP Error 400. The request URL is invalid.</p>', {
    status: 400,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });

/** The request's body, or the refusal it meets before any handler: a method, a size, a depth, a URL. */
async function admitted(req: IncomingMessage): Promise<{ raw: Buffer } | { refused: Response }> {
  if (!routedMethod(req.method)) {
    return { refused: refusal(405, `Method ${req.method} is not allowed.`, { allow: 'GET, HEAD, POST' }) };
  }
  const raw = await readBoundedBody(req);
  if (!raw) return { refused: refusal(413, `Request Entity Too Large: the body is over ${MAX_BODY_BYTES} bytes.`) };
  if (/json/i.test(req.headers['content-type'] ?? '') && jsonDepthExceeds(raw)) {
    return { refused: refusal(400, `Bad Request: the JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`) };
  }
  // IIS/ASP.NET refuse a malformed escape in the URL with 400 ("Bad Request - Invalid URL").
  if (malformedPath(req.url ?? '/')) return { refused: invalidUrl() };
  return { raw };
}

/** The mock's answer to an admitted request: the overrides', the routes', or a 404 noted as unhandled. */
async function answer(
  mock: MockContext,
  req: IncomingMessage,
  request: Request,
  raw: Buffer,
  next: (request: Request) => Promise<Response | undefined>,
): Promise<Response> {
  mock.receive({
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    rawBody: raw,
    headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
    at: performance.now(),
  });
  const response = await mock.intercept(request, next);
  if (response) return response;
  mock.noteUnhandled({ method: req.method ?? 'GET', path: req.url ?? '/' });
  return new Response(`Mock: no route for ${req.method} ${req.url}\n`, {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** Send the answer, or play it on the socket: `HttpResponse.error()` as a reset, CLOSE_MARKER as a close. */
async function deliver(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (response.type === 'error') {
    req.socket.resetAndDestroy();
    return;
  }
  if (response.headers.has(CLOSE_MARKER)) {
    // A graceful close (FIN) with no status line: the body was read, so no RST follows.
    req.socket.destroy();
    return;
  }
  await send(res, response);
}

function internalError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (!res.headersSent) {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  }
  // The cause goes to the mock's own console; the answer names no file, line or stack.
  console.error(`mock: internal error on ${req.method} ${req.url}: ${(error as Error).message}`);
  res.end(`Mock: internal error on ${req.method} ${req.url}\n`);
}

/** The node:http listener: admit, answer, deliver. `base()` is the origin requests are matched under. */
function requestListener(mock: MockContext, base: () => string) {
  // Built once per server, not per request (npm run bench measures the difference);
  // handlers must therefore read mock.state at request time, never capture it.
  // Faults come from the override stack, before msw. The request filter is the one catch-all
  // handler and reads form bodies only: skipped for other methods, so a GET meets only its route's handler.
  const isCatchAll = (h: RequestHandler) => (h as { info: { path?: unknown } }).info.path === '*';
  const candidates = routeIndex(buildHandlers(mock), (h, method) => !isCatchAll(h) || method === 'POST');
  // The path is read from the request an override hands on, which may differ from the one received.
  const next = (request: Request) => getResponse(candidates(request.method, new URL(request.url).pathname), request, { baseUrl: base() });
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const body = await admitted(req);
      if ('refused' in body) {
        await send(res, body.refused);
        return;
      }
      const request = mock.faults.screen(toRequest(req, base(), body.raw));
      await deliver(req, res, await answer(mock, req, request, body.raw, next));
    } catch (error) {
      internalError(req, res, error);
    }
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/** Start the mock on 127.0.0.1 (port 0 = a free port). */
export async function startMockServer(options: MockOptions & { port?: number; host?: string } = {}): Promise<MockServer> {
  const mock = new MockContext({ listShape: 'array', aliases: 'primary', dashboard404: false, ...options });
  // The server's lifelong overrides: a mutant sees a request first, then the switched faults
  // (`--fault`, /__mock/faults); a test's own (`mock.use(fault(…))`) go in front of both.
  mock.resetHandlers(...(options.mutant ? [mutantOverride(options.mutant)] : []), switchedFaults);
  const host = options.host ?? '127.0.0.1';
  // msw reads the colons of an IPv6 literal (`http://[::1]:4640`) as path parameters: requests are
  // matched under a host name, which no handler reads (redirects are relative).
  const internalHost = urlHost(host).startsWith('[') ? 'localhost' : host;
  let base = `http://${internalHost}`;
  const handle = requestListener(mock, () => base);
  const server: Server = createServer((req, res) => void handle(req, res));
  // Node's and undici's clients drop a socket whose keep-alive hint is ≤ 1 s, so a 1 s
  // timeout meant a new connection per request (npm run bench); close() ends them anyway.
  server.keepAliveTimeout = 5000;
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  base = `http://${internalHost}:${port}`;
  const stopBusy = options.busy ? startBusyAdministrator(mock) : () => undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    port,
    context: mock,
    close: () =>
      new Promise<void>((resolve) => {
        stopBusy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
