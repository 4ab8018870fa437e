// The mock's memory under a long session: a standalone mock (its own process, as `npm run mock`
// runs) takes `requests` mixed requests over keep-alive sockets and `bigBodies` bodies of `bigBytes`
// each (answered 413), then its resident memory is read from /proc. Loops are bounded in count and
// time and go to 127.0.0.1 only.
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { endpoints, LOGIN_PATH } from '../contracts/index.js';
import { childEnv, startNode } from '../child-runs/child-run.js';
import { HbClient } from '../client/client.js';
import type { Measure } from './measure.js';
import { verdict } from './report.js';

/**
 * Over the soak the mock's memory levels off: from the first half of the requests to the end it may
 * rise at most SOAK_SLOPE_MB (it kept every request and body before, and rose all the way), and in all
 * at most SOAK_GROWTH_MB over its idle start (the heap's first growth and the 10 MB bodies' buffers).
 */
const SOAK_SLOPE_MB = 16;
const SOAK_GROWTH_MB = 150;

interface SoakResult {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  bigBodies: number;
  bigStatuses: Record<string, number>;
  rssStartMb: number;
  /** RSS after each tenth of the requests: a plateau, not a slope, is what bounded memory looks like. */
  rssSamplesMb: number[];
  rssAfterMb: number;
  growthMb: number;
  /** RSS at the end of the requests less the median RSS over their first half: a slope, if memory keeps growing. */
  slopeMb: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Resident memory of a process, in MB (Linux). */
const rssMb = (pid: number): number => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 102.4) / 10;
};

function send(agent: Agent, url: URL, init: { method?: string; headers?: Record<string, string>; body?: Buffer }): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? 'GET', agent, headers: init.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(init.body);
  });
}

async function soak({ requests = 100_000, bigBodies = 10, bigBytes = 10 * 1024 * 1024, connections = 8, maxSeconds = 300 } = {}) {
  const child = startNode(['--import', 'tsx', 'mock-server/cli.ts', '--port', '0'], childEnv({}));
  try {
    await child.waitFor(/^Faults on:/m, 60_000);
    const banner = child.output();
    const base = /listening on (http:\/\/[\d.:]+)/.exec(banner)?.[1] ?? '';
    const email = /email:\s+(\S+)/.exec(banner)?.[1] ?? '';
    const password = /password:\s+(\S+)/.exec(banner)?.[1] ?? '';
    const hallId = Number(/hall id:\s+(\d+)/.exec(banner)?.[1]);
    const api = new HbClient({ baseUrl: base, email, password, hallId });
    await api.login();
    const cookie = (await api.jar.getCookieString(base)) || '';
    const rssStartMb = rssMb(child.pid);
    const today = new Date().toISOString().slice(0, 10);
    // A mix of what a session sends: pages, the grid, the keepalive, the feed, refused posts and unknown paths.
    const mix: { path: string; method?: string; body?: Buffer; headers?: Record<string, string> }[] = [
      { path: LOGIN_PATH },
      { path: `${endpoints.listBookingsForHallGrid.path}?id=${hallId}`, headers: { cookie } },
      { path: endpoints.checkSession.path, headers: { cookie } },
      {
        path: `${endpoints.listSchedulerEvents.path}?HallId=${hallId}&start=${today}T00:00:00Z&end=${today}T23:59:59Z`,
        headers: { cookie },
      },
      {
        path: LOGIN_PATH,
        method: 'POST',
        body: Buffer.from('Email=a&Password=b'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { path: '/no/such/page' },
    ];
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    const statuses: Record<string, number> = {};
    const started = performance.now();
    let issued = 0;
    const rssSamplesMb: number[] = [];
    const tenth = Math.max(1, Math.floor(requests / 10));
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (issued < requests && performance.now() - started < maxSeconds * 1000) {
          const m = mix[issued++ % mix.length]!;
          const status = await send(agent, new URL(m.path, base), m);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (issued % tenth === 0) rssSamplesMb.push(rssMb(child.pid));
        }
      }),
    );
    const bigStatuses: Record<string, number> = {};
    const big = Buffer.alloc(bigBytes, 0x61);
    for (let i = 0; i < bigBodies; i++) {
      const status = await send(agent, new URL(endpoints.checkAvailability.path, base), {
        method: 'POST',
        body: big,
        headers: { cookie, 'content-type': 'application/json' },
      });
      bigStatuses[status] = (bigStatuses[status] ?? 0) + 1;
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    agent.destroy();
    // A moment for the collector to run before the reading.
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfterMb = rssMb(child.pid);
    return {
      requests: issued,
      seconds,
      statuses,
      bigBodies,
      bigStatuses,
      rssStartMb,
      rssSamplesMb,
      rssAfterMb,
      growthMb: Math.round((rssAfterMb - rssStartMb) * 10) / 10,
      slopeMb: Math.round(((rssSamplesMb.at(-1) ?? 0) - median(rssSamplesMb.slice(0, Math.ceil(rssSamplesMb.length / 2)))) * 10) / 10,
    } satisfies SoakResult;
  } finally {
    await child.stop('SIGTERM');
  }
}

export const soakMeasure: Measure = async () => {
  const s = await soak();
  const ok = s.slopeMb <= SOAK_SLOPE_MB && s.growthMb <= SOAK_GROWTH_MB && s.bigStatuses['413'] === s.bigBodies;
  const value =
    `${s.rssAfterMb} MB (${s.rssStartMb} at start, +${s.slopeMb} over the second half; ` + `10 MB bodies ${JSON.stringify(s.bigStatuses)})`;
  const target = `≤ +${SOAK_SLOPE_MB} MB over the second half, ≤ +${SOAK_GROWTH_MB} MB in all, all 413`;
  return {
    result: s,
    rows: [{ measure: `mock RSS after ${s.requests} requests + ${s.bigBodies} × 10 MB`, value, target, status: verdict(ok) }],
  };
};
