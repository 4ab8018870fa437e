// The proxy: a node:http server that forwards every request (forward.ts), rewritten for a local
// session (rewrite.ts). Each request passes a chain of small steps, as msw's handlers do: the proxy's own
// control endpoints, the write guard (safety.ts), the faults (mock-server/faults.ts) (proxy/steps.ts), then the
// forward, whose answer is checked against the registry and recorded (proxy/pass-on.ts, record.ts). Bodies are
// held up to a limit and streamed on past it (bodies.ts); every exchange has one overall time limit.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultSwitch } from '../mock-server/faults.js';
import { protectedBecause, urlHost } from '../settings/same-machine.js';
import { timeoutOf, type ProxyContext, type ProxyOptions } from './call.js';
import { Forwarder } from './forward.js';
import { forward } from './pass-on.js';
import { ProxyRecord } from './record.js';
import { begin, control, fault, guard } from './steps.js';

export interface Proxy {
  url: string;
  port: number;
  record: ProxyRecord;
  faults: FaultSwitch;
  close(): Promise<void>;
}

/** One request: the control endpoints, then the steps, within the exchange's time limit; the target is let go when the client leaves. */
async function handle(ctx: ProxyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (await control(ctx, req, res)) return;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('the exchange time limit')), timeoutOf(ctx));
  res.once('close', () => {
    clearTimeout(timer);
    abort.abort(new Error('the client left'));
  });
  const call = await begin(ctx, req, res, abort.signal);
  if (guard(ctx, call) || (await fault(ctx, call))) return;
  await forward(ctx, call);
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const target = new URL(options.target);
  const faults = new FaultSwitch();
  faults.injectAll(options.faults ?? []);
  const host = options.host ?? '127.0.0.1';
  const ctx: ProxyContext = {
    options,
    target,
    forwarder: new Forwarder(target),
    faults,
    record: new ProxyRecord(target.origin),
    origins: { target, proxy: '' },
    // Resolved once: the target and the entries are compared by address (settings/same-machine.ts).
    protectedWhy: options.guard.protectedHosts.length ? await protectedBecause(target, options.guard.protectedHosts) : null,
  };
  const server: Server = createServer((req, res) => {
    handle(ctx, req, res).catch((error: unknown) => {
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
  ctx.origins.proxy = `http://${urlHost(host)}:${port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      ctx.forwarder.close();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: ctx.origins.proxy, port, record: ctx.record, faults, close };
}
