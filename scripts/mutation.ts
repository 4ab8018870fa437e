// `npm run mutation`: the whole suite against the faithful mock (must be green) and, in the same run,
// each mutant of mock-server/mutants.ts against the test that killed it last time, played for that test
// only (scripts/mutation-plan.ts); then the whole suite once per mutant that survived that test. Writes
// reports/mutation.json; exits 1 when the faithful run fails or any mutant survives.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { JSONReport } from '@playwright/test/reporter';
import { parseTestName, readJsonReport, testsOf } from '../fixtures/json-report.js';
import { REPO_ROOT as ROOT } from '../fixtures/paths.js';
import { mutants, type Mutant } from '../mock-server/mutants.js';
import { MUTATION_PROJECTS, roundsOf, tryOfResult, type PlannedTry } from './mutation-plan.js';

const REPORT = join(ROOT, 'reports', 'mutation.json');
/** The committed record of the test that killed each mutant (`--record` rewrites it): the first try of each. */
const KILLERS = join(ROOT, 'scripts', 'mutation-killers.json');
const SERVICE_ARGS = MUTATION_PROJECTS.map((p) => `--project=${p}`);
const USAGE = `Usage: npm run mutation -- [--only id,id] [--parallel N] [--workers N] [--timeout SECONDS] [--keep-going]
                            [--no-first-try] [--record] [--list] [-- playwright args]
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
const wanted = values.only
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = wanted?.filter((id) => !catalogue.some((m) => m.id === id)) ?? [];
if (unknown.length) {
  console.error(`mutation: unknown mutant(s) ${unknown.join(', ')}; npm run mutation -- --list shows them.`);
  process.exit(2);
}
const selected = wanted ? catalogue.filter((m) => wanted.includes(m.id)) : catalogue;
const parallel = Number(values.parallel);
const workers = Number(values.workers);
const timeoutMs = Number(values.timeout) * 1000;

/** One failing test of a run: `[project] file › title`, and the first line of its error. */
interface Failure {
  test: string;
  error: string;
}
interface RunResult {
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
  ms: number;
  failures: Failure[];
  /** Every test that passed, as `[project] file › title`. */
  green: Set<string>;
  note?: string;
  /** Every test of the run, whatever its project (the first try's included). */
  outcomes: TestOutcome[];
}

const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (s = '') =>
  plain(s)
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 240) ?? '';

interface TestOutcome extends Failure {
  status: string;
  ms: number;
}

function outcomesOf(report: JSONReport | undefined): TestOutcome[] {
  return testsOf(report).map(({ name, test: t }) => {
    const bad = t.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
    return {
      test: name,
      error: t.status === 'unexpected' ? firstLine(bad?.error?.message ?? bad?.status) : '',
      status: t.status,
      ms: t.results.reduce((n, r) => n + r.duration, 0),
    };
  });
}

/**
 * One `playwright test`, isolated: own output dir, storage state (unless `state` names one to reuse)
 * and JSON report. `args` defaults to the whole suite.
 */
function runSuite(
  label: string,
  env: Record<string, string>,
  stopAtFirst: boolean,
  { args: only, counts = () => true }: { args?: string[]; counts?: (test: string) => boolean } = {},
): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), `hb-mutation-${label}-`));
  const reportFile = join(dir, 'report.json');
  const args = [
    'playwright',
    'test',
    '--reporter=json',
    `--output=${join(dir, 'output')}`,
    `--workers=${workers}`,
    '--retries=0',
    ...(stopAtFirst ? ['--max-failures=1'] : []),
    ...(only ?? (positionals.length ? positionals : SERVICE_ARGS)),
  ];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
        HB_STORAGE_STATE: join(dir, 'state.json'),
        HB_REPORTS_DIR: join(dir, 'reports'),
        CI: '', // the CI retry would let a killed test pass on its second try
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      // No report: the run died before writing it; stderr says why.
      const report = readJsonReport(reportFile);
      rmSync(dir, { recursive: true, force: true });
      const outcomes = outcomesOf(report);
      // The tests that count for this run's verdict (the faithful ones where the first try runs beside them).
      const counted = outcomes.filter((o) => counts(o.test));
      const count = (status: string) => counted.filter((o) => o.status === status).length;
      const s = { expected: count('expected'), unexpected: count('unexpected'), flaky: count('flaky'), skipped: count('skipped') };
      const failures = counted.filter((o) => o.status === 'unexpected').map(({ test, error }) => ({ test, error }));
      const green = new Set(counted.filter((o) => o.status === 'expected').map((o) => o.test));
      // --max-failures reports its own stop as a run error: that is the expected end of a killed mutant's run.
      const runErrors = (report?.errors ?? []).map((e) => firstLine(e.message)).filter((m) => !/^Testing stopped early after/.test(m));
      const note = timedOut
        ? `timed out after ${timeoutMs / 1000} s`
        : runErrors.length
          ? `run errors: ${runErrors.join(' | ')}`
          : !report?.stats
            ? `no report (exit ${code}): ${firstLine(stderr.split('\n').slice(-5).join('\n'))}`
            : undefined;
      resolve({
        ok:
          // A failing try fails the run's exit code; only then may the counted tests be green with a non-zero exit.
          (code === 0 || outcomes.some((o) => !counts(o.test) && o.status === 'unexpected')) &&
          !!report?.stats &&
          s.unexpected === 0 &&
          s.flaky === 0 &&
          !runErrors.length &&
          !timedOut,
        passed: s.expected,
        failed: s.unexpected,
        skipped: s.skipped,
        flaky: s.flaky,
        ms,
        failures,
        green,
        note,
        outcomes,
      });
    });
  });
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface MutantResult {
  id: string;
  area: string;
  breaks: string;
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
if (positionals.length)
  console.log(`mutation: playwright args ${positionals.join(' ')} — not the whole suite, so not the score of record.`);

// The first try's plan: each mutant against the tests that killed it before (the last report, then the
// committed record). Setup's test is left out: it writes the session file every test of the run shares.
const hints = new Map<string, string[]>();
const addHints = (id: string, names: string[]) => hints.set(id, [...new Set([...(hints.get(id) ?? []), ...names])]);
try {
  const last = JSON.parse(readFileSync(REPORT, 'utf8')) as { mutants?: { id: string; caughtBy?: Failure[] }[] };
  for (const m of last.mutants ?? [])
    addHints(
      m.id,
      (m.caughtBy ?? []).map((f) => f.test),
    );
} catch {
  // No earlier report: the committed record alone.
}
if (existsSync(KILLERS)) {
  const record = JSON.parse(readFileSync(KILLERS, 'utf8')) as Record<string, string[]>;
  for (const [id, names] of Object.entries(record)) addHints(id, names);
}
const plan: PlannedTry[] =
  positionals.length || values['no-first-try']
    ? []
    : selected.flatMap((m) =>
        (hints.get(m.id) ?? []).slice(0, 2).flatMap((name) => {
          const parsed = parseTestName(name);
          return parsed && MUTATION_PROJECTS.includes(parsed.project) ? [{ mutant: m.id, ...parsed }] : [];
        }),
      );
const rounds = roundsOf(plan);
console.log(
  `mutation: ${selected.length} mutants. The whole suite against the faithful mock` +
    (plan.length
      ? `, and beside it, in the same run, ${plan.length} first tries (each mutant against the test that ` +
        `killed it last time, for that test only) in ${rounds.length} round projects`
      : '') +
    `; then the whole suite for each mutant not yet killed, ${parallel} run(s) at a time, ${workers} worker(s) each, ` +
    'stopping at the first failing test (--max-failures=1), so "caught by" names that test.',
);

const planDir = mkdtempSync(join(tmpdir(), 'hb-mutation-plan-'));
writeFileSync(join(planDir, 'plan.json'), JSON.stringify(plan));
const isTry = (test: string) => /^\[try\d+\|/.test(test);
const faithful = await runSuite(
  'faithful',
  plan.length ? { HB_MUTATION_PLAN: join(planDir, 'plan.json') } : {},
  false,
  plan.length ? { args: ['--config', join(ROOT, 'scripts', 'mutation.config.ts')], counts: (t) => !isTry(t) } : {},
);
rmSync(planDir, { recursive: true, force: true });
console.log(
  `faithful mock: ${faithful.ok ? 'green' : 'NOT GREEN'} — ${faithful.passed} passed, ${faithful.failed} failed, ` +
    `${faithful.flaky} flaky, ${faithful.skipped} skipped in ${secs(faithful.ms)}` +
    `${plan.length ? ' (the first try beside it)' : ''}${faithful.note ? ` (${faithful.note})` : ''}`,
);
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
  console.log(
    `[${String(done).padStart(2)}/${selected.length}] ${label} ${result.id.padEnd(40)} ${secs(ms).padStart(7)}${by}` +
      (result.note ? ` — ${result.note}` : ''),
  );
};

// A try kills only with a test that passed on the faithful mock in this same run (same config and session),
// so the verdict is the one the whole suite would give.
const firstKills = new Map<string, Failure>();
for (const o of faithful.outcomes) {
  const t = o.status === 'unexpected' ? tryOfResult(rounds, o.test) : undefined;
  if (t && faithful.green.has(t.test) && !firstKills.has(t.mutant)) firstKills.set(t.mutant, { test: t.test, error: o.error });
}
if (plan.length)
  console.log(`first try: ${firstKills.size} of ${selected.length} mutants killed by ${plan.length} tries; the whole suite for the rest`);
for (const m of selected) {
  const kill = firstKills.get(m.id);
  if (!kill) continue;
  report(
    { id: m.id, area: m.area, breaks: m.breaks, status: 'killed', seconds: 0, caughtBy: [kill], firstTry: true },
    0,
    ` by ${kill.test} (first try)`,
  );
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
    if (!killed && run.failures.length)
      run.note = `caught only by ${run.failures.map((f) => f.test).join(', ')}, which fails on the faithful mock too`;
    const status = killed ? 'killed' : run.note ? 'error' : 'survived';
    report(
      {
        id: m.id,
        area: m.area,
        breaks: m.breaks,
        status,
        seconds: Math.round(run.ms / 100) / 10,
        caughtBy: proof.length ? [...proof, ...run.failures.filter((f) => !proof.includes(f))] : run.failures,
        firstTry: false,
        note: run.note,
      },
      run.ms,
      killed ? ` by ${proof[0]?.test}` : ` (${run.passed} passed)`,
    );
  }
}
await Promise.all(Array.from({ length: Math.min(parallel, rest.length) }, lane));

const order = new Map(selected.map((m, i) => [m.id, i]));
results.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
const killed = results.filter((r) => r.status === 'killed');
const survived = results.filter((r) => r.status === 'survived');
const errored = results.filter((r) => r.status === 'error');
const score = results.length ? killed.length / results.length : 1;
const totalMs = performance.now() - t0;

mkdirSync(dirname(REPORT), { recursive: true });
writeFileSync(
  REPORT,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      seconds: Math.round(totalMs / 100) / 10,
      parallel,
      workers,
      stopAtFirstFailure: true,
      playwrightArgs: positionals,
      killedOnFirstTry: results.filter((r) => r.firstTry).length,
      faithful: {
        green: faithful.ok,
        passed: faithful.passed,
        failed: faithful.failed,
        flaky: faithful.flaky,
        skipped: faithful.skipped,
        seconds: Math.round(faithful.ms / 100) / 10,
        failures: faithful.failures,
        note: faithful.note,
      },
      score: Math.round(score * 1000) / 1000,
      total: results.length,
      killed: killed.length,
      survived: survived.length,
      errors: errored.length,
      survivors: survived.map((r) => ({ id: r.id, area: r.area, breaks: r.breaks })),
      mutants: results,
    },
    null,
    2,
  )}\n`,
);

console.log(
  `\nmutation score ${(score * 100).toFixed(1)} % — ${killed.length}/${results.length} killed, ` +
    `faithful mock ${faithful.ok ? 'green' : 'NOT GREEN'}, ${secs(totalMs)} in all → reports/mutation.json`,
);
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
  console.log(`→ ${relative(ROOT, KILLERS)}: the killer of each of ${Object.keys(record).length} mutants, tried first next time`);
}
process.exit(faithful.ok && survived.length === 0 && errored.length === 0 ? 0 : 1);
