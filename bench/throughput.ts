// The grid endpoint's throughput and latency on the mock against a bare node:http server sending the
// same bytes: bounded keep-alive loops on 127.0.0.1, the two servers in a child process (`--serve`).
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { endpoints } from '../contracts/index.js';
import { childEnv, startNode } from '../child-runs/child-run.js';
import type { Measure } from './measure.js';
import { round, verdict } from './report.js';

interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A bounded load loop: `total` GETs over `connections` keep-alive sockets to 127.0.0.1. */
async function load(url: string, cookie: string, total: number, connections: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: { cookie } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors += 1;
            latencies.push(performance.now() - t);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (issued < total) {
        issued += 1;
        await one();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0, 2);
  return { requests: total, seconds: round(seconds, 2), rps: Math.round(total / seconds), p50: pct(0.5), p99: pct(0.99), errors };
}

export const throughput: Measure = async (o) => {
  const child = startNode(['--import', 'tsx', 'scripts/bench.ts', '--serve'], childEnv({}));
  try {
    const line = (await child.waitFor(/^\{.*\}$/m, 60_000))[0];
    const info = JSON.parse(line) as { mock: string; bare: string; cookie: string; bytes: number };
    const warm = Math.ceil(o.requests / 10);
    await load(info.mock, info.cookie, warm, o.connections);
    await load(info.bare, info.cookie, warm, o.connections);
    // Two interleaved rounds; the better of each, so a noisy neighbour does not decide the ratio.
    const rounds: { mock: LoadResult; bare: LoadResult }[] = [];
    for (let i = 0; i < 2; i++) {
      rounds.push({
        mock: await load(info.mock, info.cookie, o.requests, o.connections),
        bare: await load(info.bare, info.cookie, o.requests, o.connections),
      });
    }
    const best = (k: 'mock' | 'bare') => rounds.map((r) => r[k]).sort((a, b) => b.rps - a.rps)[0] as LoadResult;
    const [mock, bare] = [best('mock'), best('bare')];
    const ratio = round(mock.rps / bare.rps, 3);
    return {
      result: { bytes: info.bytes, connections: o.connections, mock, bare, ratio },
      rows: [
        { measure: 'grid throughput, mock', value: `${mock.rps} req/s, p50 ${mock.p50} ms, p99 ${mock.p99} ms` },
        { measure: 'grid throughput, bare node:http', value: `${bare.rps} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms` },
        {
          measure: 'mock / bare throughput',
          value: `${(ratio * 100).toFixed(1)} % (${info.bytes} B body, ${o.connections} connections, ${mock.requests} requests)`,
          target: '≥ 25 %',
          status: verdict(ratio >= 0.25),
        },
      ],
    };
  } finally {
    await child.stop('SIGTERM');
  }
};

/** Child mode: the mock and a bare server answering the grid's bytes; prints their URLs as one JSON line. */
export async function serve(): Promise<void> {
  const { startMockServer } = await import('../mock-server/server.js');
  const { AUTH_COOKIE } = await import('../mock-server/session.js');
  const mock = await startMockServer({});
  const ctx = mock.context;
  const cookie = `${AUTH_COOKIE}=${ctx.keys.issueTicket({ user: ctx.credentials.email, issued: Date.now(), epoch: ctx.sessionEpoch })}`;
  const path = `${endpoints.listBookingsForHallGrid.path}?id=${ctx.hallId}`;
  const sample = await fetch(`${mock.url}${path}`, { headers: { cookie } });
  if (sample.status !== 200) throw new Error(`bench: the mock's grid answered ${sample.status}`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const type = sample.headers.get('content-type') ?? 'application/json';
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': type, 'content-length': String(bytes.length) });
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as AddressInfo).port;
  const stop = () => {
    bare.close();
    void mock.close().then(() => process.exit(0));
  };
  // Before the ready line: a parent that stops it as soon as it reads the line meets the handlers.
  createInterface({ input: process.stdin }).on('close', stop);
  process.on('SIGTERM', stop);
  console.log(JSON.stringify({ mock: `${mock.url}${path}`, bare: `http://127.0.0.1:${barePort}${path}`, cookie, bytes: bytes.length }));
}
