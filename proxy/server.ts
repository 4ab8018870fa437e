// The proxy: a node:http server that forwards every request (forward.ts), rewritten for a
// local session (rewrite.ts), refuses protected writes (safety.ts), injects the mock's faults
// (mock-server/faults.ts), checks each answer against the registry (check.ts), records it (record.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOGIN_PATH } from '../contracts/index.js';
import { controlFaults, faultAnswer, FaultSwitch, type ActiveFault, type FaultSpec } from '../mock-server/faults.js';
import { harvest } from '../reporting/artefact-secrets.js';
import type { AuditOptions } from '../client/drift.js';
import type { Exchange } from '../client/exchange.js';
import { plainTextSecrets, postedSecrets, registerSecret, secretFieldValues } from '../client/secrets.js';
import { checkAnswer, type Checked } from '../client/evidence/answer-check.js';
import { Forwarder, UpstreamFailure, type UpstreamReply } from './forward.js';
import { ProxyRecord, type ProxyEntry } from './record.js';
import { cookiePairs } from '../client/cookies.js';
import { downstreamCookie, downstreamLocation, downstreamText, isText, upstreamHeader, type Origins } from './rewrite.js';
import { routeOf } from '../client/evidence/route-of.js';
import { refusal, type WriteGuard } from './safety.js';
import { protectedBecause, urlHost } from '../settings/same-machine.js';

/** The proxy's own control endpoint for faults (GET lists, POST adds, DELETE clears), as `/__mock/faults` on the mock. */
export const PROXY_FAULTS_PATH = '/__proxy/faults';
/** The record so far (summary, violations, unknown paths) as JSON. */
export const PROXY_RECORD_PATH = '/__proxy/record';

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
}

export interface Proxy {
  url: string;
  port: number;
  record: ProxyRecord;
  faults: FaultSwitch;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<Buffer> => buffer(req);

const headerPairs = (raw: string[]): [string, string][] => {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string]);
  return out;
};
const toRecord = (pairs: [string, string][]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of pairs) {
    const key = k.toLowerCase();
    out[key] = out[key] === undefined ? v : `${out[key]}${key === 'set-cookie' ? '\n' : ', '}${v}`;
  }
  return out;
};
const textOf = (body: Buffer, contentType: string): string | undefined =>
  !body.length
    ? undefined
    : isText(contentType) || /x-www-form-urlencoded/i.test(contentType)
      ? body.toString('utf8')
      : `(${body.length} bytes of ${contentType || 'unknown type'})`;

/** Every secret a request or answer shows (cookie values, tokens, the password) is registered before anything is recorded or printed. */
function registerSecretsOf(headers: [string, string][], body: string | undefined, query = '', contentType = ''): void {
  const lines = headers.filter(([k]) => /^(cookie|set-cookie|requestverificationtoken)$/i.test(k)).map(([k, v]) => `${k}: ${v}`);
  for (const s of harvest(`${lines.join('\n')}\n${body ?? ''}`)) registerSecret(s);
  // A short password is still a secret (the harvest skips short values); its field is found as MVC binds
  // it, in the body or the query string (MVC binds both).
  const fields = /x-www-form-urlencoded/i.test(contentType)
    ? postedSecrets(body ?? '')
    : /^text\/plain/i.test(contentType)
      ? plainTextSecrets(body ?? '')
      : secretFieldValues(body ?? '');
  for (const v of [...postedSecrets(query), ...fields]) registerSecret(v, { always: true });
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const target = new URL(options.target);
  const forwarder = new Forwarder(target);
  const faults = new FaultSwitch();
  for (const f of options.faults ?? []) faults.inject(f);
  const record = new ProxyRecord(target.origin);
  const host = options.host ?? '127.0.0.1';
  const origins: Origins = { target, proxy: '' };
  // Resolved once: the target and the entries are compared by address (settings/same-machine.ts).
  const protectedWhy = options.guard.protectedHosts.length ? await protectedBecause(target, options.guard.protectedHosts) : null;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req);
    const pathAndQuery = req.url ?? '/';
    const url = new URL(pathAndQuery, target);
    const pathname = url.pathname;
    const lower = pathname.toLowerCase();

    if (lower === PROXY_FAULTS_PATH) {
      const answer = controlFaults(faults, method, body.toString('utf8'));
      const json = answer?.json === undefined ? '' : JSON.stringify(answer.json);
      res.writeHead(answer?.status ?? 405, json ? { 'content-type': 'application/json; charset=utf-8' } : {});
      res.end(json);
      return;
    }
    if (lower === PROXY_RECORD_PATH && method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          violations: record.violations.map((e) => ({ ...e, exchange: undefined })),
          endpoints: record.summary(),
          unknownPaths: record.unknownPaths(),
        }),
      );
      return;
    }

    const route = routeOf(method, pathAndQuery);
    const endpointId = route?.id ?? '(unknown)';
    const requestHeaders = headerPairs(req.rawHeaders)
      .map(([k, v]): [string, string] => [k, k.toLowerCase() === 'cookie' ? faults.screenCookies(v) : upstreamHeader(k, v, origins)])
      .filter(([k, v]) => k.toLowerCase() !== 'cookie' || v.trim() !== '');
    const contentType = req.headers['content-type'] ?? '';
    const requestText = textOf(body, contentType);
    // A multipart body is recorded by its size only, but its password field is still a secret to mask in the answer.
    const multipart = /^multipart\/form-data/i.test(contentType) ? body.toString('utf8') : undefined;
    registerSecretsOf(requestHeaders, multipart ?? requestText, url.search, contentType);
    const exchange: Exchange = {
      endpointId,
      method,
      url: url.toString(),
      requestHeaders: toRecord(requestHeaders),
      requestBody: requestText,
      responseHeaders: {},
    };
    const finish = (status: number | null, checked: Checked) => {
      const ms = Math.round(performance.now() - started);
      options.onExchange?.({ ...exchange, status: status ?? undefined });
      const entry = record.add(
        {
          endpointId,
          method,
          path: pathAndQuery,
          status,
          ms,
          verdict: checked.verdict,
          issues: checked.issues,
          note: checked.note,
          exchange: { ...exchange, status: status ?? undefined, durationMs: ms },
        },
        checked.drift,
      );
      options.onEntry?.(entry);
    };
    const answer = (status: number, headers: Record<string, string>, text: string, checked: Checked) => {
      exchange.responseHeaders = headers;
      exchange.responseBody = text;
      res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
      finish(status, checked);
    };

    const refused = refusal(method, pathAndQuery, protectedWhy, options.guard);
    if (refused) {
      answer(403, { 'content-type': 'text/plain; charset=utf-8' }, `${refused}\n`, {
        verdict: 'refused',
        issues: [],
        note: 'protected host',
      });
      return;
    }

    const fault: ActiveFault | undefined = faults.take(method, pathname);
    const injected = (kind: string): Checked => ({ verdict: 'fault', issues: [], note: kind });
    switch (fault?.fault) {
      case 'reset':
        req.socket.resetAndDestroy();
        finish(null, injected('reset'));
        return;
      case 'close':
        req.socket.destroy();
        finish(null, injected('close'));
        return;
      case 'delay':
        await sleep(fault.ms ?? 0);
        break;
      case '429':
      case '500': {
        const r = faultAnswer({ ...fault, fault: fault.fault });
        answer(r.status, Object.fromEntries(r.headers), await r.text(), injected(fault.fault));
        return;
      }
      case 'expire': {
        // Interface doc, Errors: an expired session redirects to login; the cookies this
        // request carried are dropped from every later one, so the target sees no session.
        faults.expire(cookiePairs(req.headers.cookie ?? null).filter((c) => c.includes('=')));
        answer(
          302,
          { location: `${LOGIN_PATH}?ReturnUrl=${encodeURIComponent(pathAndQuery)}`, 'content-type': 'text/html; charset=utf-8' },
          '',
          injected('expire'),
        );
        return;
      }
      case undefined:
        break;
    }

    let reply: UpstreamReply;
    try {
      reply = await forwarder.send(method, pathAndQuery, requestHeaders, body);
    } catch (error) {
      const e = error instanceof UpstreamFailure ? error : new UpstreamFailure('other', 'EFAILED', String(error));
      const checked: Checked = { verdict: 'no answer', issues: [], note: `${e.kind === 'other' ? e.code : e.kind} from the target` };
      // The client meets what the target did: a reset as a reset (the request filter), a close as a close.
      if (e.kind === 'reset') req.socket.resetAndDestroy();
      else if (e.kind === 'close') req.socket.destroy();
      else {
        answer(
          502,
          { 'content-type': 'text/plain; charset=utf-8' },
          `hb-proxy: no answer from ${target.origin}: ${e.code} ${e.message}\n`,
          checked,
        );
        return;
      }
      finish(null, checked);
      return;
    }

    const upstream = toRecord(reply.headers);
    const type = upstream['content-type'] ?? '';
    const text = textOf(reply.body, type);
    registerSecretsOf(reply.headers, text);
    exchange.responseHeaders = upstream;
    exchange.responseBody = text;
    const checked = checkAnswer(
      route,
      {
        method,
        url,
        status: reply.status,
        location: upstream.location ?? null,
        contentType: type,
        body: isText(type) ? reply.body.toString('utf8') : '',
      },
      options.audit,
    );

    const out: [string, string][] = reply.headers.map(([k, v]): [string, string] => {
      const key = k.toLowerCase();
      if (key === 'location') return [k, downstreamLocation(v, origins)];
      if (key === 'set-cookie') return [k, downstreamCookie(v)];
      return [k, v];
    });
    const sent = isText(type) ? Buffer.from(downstreamText(reply.body.toString('utf8'), origins)) : reply.body;
    out.push(['Content-Length', String(sent.length)]);
    res.writeHead(reply.status, reply.statusMessage, out.flat());
    res.end(sent);
    finish(reply.status, checked);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`hb-proxy: internal error on ${req.method} ${req.url}: ${(error as Error).message}\n`);
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origins.proxy = `http://${urlHost(host)}:${port}`;
  return {
    url: origins.proxy,
    port,
    record,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        forwarder.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
