// `npm run bench`: wall and CPU time of the full offline run and each project's span, logins per
// run, the mutation run, the last `.ci/run` (or a fresh one), the service suite against a mock
// that answers after 100 ms vs 0 ms, the mock's grid throughput against a bare node:http server
// sending the same bytes, and contract validation of a 20,000-booking grid. Prints a table and
// writes reports/bench.json; the targets are those of the issue ("A fast loop").
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { endpoints } from '../contracts/index.js';
import { childEnv, SERVICE_PROJECTS } from '../fixtures/child-run.js';
import { readJsonReport, testsOf } from '../fixtures/json-report.js';
import { REPO_ROOT } from '../fixtures/paths.js';
import { soak } from './bench-soak.js';

const REPORT = join(REPO_ROOT, 'reports', 'bench.json');
/**
 * Over the soak the mock's memory levels off: from the first half of the requests to the end it may
 * rise at most SOAK_SLOPE_MB (it kept every request and body before, and rose all the way), and in all
 * at most SOAK_GROWTH_MB over its idle start (the heap's first growth and the 10 MB bodies' buffers).
 */
const SOAK_SLOPE_MB = 16;
const SOAK_GROWTH_MB = 150;
/** Written by .ci/run: its steps' seconds on the last run. */
const CI_REPORT = join(REPO_ROOT, 'reports', 'ci.json');
const GRID_PATH = endpoints.listBookingsForHallGrid.path;

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    'skip-suite': { type: 'boolean', default: false },
    'skip-mutation': { type: 'boolean', default: false },
    'skip-staging': { type: 'boolean', default: false },
    /** Only the mock's memory under a long session (the soak). */
    'soak-only': { type: 'boolean', default: false },
    ci: { type: 'boolean', default: false },
    latency: { type: 'string', default: '100' },
    requests: { type: 'string', default: '4000' },
    connections: { type: 'string', default: '8' },
    rows: { type: 'string', default: '20000' },
  },
});

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

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function throughput(requests: number, connections: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve'], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench: the server process exited (${code})`)));
  });
  const info = JSON.parse(line) as { mock: string; bare: string; cookie: string; bytes: number };
  const warm = Math.ceil(requests / 10);
  await load(info.mock, info.cookie, warm, connections);
  await load(info.bare, info.cookie, warm, connections);
  // Two interleaved rounds; the better of each, so a noisy neighbour does not decide the ratio.
  const rounds: { mock: LoadResult; bare: LoadResult }[] = [];
  for (let i = 0; i < 2; i++) {
    rounds.push({
      mock: await load(info.mock, info.cookie, requests, connections),
      bare: await load(info.bare, info.cookie, requests, connections),
    });
  }
  child.stdin.end();
  const best = (k: 'mock' | 'bare') => rounds.map((r) => r[k]).sort((a, b) => b.rps - a.rps)[0] as LoadResult;
  const mock = best('mock');
  const bare = best('bare');
  return { bytes: info.bytes, connections, mock, bare, ratio: round(mock.rps / bare.rps, 3) };
}

function validation(rows: number) {
  const schema = endpoints.listBookingsForHallGrid.response;
  const statuses = ['Requested', 'Confirmed', 'Cancelled'] as const;
  const items = Array.from({ length: rows }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    return {
      BookingId: 100000 + i,
      BookingName: `Booking ${i}`,
      StartDateTime: `2025-03-${day}T10:00:00`,
      EndDateTime: `2025-03-${day}T12:00:00`,
      Status: statuses[i % 3],
      CustomerName: `Customer ${i % 97}`,
      CustomerId: `aaaa${String(i % 97).padStart(4, '0')}-1b2c-4d3e-8f40-000000000001`,
      RoomsUsed: 'Main Hall, Kitchen',
      ActivityType: 'Party',
      IsRecurring: i % 50 === 0,
    };
  });
  const text = JSON.stringify(items);
  const timeIt = (fn: () => void) => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  let parsed: unknown;
  const parseMs = timeIt(() => {
    parsed = JSON.parse(text);
  });
  const first = timeIt(() => {
    if (!schema.safeParse(parsed).success) throw new Error('bench: the generated grid is off-contract');
  });
  const runs = Array.from({ length: 7 }, () => timeIt(() => schema.safeParse(parsed))).sort((a, b) => a - b);
  return { rows, bytes: text.length, jsonParseMs: round(parseMs), firstMs: round(first), medianMs: round(runs[3] as number) };
}

/** CPU seconds (user, system) of this process's waited-for children so far (Linux: /proc/self/stat). */
function childCpu(): { user: number; system: number } {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // Fields 16 and 17 of stat(5) (cutime, cstime), counted from 3 after the name; clock ticks of 1/100 s.
    return { user: Number(fields[13]) / 100, system: Number(fields[14]) / 100 };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** Run a command in the repository; wall and children's CPU seconds. */
async function timed(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = REPO_ROOT) {
  const cpu0 = childCpu();
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env }).on('close', resolve);
  });
  const cpu1 = childCpu();
  return {
    code,
    wallMs: performance.now() - started,
    userSeconds: round(cpu1.user - cpu0.user),
    systemSeconds: round(cpu1.system - cpu0.system),
  };
}

async function suiteRun() {
  const dir = mkdtempSync(join(tmpdir(), 'hb-bench-'));
  const reportFile = join(dir, 'report.json');
  const statsFile = join(dir, 'mock-stats.jsonl');
  const { code, wallMs, userSeconds, systemSeconds } = await timed(
    'npx',
    ['playwright', 'test', '--reporter=json', `--output=${join(dir, 'output')}`],
    {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
      HB_MOCK_STATS: statsFile,
      HB_STORAGE_STATE: join(dir, 'state.json'),
      HB_REPORTS_DIR: join(dir, 'reports'),
    },
  );
  const report = readJsonReport(reportFile);
  const workers = existsSync(statsFile)
    ? readFileSync(statsFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { project: string; workerIndex: number; logins: number; sessionLogins: number })
    : [];
  rmSync(dir, { recursive: true, force: true });

  const projects = new Map<string, { tests: number; start: number; end: number; busyMs: number }>();
  for (const { project, test: t } of testsOf(report)) {
    for (const r of t.results) {
      const start = Date.parse(r.startTime);
      const p = projects.get(project) ?? { tests: 0, start: Infinity, end: 0, busyMs: 0 };
      p.tests += 1;
      p.start = Math.min(p.start, start);
      p.end = Math.max(p.end, start + r.duration);
      p.busyMs += r.duration;
      projects.set(project, p);
    }
  }
  const logins = new Map<string, { workers: number; session: number; tests: number }>();
  for (const w of workers) {
    const l = logins.get(w.project) ?? { workers: 0, session: 0, tests: 0 };
    l.workers += 1;
    l.session += w.sessionLogins;
    l.tests += w.logins - w.sessionLogins;
    logins.set(w.project, l);
  }
  return {
    exitCode: code,
    wallSeconds: round(wallMs / 1000),
    playwrightSeconds: round((report?.stats.duration ?? 0) / 1000),
    userSeconds,
    systemSeconds,
    stats: report?.stats,
    projects: [...projects].map(([name, p]) => ({
      name,
      tests: p.tests,
      spanSeconds: round((p.end - p.start) / 1000),
      busySeconds: round(p.busyMs / 1000),
      workers: logins.get(name)?.workers ?? 0,
      sessionLogins: logins.get(name)?.session ?? 0,
      testLogins: logins.get(name)?.tests ?? 0,
    })),
    logins: {
      total: workers.reduce((n, w) => n + w.logins, 0),
      workers: workers.length,
      bySessionFixture: workers.reduce((n, w) => n + w.sessionLogins, 0),
      byTests: workers.reduce((n, w) => n + w.logins - w.sessionLogins, 0),
    },
  };
}

/**
 * The service suite (the second-run proof's projects) against `npm run mock` as a remote target,
 * every answer delayed by `ms` (the fault vocabulary's delay on every path): wall time and requests.
 */
async function stagingRun(ms: number) {
  const dir = mkdtempSync(join(tmpdir(), `hb-bench-staging-${ms}-`));
  const mock = spawn(process.execPath, ['--import', 'tsx', 'mock-server/cli.ts', '--port', '0', '--fault', `delay=${ms}`], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: childEnv({}),
  });
  try {
    const out = createInterface({ input: mock.stdout as NodeJS.ReadableStream });
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      out.on('line', (l) => {
        lines.push(l);
        if (/^Faults on:/.test(l)) resolve();
      });
      mock.once('exit', (code) => reject(new Error(`bench: npm run mock exited (${code})`)));
    });
    const field = (re: RegExp) => lines.map((l) => re.exec(l)?.[1]).find(Boolean) ?? '';
    const url = field(/listening on (\S+)/);
    const projects = ['setup', ...SERVICE_PROJECTS].map((p) => `--project=${p}`);
    const run = await timed(
      'npx',
      ['playwright', 'test', ...projects, '--reporter=dot'],
      childEnv({
        HB_BASE_URL: url,
        HB_EMAIL: field(/email:\s+(\S+)/),
        HB_PASSWORD: field(/password:\s+(\S+)/),
        HB_HALL_ID: field(/hall id:\s+(\S+)/),
        HB_ALLOW_WRITES: 'true',
        HB_TEST_CUSTOMER_ID: field(/HB_TEST_CUSTOMER_ID=(\S+)/),
        HB_STORAGE_STATE: join(dir, 'state.json'),
        HB_REPORTS_DIR: join(dir, 'reports'),
      }),
    );
    const { FAULTS_PATH } = await import('../mock-server/faults.js');
    const faults = (await (await fetch(`${url}${FAULTS_PATH}`)).json()) as { faults: { hits: number }[] };
    return { latencyMs: ms, exitCode: run.code, wallSeconds: round(run.wallMs / 1000), requests: faults.faults[0]?.hits ?? 0 };
  } finally {
    mock.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function mutationRun() {
  const run = await timed(process.execPath, ['--import', 'tsx', 'scripts/mutation.ts']);
  const report = JSON.parse(readFileSync(join(REPO_ROOT, 'reports', 'mutation.json'), 'utf8')) as {
    total: number;
    killed: number;
    killedOnFirstTry?: number;
    faithful: { seconds: number };
  };
  return {
    exitCode: run.code,
    wallSeconds: round(run.wallMs / 1000),
    total: report.total,
    killed: report.killed,
    killedOnFirstTry: report.killedOnFirstTry ?? 0,
    faithfulSeconds: report.faithful.seconds,
  };
}

/** `.ci/run` on a fresh clone of this repository's HEAD (`--ci`), else the figures the last `.ci/run` here recorded. */
async function ciRun(): Promise<{
  fresh: boolean;
  at?: string;
  exitCode?: number | null;
  seconds?: number;
  steps?: Record<string, number>;
}> {
  if (!values.ci) {
    if (!existsSync(CI_REPORT)) return { fresh: false };
    const last = JSON.parse(readFileSync(CI_REPORT, 'utf8')) as {
      at: string;
      exitCode: number;
      seconds: number;
      steps: Record<string, number>;
    };
    return { fresh: false, ...last };
  }
  const dir = mkdtempSync(join(tmpdir(), 'hb-bench-ci-'));
  try {
    await timed('git', ['clone', '--quiet', REPO_ROOT, join(dir, 'repo')]);
    const run = await timed(join(dir, 'repo', '.ci', 'run'), [], childEnv({}), join(dir, 'repo'));
    const recorded = join(dir, 'repo', 'reports', 'ci.json');
    const steps = existsSync(recorded)
      ? (JSON.parse(readFileSync(recorded, 'utf8')) as { steps: Record<string, number> }).steps
      : undefined;
    return { fresh: true, at: new Date().toISOString(), exitCode: run.code, seconds: round(run.wallMs / 1000), steps };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const results: Record<string, unknown> = { generatedAt: new Date().toISOString() };
  const rows: [string, string, string, string][] = [];
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

  if (!values['skip-suite'] && !values['soak-only']) {
    console.log('bench: full offline run (npx playwright test) …');
    const suite = await suiteRun();
    results.suite = suite;
    const green = suite.exitCode === 0;
    rows.push([
      'full offline run, wall',
      `${suite.wallSeconds} s (${suite.stats?.expected ?? 0} passed, ${suite.stats?.unexpected ?? 0} failed${green ? '' : ', NOT GREEN'})`,
      '≤ 25 s (stretch 20 s)',
      verdict(green && suite.wallSeconds <= 25),
    ]);
    rows.push(['  CPU for that run', `${suite.userSeconds} s user + ${suite.systemSeconds} s sys`, '', '']);
    for (const p of suite.projects) {
      rows.push([`  project ${p.name}`, `${p.spanSeconds} s span, ${p.busySeconds} s in tests, ${p.tests} tests`, '', '']);
    }
    const loginTarget = suite.logins.bySessionFixture <= suite.logins.workers;
    rows.push([
      'logins per run',
      `${suite.logins.total}: ${suite.logins.bySessionFixture} by ${suite.logins.workers} workers' sessions, ${suite.logins.byTests} ` +
        `by tests`,
      '≤ 1 per worker + login tests',
      verdict(loginTarget),
    ]);
    for (const p of suite.projects.filter((x) => x.testLogins || x.sessionLogins)) {
      rows.push([`  logins in ${p.name}`, `${p.sessionLogins} session, ${p.testLogins} by tests (${p.workers} workers)`, '', '']);
    }
  }

  if (!values['skip-mutation'] && !values['soak-only']) {
    console.log('bench: npm run mutation …');
    const m = await mutationRun();
    results.mutation = m;
    rows.push([
      'npm run mutation, wall',
      `${m.wallSeconds} s, ${m.killed}/${m.total} killed (${m.killedOnFirstTry} on the first try; faithful run ${m.faithfulSeconds} s)`,
      '≤ 120 s, every mutant killed',
      verdict(m.exitCode === 0 && m.killed === m.total && m.wallSeconds <= 120),
    ]);
  }

  console.log(
    values.ci ? 'bench: .ci/run on a fresh clone …' : 'bench: the last .ci/run (reports/ci.json; --ci runs one on a fresh clone) …',
  );
  const ci = await ciRun();
  results.ci = ci;
  rows.push([
    `.ci/run, wall${ci.fresh ? ', fresh clone' : ci.at ? `, last run ${ci.at}` : ''}`,
    ci.seconds === undefined
      ? 'not measured (run .ci/run, or npm run bench -- --ci)'
      : `${ci.seconds} s${ci.exitCode ? ` (FAILED, exit ${ci.exitCode})` : ''}${
          ci.steps
            ? `: ${Object.entries(ci.steps)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')}`
            : ''
        }`,
    '≤ 240 s',
    ci.seconds === undefined ? '—' : verdict(ci.exitCode === 0 && ci.seconds <= 240),
  ]);

  if (!values['skip-staging'] && !values['soak-only']) {
    const ms = Number(values.latency);
    console.log(`bench: the service suite against npm run mock as a remote target, 0 ms and ${ms} ms per answer …`);
    const fast = await stagingRun(0);
    const slow = await stagingRun(ms);
    const ratio = round(slow.wallSeconds / fast.wallSeconds, 2);
    results.staging = { fast, slow, ratio };
    rows.push(['staging-like run, 0 ms', `${fast.wallSeconds} s, ${fast.requests} requests${fast.exitCode ? ', NOT GREEN' : ''}`, '', '']);
    rows.push([
      `staging-like run, ${ms} ms per answer`,
      `${slow.wallSeconds} s, ${slow.requests} requests${slow.exitCode ? ', NOT GREEN' : ''}`,
      '',
      '',
    ]);
    rows.push([`  ${ms} ms / 0 ms`, `${ratio}×`, '≤ 1.4×', verdict(!fast.exitCode && !slow.exitCode && ratio <= 1.4)]);
  }

  console.log('bench: the mock under a long session (100,000 mixed requests, 10 × 10 MB bodies) …');
  const s = await soak();
  results.soak = s;
  rows.push([
    `mock RSS after ${s.requests} requests + ${s.bigBodies} × 10 MB`,
    `${s.rssAfterMb} MB (${s.rssStartMb} at start, +${s.slopeMb} over the second half; 10 MB bodies ${JSON.stringify(s.bigStatuses)})`,
    `≤ +${SOAK_SLOPE_MB} MB over the second half, ≤ +${SOAK_GROWTH_MB} MB in all, all 413`,
    verdict(s.slopeMb <= SOAK_SLOPE_MB && s.growthMb <= SOAK_GROWTH_MB && s.bigStatuses['413'] === s.bigBodies),
  ]);
  if (values['soak-only']) return report(results, rows);

  console.log('bench: grid throughput, mock vs bare node:http …');
  const tp = await throughput(Number(values.requests), Number(values.connections));
  results.throughput = tp;
  rows.push(['grid throughput, mock', `${tp.mock.rps} req/s, p50 ${tp.mock.p50} ms, p99 ${tp.mock.p99} ms`, '', '']);
  rows.push(['grid throughput, bare node:http', `${tp.bare.rps} req/s, p50 ${tp.bare.p50} ms, p99 ${tp.bare.p99} ms`, '', '']);
  rows.push([
    'mock / bare throughput',
    `${(tp.ratio * 100).toFixed(1)} % (${tp.bytes} B body, ${tp.connections} connections, ${tp.mock.requests} requests)`,
    '≥ 25 %',
    verdict(tp.ratio >= 0.25),
  ]);

  console.log('bench: contract validation …');
  const v = validation(Number(values.rows));
  results.validation = v;
  rows.push([
    `BookingList validation, ${v.rows} rows`,
    `${v.medianMs} ms median (first ${v.firstMs} ms; JSON.parse ${v.jsonParseMs} ms)`,
    '≤ 50 ms',
    verdict(v.medianMs <= 50),
  ]);

  report(results, rows);
}

/** The table on the console and reports/bench.json. */
function report(results: Record<string, unknown>, rows: [string, string, string, string][]): void {
  results.table = rows.map(([measure, value, target, status]) => ({ measure: measure.trim(), value, target, status }));
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  console.log(`\n${'measure'.padEnd(w[0] as number)}  ${'value'.padEnd(w[1] as number)}  ${'target'.padEnd(w[2] as number)}  status`);
  for (const r of rows)
    console.log(`${r[0].padEnd(w[0] as number)}  ${r[1].padEnd(w[1] as number)}  ${r[2].padEnd(w[2] as number)}  ${r[3]}`);
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(results, null, 2)}\n`);
  console.log('\n→ reports/bench.json');
}

// --- child mode: the two servers, in their own process so the load loop does not share their event loop.
async function serve() {
  const { startMockServer } = await import('../mock-server/server.js');
  const { AUTH_COOKIE } = await import('../mock-server/session.js');
  const mock = await startMockServer({});
  const ctx = mock.context;
  const cookie = `${AUTH_COOKIE}=${ctx.keys.issueTicket({ user: ctx.credentials.email, issued: Date.now(), epoch: ctx.sessionEpoch })}`;
  const path = `${GRID_PATH}?id=${ctx.hallId}`;
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
  console.log(JSON.stringify({ mock: `${mock.url}${path}`, bare: `http://127.0.0.1:${barePort}${path}`, cookie, bytes: bytes.length }));
  createInterface({ input: process.stdin }).on('close', () => {
    bare.close();
    void mock.close().then(() => process.exit(0));
  });
}

if (values.serve) await serve();
else await main();
