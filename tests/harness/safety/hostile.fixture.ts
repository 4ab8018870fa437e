// Small hostile servers standing in for a staging target or a protected host: each answers as its test
// says, notes every request it got (method, path, body), and is closed after the test.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base } from '../../../fixtures/index.js';

/** A request a hostile server got. */
interface Hit {
  method: string;
  path: string;
  body: string;
  /** The body's length in bytes. */
  size: number;
}

export interface Hostile {
  origin: string;
  /** Every request it got, in order. */
  hits: Hit[];
}

type Answer = (req: IncomingMessage, res: ServerResponse, hit: Hit) => void;

export const test = base.extend<{ hostile: (answer: Answer) => Promise<Hostile> }>({
  hostile: async ({}, use) => {
    const servers: ReturnType<typeof createServer>[] = [];
    await use(async (answer) => {
      const hits: Hit[] = [];
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          const hit = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8'), size: body.length };
          hits.push(hit);
          answer(req, res, hit);
        });
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
    });
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
});

export { expect } from '../../../fixtures/index.js';
