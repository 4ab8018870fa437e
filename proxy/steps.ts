// The steps before the forward: the proxy's own control endpoints, the call read from the request (its body up
// to the limit, streamed on past it), the write guard (safety.ts) and the faults (mock-server/faults.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOGIN_PATH } from '../contracts/index.js';
import { controlFaults, faultAnswer } from '../mock-server/faults.js';
import type { Exchange } from '../client/exchange.js';
import type { Checked } from '../client/evidence/answer-check.js';
import { routeOf } from '../client/evidence/route-of.js';
import { cookiePairs } from '../wire/cookies.js';
import { BodyTally, BODY_LIMIT, readUpTo } from './bodies.js';
import type { StreamedBody } from './forward.js';
import { upstreamHeader } from './rewrite.js';
import { refusal } from './safety.js';
import { answer, finish, headerPairs, registerSecretsOf, textOf, toRecord, type Call, type ProxyContext } from './call.js';

/** The proxy's own control endpoint for faults (GET lists, POST adds, DELETE clears), as `/__mock/faults` on the mock. */
export const PROXY_FAULTS_PATH = '/__proxy/faults';
/** The record so far (summary, violations, unknown paths) as JSON. */
export const PROXY_RECORD_PATH = '/__proxy/record';

/** The proxy's own endpoints (faults, the record so far); true when the request was one. */
export async function control(ctx: ProxyContext, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const lower = new URL(req.url ?? '/', ctx.target).pathname.toLowerCase();
  const method = (req.method ?? 'GET').toUpperCase();
  if (lower === PROXY_FAULTS_PATH) {
    const read = await readUpTo(req, 1024 * 1024);
    const reply = read.whole ? controlFaults(ctx.faults, method, Buffer.concat(read.chunks).toString('utf8')) : { status: 413 };
    const json = reply?.json === undefined ? '' : JSON.stringify(reply.json);
    res.writeHead(reply?.status ?? 405, json ? { 'content-type': 'application/json; charset=utf-8' } : {});
    res.end(json);
    if (!read.whole) req.destroy();
    return true;
  }
  if (lower !== PROXY_RECORD_PATH || method !== 'GET') return false;
  const { record } = ctx;
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      violations: record.violations.map((e) => ({ ...e, exchange: undefined })),
      endpoints: record.summary(),
      unknownPaths: record.unknownPaths(),
    }),
  );
  return true;
}

/** The call from the request: its route, headers as the target should see them, its body read up to the limit. */
export async function begin(ctx: ProxyContext, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<Call> {
  const started = performance.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const pathAndQuery = req.url ?? '/';
  const url = new URL(pathAndQuery, ctx.target);
  const route = routeOf(method, pathAndQuery);
  const requestHeaders = headerPairs(req.rawHeaders)
    .map(([k, v]): [string, string] => [k, k.toLowerCase() === 'cookie' ? ctx.faults.screenCookies(v) : upstreamHeader(k, v, ctx.origins)])
    .filter(([k, v]) => k.toLowerCase() !== 'cookie' || v.trim() !== '');
  const contentType = req.headers['content-type'] ?? '';
  const read = await readUpTo(req);
  const head = Buffer.concat(read.chunks);
  let body: Buffer | StreamedBody = head;
  let requestText = textOf(head, contentType);
  if (!read.whole) {
    // Streamed on to the target; the record keeps its size, hash and first bytes.
    const tally = new BodyTally();
    read.chunks.forEach((c) => tally.add(c));
    req.on('data', (c: Buffer) => tally.add(c));
    body = { read: read.chunks, rest: req, length: req.headers['content-length'] };
    req.once('end', () => (call.exchange.requestBody = tally.summary('streamed on to the target')));
    requestText = `(streamed: over ${BODY_LIMIT / 1024 / 1024} MB)`;
  }
  // A multipart body is recorded by its size only, but its password field is still a secret to mask in the answer.
  const multipart = /^multipart\/form-data/i.test(contentType) ? head.toString('utf8') : undefined;
  registerSecretsOf(requestHeaders, multipart ?? (read.whole ? requestText : head.toString('utf8')), url.search, contentType);
  const exchange: Exchange = {
    endpointId: route?.id ?? '(unknown)',
    method,
    url: url.toString(),
    requestHeaders: toRecord(requestHeaders),
    requestBody: requestText,
    responseHeaders: {},
  };
  const call: Call = { req, res, method, pathAndQuery, url, route, requestHeaders, body, exchange, started, signal };
  return call;
}

/** The write guard: a write to a protected target is answered 403 with the reason; true when it was. */
export function guard(ctx: ProxyContext, call: Call): boolean {
  const refused = refusal(call.method, call.pathAndQuery, ctx.protectedWhy, ctx.options.guard);
  if (!refused) return false;
  if (!Buffer.isBuffer(call.body)) call.req.destroy();
  answer(ctx, call, 403, { 'content-type': 'text/plain; charset=utf-8' }, `${refused}\n`, {
    verdict: 'refused',
    issues: [],
    note: 'protected host',
  });
  return true;
}

/** A fault the request meets: served here (true), or a delay served before the forward (false). */
export async function fault(ctx: ProxyContext, call: Call): Promise<boolean> {
  const met = ctx.faults.take(call.method, call.url.pathname);
  const injected = (kind: string): Checked => ({ verdict: 'fault', issues: [], note: kind });
  switch (met?.fault) {
    case undefined:
      return false;
    case 'delay':
      await sleep(met.ms ?? 0, undefined, { signal: call.signal }).catch(() => undefined);
      return false;
    case 'reset':
      call.req.socket.resetAndDestroy();
      finish(ctx, call, null, injected('reset'));
      return true;
    case 'close':
      call.req.socket.destroy();
      finish(ctx, call, null, injected('close'));
      return true;
    case '429':
    case '500': {
      const r = faultAnswer({ ...met, fault: met.fault });
      answer(ctx, call, r.status, Object.fromEntries(r.headers), await r.text(), injected(met.fault));
      return true;
    }
    case 'expire': {
      // Interface doc, Errors: an expired session redirects to login; the cookies this
      // request carried are dropped from every later one, so the target sees no session.
      ctx.faults.expire(cookiePairs(call.req.headers.cookie ?? null).filter((c) => c.includes('=')));
      const location = `${LOGIN_PATH}?ReturnUrl=${encodeURIComponent(call.pathAndQuery)}`;
      answer(ctx, call, 302, { location, 'content-type': 'text/html; charset=utf-8' }, '', injected('expire'));
      return true;
    }
  }
}
