// The browser's write guard: a local forward proxy every request of the suite's browser goes through in a run
// that may write to a remote target (fixtures/core.ts), each redirect hop included (Chromium follows redirects
// inside its network stack, where no route sees them). A request is held to the run's write guard
// (settings/write-guard.ts) and passed on byte for byte as Chromium made it; a refused one is answered 403 and
// noted. An https destination is a tunnel whose requests cannot be read: a protected host is not connected to.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { RequestGuard } from '../settings/write-guard.js';

/** RFC 9110 §7.6.1, and the proxy's own: not passed on. */
const HOP_BY_HOP = /^(connection|keep-alive|proxy-connection|proxy-authorization|te|trailer|transfer-encoding|upgrade)$/i;

export interface BrowserGuard {
  /** The proxy's URL, for the browser context's `proxy.server`. */
  url: string;
  /** Every refusal so far, one line each. */
  readonly refused: string[];
  close(): Promise<void>;
}

/** A plain http request, in absolute form: checked, then sent on with the browser's own headers and body. */
async function forwardRequest(guard: RequestGuard, refused: string[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = URL.canParse(req.url ?? '') ? new URL(req.url ?? '') : undefined;
  if (!target) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('hb-suite browser guard: not a proxy request\n');
  const why = await guard.refusal(req.method ?? 'GET', target);
  if (why) {
    refused.push(why);
    return void res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(`hb-suite write guard: ${why}\n`);
  }
  const headers: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.test(req.rawHeaders[i] as string)) headers.push(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const upstream = request(
    {
      host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: target.port,
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers,
      setHost: false,
    },
    (answer) => {
      const out: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.test(answer.rawHeaders[i] as string)) out.push(answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string);
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.pipe(res);
    },
  );
  // The browser meets what the target did: a reset as a reset (the request filter), anything else as a closed connection.
  upstream.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? req.socket.resetAndDestroy() : req.socket.destroy()));
  req.pipe(upstream);
}

/** An https tunnel (CONNECT host:port): opened unless writes to that host are refused, as its writes cannot be told from its reads. */
async function openTunnel(guard: RequestGuard, refused: string[], req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
  const [host = '', port = '443'] = (req.url ?? '').split(/:(?=\d+$)/);
  const why = await guard.whyProtected(`https://${host}:${port}`);
  if (why) {
    refused.push(`CONNECT ${req.url} refused: an https connection's writes cannot be told from its reads, and ${why}`);
    return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  }
  const upstream = connect(Number(port), host.replace(/^\[(.*)\]$/, '$1'), () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
}

/** Start the guard on a free port of this machine. */
export async function startBrowserGuard(guard: RequestGuard): Promise<BrowserGuard> {
  const refused: string[] = [];
  const server = createServer((req, res) => void forwardRequest(guard, refused, req, res).catch(() => req.socket.destroy()));
  server.on(
    'connect',
    (req: IncomingMessage, client: Socket, head: Buffer) =>
      void openTunnel(guard, refused, req, client, head).catch(() => client.destroy()),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, refused, close };
}
