// The full offline run, as `npm test` runs it: wall and CPU seconds, each project's span (its first
// test's start to its last test's end), logins per worker (HB_MOCK_STATS) and the child runs it started.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { childEnv, runPlaywright, tempDir } from '../../fixtures/child-run.js';
import { readJsonReport, testsOf } from '../../fixtures/json-report.js';
import { timed, type Measure } from './measure.js';
import { round, verdict, type Row } from './report.js';

/** Per project: tests, span from the first start to the last end, and seconds spent in tests. */
export function projectSpans(report: JSONReport | undefined): { name: string; tests: number; spanSeconds: number; busySeconds: number }[] {
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
  return [...projects].map(([name, p]) => ({
    name,
    tests: p.tests,
    spanSeconds: round((p.end - p.start) / 1000),
    busySeconds: round(p.busyMs / 1000),
  }));
}

const ppid = (pid: number): number => Number(/^\d+ \(.*\) \S+ (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? 0);

/** Whether `pid` descends from this process through at least one other process (a child of a child). */
function grandchild(pid: number): boolean {
  let at = ppid(pid);
  if (at === process.pid) return false;
  for (let depth = 0; at > 1 && depth < 12; depth++, at = ppid(at)) if (at === process.pid) return true;
  return false;
}

/**
 * Child `playwright test` runs the suite run started while `running` is pending: the run's child-run log
 * when the harness writes one (hb-child-runs-<HB_RUN_ID>.jsonl), else counted from /proc every 200 ms
 * (Playwright's cli running `test` below the suite run's own process).
 */
async function countChildRuns(runId: string, running: Promise<unknown>): Promise<{ count: number; from: string }> {
  const seen = new Set<number>();
  let done = false;
  void running.finally(() => (done = true));
  while (!done) {
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (cmd.some((a) => a.endsWith('@playwright/test/cli.js')) && cmd.includes('test') && grandchild(Number(pid)))
          seen.add(Number(pid));
      } catch {
        // Gone already.
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const log = join(tmpdir(), `hb-child-runs-${runId}.jsonl`);
  if (existsSync(log)) {
    const count = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    rmSync(log, { force: true });
    return { count, from: 'the child-run log' };
  }
  return { count: seen.size, from: 'counted' };
}

export const suite: Measure = async () => {
  const dir = tempDir('bench-suite');
  const reportFile = join(dir, 'report.json');
  const statsFile = join(dir, 'mock-stats.jsonl');
  const runId = `bench${Date.now().toString(36)}`;
  const env = childEnv({
    PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
    HB_MOCK_STATS: statsFile,
    HB_STORAGE_STATE: join(dir, 'state.json'),
    HB_REPORTS_DIR: join(dir, 'reports'),
    HB_RUN_ID: runId,
  });
  const running = timed(() => runPlaywright(['test', '--reporter=json', `--output=${join(dir, 'output')}`], env, 1_800_000));
  const children = await countChildRuns(runId, running);
  const { value: run, wallSeconds, cpuSeconds } = await running;
  const report = readJsonReport(reportFile);
  const workers = existsSync(statsFile)
    ? readFileSync(statsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { project: string; logins: number; sessionLogins: number })
    : [];
  rmSync(dir, { recursive: true, force: true });
  const projects = projectSpans(report);
  const logins = { total: 0, session: 0, workers: workers.length };
  for (const w of workers) {
    logins.total += w.logins;
    logins.session += w.sessionLogins;
  }
  const green = run.status === 0;
  const s = report?.stats;
  const rows: Row[] = [
    {
      measure: 'npm test, wall',
      value: `${wallSeconds} s (${s?.expected ?? 0} passed, ${s?.unexpected ?? 0} failed${green ? '' : ', NOT GREEN'})`,
      target: '≤ 40 s (stretch 25 s)',
      status: verdict(green && wallSeconds <= 40),
    },
    { measure: 'npm test, CPU', value: `${cpuSeconds} s`, target: '≤ 70 s', status: verdict(cpuSeconds <= 70) },
    ...projects.map((p) => ({
      measure: `  project ${p.name}`,
      value: `${p.spanSeconds} s span, ${p.busySeconds} s in tests, ${p.tests} tests`,
    })),
    {
      measure: 'child playwright runs per npm test',
      value: `${children.count} (${children.from})`,
      target: '≤ 3',
      status: verdict(children.count <= 3),
    },
    {
      measure: 'logins per run',
      value: `${logins.total}: ${logins.session} by ${logins.workers} workers' sessions, ${logins.total - logins.session} by tests`,
      target: '≤ 1 per worker + login tests',
      status: verdict(logins.session <= logins.workers),
    },
  ];
  return { result: { exitCode: run.status, wallSeconds, cpuSeconds, stats: s, projects, childRuns: children, logins }, rows };
};
