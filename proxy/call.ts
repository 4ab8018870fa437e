// One request through the proxy, as its steps pass it on (proxy/steps.ts, proxy/pass-on.ts): the proxy's
// options and parts, the call, and how a call is answered and recorded once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultSpec, FaultSwitch } from '../mock-server/faults.js';
import { harvest } from '../reporting/artefact-secrets.js';
import type { AuditOptions } from '../client/drift.js';
import type { Exchange } from '../client/exchange.js';
import {
  CREDENTIAL_HEADER,
  credentialSecrets,
  plainTextSecrets,
  postedSecrets,
  registerSecret,
  secretFieldValues,
} from '../client/secrets.js';
import type { Checked } from '../client/evidence/answer-check.js';
import type { routeOf } from '../client/evidence/route-of.js';
import type { Forwarder, StreamedBody } from './forward.js';
import type { ProxyEntry, ProxyRecord } from './record.js';
import { isText, type Origins } from './rewrite.js';
import type { WriteGuard } from './safety.js';

/** One exchange's whole time, from the request to the answer's last byte: a target streaming without end is cut here. */
const EXCHANGE_TIMEOUT_MS = 120_000;

export interface ProxyOptions {
  /** Origin of the server behind the proxy (http or https). */
  target: string;
  /** Port to listen on; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Faults switched on from the start (`--fault`). */
  faults?: FaultSpec[];
  guard: WriteGuard;
  /** Strictness and baseline of the drift audit, as in the suite. */
  audit: AuditOptions;
  /** Called with every recorded exchange (the CLI prints its line, and a violation's line at once). */
  onEntry?: (entry: ProxyEntry) => void;
  /** Called with every exchange before it is masked and capped (`--record` reads the hall's state from the answers). */
  onExchange?: (exchange: Exchange) => void;
  /** One exchange's whole time limit, in ms (default two minutes). */
  exchangeTimeoutMs?: number;
}

/** What every step shares: the proxy's parts. */
export interface ProxyContext {
  options: ProxyOptions;
  target: URL;
  forwarder: Forwarder;
  faults: FaultSwitch;
  record: ProxyRecord;
  origins: Origins;
  /** Why the target is protected (resolved once at start), null when it is not. */
  protectedWhy: string | null;
}

/** One request on its way through the steps. */
export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  pathAndQuery: string;
  url: URL;
  route: ReturnType<typeof routeOf>;
  requestHeaders: [string, string][];
  body: Buffer | StreamedBody;
  exchange: Exchange;
  started: number;
  /** Aborts the exchange: its time is up, or the client left. */
  signal: AbortSignal;
  /** Set once recorded: a call is recorded once. */
  done?: boolean;
}

export const headerPairs = (raw: string[]): [string, string][] => {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string]);
  return out;
};
export const toRecord = (pairs: [string, string][]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of pairs) {
    const key = k.toLowerCase();
    out[key] = out[key] === undefined ? v : `${out[key]}${key === 'set-cookie' ? '\n' : ', '}${v}`;
  }
  return out;
};
export const textOf = (body: Buffer, contentType: string): string | undefined =>
  !body.length
    ? undefined
    : isText(contentType) || /x-www-form-urlencoded/i.test(contentType)
      ? body.toString('utf8')
      : `(${body.length} bytes of ${contentType || 'unknown type'})`;

/** Every secret a request or answer shows (cookies, tokens, credentials, the password) is registered before anything is recorded. */
export function registerSecretsOf(headers: [string, string][], body: string | undefined, query = '', contentType = ''): void {
  const lines = headers.filter(([k]) => CREDENTIAL_HEADER.test(k)).map(([k, v]) => `${k}: ${v}`);
  for (const s of harvest(`${lines.join('\n')}\n${body ?? ''}`)) registerSecret(s);
  // A short password is still a secret (the harvest skips short values); its field is found as MVC binds
  // it, in the body or the query string (MVC binds both).
  const fields = /x-www-form-urlencoded/i.test(contentType)
    ? postedSecrets(body ?? '')
    : /^text\/plain/i.test(contentType)
      ? plainTextSecrets(body ?? '')
      : secretFieldValues(body ?? '');
  const credentials = headers.flatMap(([k, v]) => credentialSecrets(k, v));
  for (const v of [...postedSecrets(query), ...fields, ...credentials]) registerSecret(v, { always: true });
}

/** Record the call once, with its status (null: no answer) and verdict. */
export function finish(ctx: ProxyContext, call: Call, status: number | null, checked: Checked): void {
  if (call.done) return;
  call.done = true;
  const ms = Math.round(performance.now() - call.started);
  const exchange = { ...call.exchange, status: status ?? undefined, durationMs: ms };
  ctx.options.onExchange?.(exchange);
  const { drift, ...verdict } = checked;
  const entry = ctx.record.add(
    { endpointId: exchange.endpointId, method: call.method, path: call.pathAndQuery, status, ms, ...verdict, exchange },
    drift,
  );
  ctx.options.onEntry?.(entry);
}

/** Answer the client with the proxy's own text (a refusal, a fault, a failure) and record it. */
export function answer(
  ctx: ProxyContext,
  call: Call,
  status: number,
  headers: Record<string, string>,
  text: string,
  checked: Checked,
): void {
  call.exchange.responseHeaders = headers;
  call.exchange.responseBody = text;
  if (!call.res.headersSent) call.res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
  call.res.end(text);
  finish(ctx, call, status, checked);
}

export const timeoutOf = (ctx: ProxyContext): number => ctx.options.exchangeTimeoutMs ?? EXCHANGE_TIMEOUT_MS;
