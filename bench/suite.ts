// The full offline run, as `npm test` runs it: wall and CPU seconds, each project's span (its first
// test's start to its last test's end), logins per worker (HB_MOCK_STATS) and the worker processes it started;
// then its service projects alone, for the harness and artefacts projects' share of its CPU.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { childEnv, REPO_ROOT, runPlaywright, SERVICE_PROJECTS, tempDir } from '../child-runs/child-run.js';
import { readJsonReport, testsOf } from '../reporting/json-report.js';
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

/** The model of the hall's own checks (every view of a booking, the write sequences): their seconds in tests, and their share. */
const MODEL_FILES = /(hall-views|hall-sequences)\.spec\.ts$/;
function modelShare(report: JSONReport | undefined): { seconds: number; share: number } {
  let model = 0;
  let all = 0;
  for (const { test: t, file } of testsOf(report)) {
    const ms = t.results.reduce((sum, r) => sum + r.duration, 0);
    all += ms;
    if (MODEL_FILES.test(file)) model += ms;
  }
  return { seconds: round(model / 1000), share: all ? round((100 * model) / all) : 0 };
}

/** Worker processes the run started: each has its own `workerIndex`. */
const workerStarts = (report: JSONReport | undefined): number =>
  new Set(testsOf(report).flatMap(({ test: t }) => t.results.map((r) => r.workerIndex))).size;

/** The service's projects of an offline run: `npm test` without the harness and artefacts projects (the self-checks). */
const SERVICE_ONLY = ['setup', ...SERVICE_PROJECTS.map((p) => (p === 'contract' ? 'contract*' : p)), 'readings*'].map(
  (p) => `--project=${p}`,
);
/** The self-checks' bound: at most this share of npm test's CPU. */
const SELF_CHECKS_SHARE = 33;

/** The self-checks' share of npm test's CPU: what npm test costs beyond its service projects run alone. */
async function selfChecksShare(dir: string, npmTestCpu: number) {
  const env = childEnv({ HB_REPORTS_DIR: join(dir, 'service-only'), HB_STORAGE_STATE: join(dir, 'service-only-state.json') });
  const { value: run, cpuSeconds } = await timed(() => runPlaywright(['test', ...SERVICE_ONLY], env, 1_800_000));
  const share = npmTestCpu > 0 && Number.isFinite(cpuSeconds) ? round((100 * (npmTestCpu - cpuSeconds)) / npmTestCpu) : undefined;
  const green = run.status === 0;
  // A run that was not green keeps its reports, for its errors and traces.
  return { serviceCpuSeconds: cpuSeconds, share, green, ...(!green && { kept: join(dir, 'service-only') }) };
}

export const suite: Measure = async () => {
  const dir = tempDir('bench-suite');
  const statsFile = join(dir, 'mock-stats.jsonl');
  const env = childEnv({ HB_MOCK_STATS: statsFile, HB_STORAGE_STATE: join(dir, 'state.json') });
  // `npm test` as a person runs it, its reports where it writes them: reports/results.json is then the run the
  // mutation measure after it takes as its faithful baseline, as .ci/run's mutation step does.
  const { value: run, wallSeconds, cpuSeconds } = await timed(() => runPlaywright(['test'], env, 1_800_000));
  const report = readJsonReport(join(REPO_ROOT, 'reports', 'results.json'));
  const workers = existsSync(statsFile)
    ? readFileSync(statsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { project: string; logins: number; sessionLogins: number })
    : [];
  const self = await selfChecksShare(dir, cpuSeconds);
  if (!self.kept) rmSync(dir, { recursive: true, force: true });
  const projects = projectSpans(report);
  const starts = workerStarts(report);
  const model = modelShare(report);
  const logins = { total: 0, session: 0, workers: workers.length };
  for (const w of workers) {
    logins.total += w.logins;
    logins.session += w.sessionLogins;
  }
  const green = run.status === 0;
  const notGreen = green ? '' : ', NOT GREEN';
  const s = report?.stats;
  const rows: Row[] = [
    {
      measure: 'npm test, wall',
      value: `${wallSeconds} s, ${cpuSeconds} CPU-s (${s?.expected ?? 0} passed, ${s?.unexpected ?? 0} failed${notGreen})`,
    },
    {
      measure: '  harness and artefacts, share of its CPU',
      value:
        (self.share === undefined ? 'not measured (no CPU figures)' : `${self.share}%`) +
        ` (its service projects alone: ${self.serviceCpuSeconds} CPU-s${self.kept ? `, NOT GREEN: its reports in ${self.kept}` : ''})`,
      target: `≤ ${SELF_CHECKS_SHARE}%`,
      status: verdict(self.green && self.share !== undefined && self.share <= SELF_CHECKS_SHARE),
    },
    { measure: '  the model of the hall', value: `${model.seconds} s in tests, ${model.share}% of npm test's test time` },
    ...projects.map((p) => ({
      measure: `  project ${p.name}`,
      value: `${p.spanSeconds} s span, ${p.busySeconds} s in tests, ${p.tests} tests`,
    })),
    { measure: 'worker starts per npm test', value: `${starts}`, target: '≤ 12', status: verdict(starts <= 12) },
    {
      measure: 'logins per run',
      value: `${logins.total}: ${logins.session} by ${logins.workers} workers' sessions, ${logins.total - logins.session} by tests`,
      target: '≤ 1 per worker + login tests',
      status: verdict(logins.session <= logins.workers),
    },
  ];
  return {
    result: { exitCode: run.status, wallSeconds, cpuSeconds, selfChecks: self, stats: s, projects, model, workerStarts: starts, logins },
    rows,
  };
};
