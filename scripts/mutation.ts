// `npm run mutation`: the whole suite against the faithful mock (must be green); then each mutant
// of mock-server/mutants.ts against the test that killed it last time, all in one run; then the
// whole suite once per mutant that survived that test. Writes reports/mutation.json; exits 1
// when the faithful run fails or any mutant survives.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { JSONReport } from '@playwright/test/reporter';
import { SERVICE_PROJECTS } from '../fixtures/child-run.js';
import { parseTestName, readJsonReport, testName, testsOf } from '../fixtures/json-report.js';
import { REPO_ROOT } from '../fixtures/paths.js';
import { mutants, type Mutant } from '../mock-server/mutants.js';
import type { PlannedTry } from './mutation.config.js';

/**
 * The suite that judges the service: every project but `harness`, whose checks test the
 * harness itself (they start their own mocks and child runs) and cannot see a mutant.
 */
const PROJECT_ARGS = [...SERVICE_PROJECTS, 'contract-variant'].map((p) => `--project=${p}`);
const REPORT = join(REPO_ROOT, 'reports', 'mutation.json');
/** The committed record of the test that killed each mutant (`--record` rewrites it): the first try of each. */
const KILLERS = join(REPO_ROOT, 'scripts', 'mutation-killers.json');
const USAGE = `Usage: npm run mutation -- [--only id,id] [--parallel N] [--workers N] [--timeout SECONDS] [--keep-going] [--no-first-try] [--record] [--list] [-- playwright args]
  --parallel    suite runs at once (default: 1 per 2 cores)   --workers  Playwright workers per run (default: 2)
  --keep-going  run the mutants even when the faithful run is not green
  --no-first-try  skip the pass that tries each mutant against its last killer; the whole suite per mutant
  --record      write the tests that killed the mutants to scripts/mutation-killers.json
  after --      passed to every playwright run (e.g. --project=contract while working on one area; the
                score of record is the whole suite, with nothing after --)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    parallel: { type: 'string', default: String(Math.max(1, Math.floor(availableParallelism() / 2))) },
    workers: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '900' },
    'keep-going': { type: 'boolean', default: false },
    'no-first-try': { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const catalogue = mutants as readonly Mutant[];
if (values.list) {
  for (const m of catalogue) console.log(`${m.id.padEnd(40)} ${m.area.padEnd(10)} ${m.breaks}`);
  process.exit(0);
}
if (process.env.HB_BASE_URL) {
  console.error('mutation: runs against the built-in mock only; unset HB_BASE_URL.');
  process.exit(2);
}
const wanted = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
const unknown = wanted?.filter((id) => !catalogue.some((m) => m.id === id)) ?? [];
if (unknown.length) {
  console.error(`mutation: unknown mutant(s) ${unknown.join(', ')}; npm run mutation -- --list shows them.`);
  process.exit(2);
}
const selected = wanted ? catalogue.filter((m) => wanted.includes(m.id)) : catalogue;
const parallel = Number(values.parallel);
const firstTryWorkers = Math.max(2, availableParallelism());
const workers = Number(values.workers);
const timeoutMs = Number(values.timeout) * 1000;

/** One failing test of a run: `[project] file › title`, and the first line of its error. */
interface Failure { test: string; error: string }
interface RunResult {
  ok: boolean; passed: number; failed: number; skipped: number; flaky: number; ms: number; failures: Failure[];
  /** Every test that passed, as `[project] file › title`. */
  green: Set<string>;
  note?: string;
}

const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (s = '') => plain(s).split('\n').find((l) => l.trim())?.trim().slice(0, 240) ?? '';

interface TestOutcome extends Failure { status: string; ms: number }

function outcomesOf(report: JSONReport | undefined): TestOutcome[] {
  return testsOf(report).map(({ name, test: t }) => {
    const bad = t.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
    return {
      test: name,
      error: t.status === 'unexpected' ? firstLine(bad?.error?.message ?? bad?.status) : '',
      status: t.status, ms: t.results.reduce((n, r) => n + r.duration, 0),
    };
  });
}

/**
 * One `playwright test`, isolated: own output dir, storage state (unless `state` names one to reuse)
 * and JSON report. `args` defaults to the whole suite.
 */
function runSuite(label: string, env: Record<string, string>, stopAtFirst: boolean,
  { args: only, state, runWorkers = workers }: { args?: string[]; state?: string; runWorkers?: number } = {}): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), `hb-mutation-${label}-`));
  const reportFile = join(dir, 'report.json');
  const args = [
    'playwright', 'test', '--reporter=json', `--output=${join(dir, 'output')}`, `--workers=${runWorkers}`, '--retries=0',
    ...(stopAtFirst ? ['--max-failures=1'] : []), ...(only ?? (positionals.length ? positionals : PROJECT_ARGS)),
  ];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      cwd: REPO_ROOT,
      env: {
        ...process.env, ...env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
        HB_STORAGE_STATE: state ?? join(dir, 'state.json'),
        HB_REPORTS_DIR: join(dir, 'reports'),
        CI: '', // the CI retry would let a killed test pass on its second try
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-(child.pid as number), 'SIGKILL'); } catch { /* already gone */ }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      // No report: the run died before writing it; stderr says why.
      const report = readJsonReport(reportFile);
      // The faithful run's session is reused by the first-try pass, which runs no setup project.
      if (state === undefined && label === 'faithful') faithfulState = join(dir, 'state.json');
      else rmSync(dir, { recursive: true, force: true });
      const s = report?.stats ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
      const outcomes = outcomesOf(report);
      const failures = outcomes.filter((o) => o.status === 'unexpected').map(({ test, error }) => ({ test, error }));
      const green = new Set(outcomes.filter((o) => o.status === 'expected').map((o) => o.test));
      // --max-failures reports its own stop as a run error: that is the expected end of a killed mutant's run.
      const runErrors = (report?.errors ?? []).map((e) => firstLine(e.message))
        .filter((m) => !/^Testing stopped early after/.test(m));
      const note = timedOut ? `timed out after ${timeoutMs / 1000} s`
        : runErrors.length ? `run errors: ${runErrors.join(' | ')}`
          : !report?.stats ? `no report (exit ${code}): ${firstLine(stderr.split('\n').slice(-5).join('\n'))}`
            : undefined;
      resolve({
        ok: code === 0 && s.unexpected === 0 && s.flaky === 0 && !runErrors.length && !timedOut,
        passed: s.expected, failed: s.unexpected, skipped: s.skipped, flaky: s.flaky, ms, failures, green, note,
      });
    });
  });
}

let faithfulState: string | undefined;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface MutantResult {
  id: string; area: string; breaks: string;
  /** error: the run died without a failing test (config error, timeout): neither killed nor survived. */
  status: 'killed' | 'survived' | 'error';
  seconds: number;
  /** The test that killed it on the first try, or those that failed before its whole-suite run stopped (at the first failure). */
  caughtBy: Failure[];
  /** Killed by the first try (the test that killed it before), without a whole-suite run. */
  firstTry: boolean;
  note?: string;
}

const t0 = performance.now();
if (positionals.length) console.log(`mutation: playwright args ${positionals.join(' ')} — not the whole suite, so not the score of record.`);
console.log(`mutation: ${selected.length} mutants; first each against the test that killed it last time, in one run ` +
  `(${firstTryWorkers} workers); then the whole suite for each that survived it, ${parallel} run(s) at a time, ${workers} worker(s) each, ` +
  'stopping at the first failing test (--max-failures=1), so "caught by" names that test.');

const faithful = await runSuite('faithful', {}, false);
console.log(`faithful mock: ${faithful.ok ? 'green' : 'NOT GREEN'} — ${faithful.passed} passed, ${faithful.failed} failed, ` +
  `${faithful.flaky} flaky, ${faithful.skipped} skipped in ${secs(faithful.ms)}${faithful.note ? ` (${faithful.note})` : ''}`);
for (const f of faithful.failures) console.log(`  ✗ ${f.test}\n      ${f.error}`);
if (!faithful.ok && !values['keep-going']) {
  console.log('mutation: stopped; a score means nothing while the faithful mock fails the suite (--keep-going runs the mutants anyway).');
  process.exit(1);
}

const results: MutantResult[] = [];
let done = 0;
const report = (result: MutantResult, ms: number, by: string) => {
  results.push(result);
  done += 1;
  const label = { killed: 'killed  ', survived: 'SURVIVED', error: 'ERROR   ' }[result.status];
  console.log(`[${String(done).padStart(2)}/${selected.length}] ${label} ${result.id.padEnd(40)} ${secs(ms).padStart(7)}${by}` +
    (result.note ? ` — ${result.note}` : ''));
};

// First try: each mutant against the tests that killed it before (the last report, then the committed
// record), all in one Playwright run, one project per try. A try kills only with a test that passed on
// the faithful mock in the whole-suite run and in this run's control of it (the same test, config and
// session, faithful mock), so the verdict is the one the whole suite would give; setup's test is left
// out, for it writes the session file every try shares.
const hints = new Map<string, string[]>();
const addHints = (id: string, names: string[]) => hints.set(id, [...new Set([...(hints.get(id) ?? []), ...names])]);
try {
  const last = JSON.parse(readFileSync(REPORT, 'utf8')) as { mutants?: { id: string; caughtBy?: Failure[] }[] };
  for (const m of last.mutants ?? []) addHints(m.id, (m.caughtBy ?? []).map((f) => f.test));
} catch {
  // No earlier report: the committed record alone.
}
if (existsSync(KILLERS)) for (const [id, names] of Object.entries(JSON.parse(readFileSync(KILLERS, 'utf8')) as Record<string, string[]>)) addHints(id, names);
const plan: PlannedTry[] = positionals.length || values['no-first-try'] ? [] : selected.flatMap((m) =>
  (hints.get(m.id) ?? []).filter((name) => faithful.green.has(name)).slice(0, 2).flatMap((name) => {
    const parsed = parseTestName(name);
    return parsed && parsed.project !== 'setup' ? [{ mutant: m.id, ...parsed }] : [];
  }));
const firstKills = new Map<string, Failure>();
if (plan.length && faithfulState) {
  const dir = mkdtempSync(join(tmpdir(), 'hb-mutation-plan-'));
  const planFile = join(dir, 'plan.json');
  // A control per test: the same test, in this same run and config, against the faithful mock.
  const controls = [...new Map(plan.map((t) => [testName(t), { ...t, mutant: null }])).values()];
  writeFileSync(planFile, JSON.stringify([...plan, ...controls]));
  const run = await runSuite('first-try', { HB_MUTATION_PLAN: planFile }, false, {
    args: ['--config', join(REPO_ROOT, 'scripts', 'mutation.config.ts')],
    state: faithfulState, runWorkers: firstTryWorkers,
  });
  rmSync(dir, { recursive: true, force: true });
  const tryOf = (name: string) => {
    const m = /^\[([^|\]]+)\|\d+\|([^\]]+)\] (.*)$/.exec(name);
    return m ? { mutant: m[1] as string, test: `[${m[2]}] ${m[3]}` } : undefined;
  };
  const controlGreen = new Set([...run.green].map(tryOf).filter((t) => t?.mutant === 'faithful').map((t) => t?.test));
  for (const f of run.failures) {
    const t = tryOf(f.test);
    if (t && t.mutant !== 'faithful' && faithful.green.has(t.test) && controlGreen.has(t.test) && !firstKills.has(t.mutant)) {
      firstKills.set(t.mutant, { test: t.test, error: f.error });
    }
  }
  console.log(`first try: ${firstKills.size} of ${selected.length} mutants killed by ${plan.length} tries in ${secs(run.ms)}` +
    `${run.note ? ` (${run.note})` : ''}; the whole suite for the rest`);
  for (const m of selected) {
    const kill = firstKills.get(m.id);
    if (!kill) continue;
    report({ id: m.id, area: m.area, breaks: m.breaks, status: 'killed', seconds: 0, caughtBy: [kill], firstTry: true }, 0, ` by ${kill.test} (first try)`);
  }
}

const rest = selected.filter((m) => !firstKills.has(m.id));
let nextIndex = 0;
async function lane(): Promise<void> {
  while (nextIndex < rest.length) {
    const m = rest[nextIndex++] as Mutant;
    const run = await runSuite(m.id, { HB_MOCK_MUTANT: m.id }, true);
    // A test that fails on the faithful mock too (a red or flaky test) proves nothing about the mutant.
    const faithfulRed = new Set(faithful.failures.map((f) => f.test));
    const proof = run.failures.filter((f) => !faithfulRed.has(f.test));
    const killed = proof.length > 0;
    if (!killed && run.failures.length) run.note = `caught only by ${run.failures.map((f) => f.test).join(', ')}, which fails on the faithful mock too`;
    const status = killed ? 'killed' : run.note ? 'error' : 'survived';
    report({
      id: m.id, area: m.area, breaks: m.breaks, status,
      seconds: Math.round(run.ms / 100) / 10, caughtBy: proof.length ? [...proof, ...run.failures.filter((f) => !proof.includes(f))] : run.failures,
      firstTry: false, note: run.note,
    }, run.ms, killed ? ` by ${proof[0]?.test}` : ` (${run.passed} passed)`);
  }
}
await Promise.all(Array.from({ length: Math.min(parallel, rest.length) }, lane));
if (faithfulState) rmSync(dirname(faithfulState), { recursive: true, force: true });

const order = new Map(selected.map((m, i) => [m.id, i]));
results.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
const killed = results.filter((r) => r.status === 'killed');
const survived = results.filter((r) => r.status === 'survived');
const errored = results.filter((r) => r.status === 'error');
const score = results.length ? killed.length / results.length : 1;
const totalMs = performance.now() - t0;

mkdirSync(dirname(REPORT), { recursive: true });
writeFileSync(REPORT, `${JSON.stringify({
  generatedAt: new Date().toISOString(),
  seconds: Math.round(totalMs / 100) / 10,
  parallel, workers, stopAtFirstFailure: true, playwrightArgs: positionals,
  killedOnFirstTry: results.filter((r) => r.firstTry).length,
  faithful: { green: faithful.ok, passed: faithful.passed, failed: faithful.failed, flaky: faithful.flaky,
    skipped: faithful.skipped, seconds: Math.round(faithful.ms / 100) / 10, failures: faithful.failures, note: faithful.note },
  score: Math.round(score * 1000) / 1000, total: results.length, killed: killed.length, survived: survived.length,
  errors: errored.length,
  survivors: survived.map((r) => ({ id: r.id, area: r.area, breaks: r.breaks })),
  mutants: results,
}, null, 2)}\n`);

console.log(`\nmutation score ${(score * 100).toFixed(1)} % — ${killed.length}/${results.length} killed, ` +
  `faithful mock ${faithful.ok ? 'green' : 'NOT GREEN'}, ${secs(totalMs)} in all → reports/mutation.json`);
if (survived.length) {
  console.log('survivors (no test fails when the mock breaks this):');
  for (const r of survived) console.log(`  ${r.id.padEnd(40)} [${r.area}] ${r.breaks}`);
}
if (errored.length) {
  console.log('runs that died without a failing test (fix the run, then re-measure):');
  for (const r of errored) console.log(`  ${r.id.padEnd(40)} ${r.note}`);
}
if (values.record && !positionals.length) {
  const record = Object.fromEntries(results.filter((r) => r.status === 'killed').map((r) => [r.id, [r.caughtBy[0]?.test ?? '']]));
  writeFileSync(KILLERS, `${JSON.stringify(record, null, 2)}\n`);
  const n = Object.keys(record).length;
  console.log(`→ ${relative(REPO_ROOT, KILLERS)}: the killer of each of ${n} mutants, tried first next time`);
}
process.exit(faithful.ok && survived.length === 0 && errored.length === 0 ? 0 : 1);
