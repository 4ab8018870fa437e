// `npm run mutation`: the whole suite against the faithful mock (must be green), then once
// per mutant of mock-server/mutants.ts against a fresh mock serving that regression.
// Writes reports/mutation.json; exits 1 when the faithful run fails or any mutant survives.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mutants, type Mutant } from '../mock-server/mutants.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The suite that judges the service: every project but `harness`, whose checks test the
 * harness itself (they start their own mocks and child runs) and cannot see a mutant.
 */
const SERVICE_PROJECTS = ['contract', 'contract-variant', 'wire', 'ui', 'flows'].map((p) => `--project=${p}`);
const REPORT = join(ROOT, 'reports', 'mutation.json');
const USAGE = `Usage: npm run mutation -- [--only id,id] [--parallel N] [--workers N] [--timeout SECONDS] [--keep-going] [--list] [-- playwright args]
  --parallel    suite runs at once (default: 1 per 2 cores)   --workers  Playwright workers per run (default: 2)
  --keep-going  run the mutants even when the faithful run is not green
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
const workers = Number(values.workers);
const timeoutMs = Number(values.timeout) * 1000;

/** One failing test of a run: `[project] file › title`, and the first line of its error. */
interface Failure { test: string; error: string }
interface RunResult { ok: boolean; passed: number; failed: number; skipped: number; flaky: number; ms: number; failures: Failure[]; note?: string }

interface JsonError { message?: string }
interface JsonResult { status: string; error?: JsonError; errors?: JsonError[] }
interface JsonTest { projectName: string; status: string; results: JsonResult[] }
interface JsonSpec { title: string; file: string; tests: JsonTest[] }
interface JsonSuite { title: string; file?: string; specs?: JsonSpec[]; suites?: JsonSuite[] }
interface JsonReport {
  suites?: JsonSuite[];
  errors?: JsonError[];
  stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (s = '') => plain(s).split('\n').find((l) => l.trim())?.trim().slice(0, 240) ?? '';

function failuresOf(report: JsonReport): Failure[] {
  const out: Failure[] = [];
  const walk = (suite: JsonSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== 'unexpected') continue;
        const bad = t.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
        out.push({
          test: `[${t.projectName}] ${spec.file} › ${[...path, spec.title].join(' › ')}`,
          error: firstLine(bad?.error?.message ?? bad?.status),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const file of report.suites ?? []) walk(file, []);
  return out;
}

/** One `playwright test` of the whole suite, isolated: own output dir, storage state and JSON report. */
function runSuite(label: string, env: Record<string, string>, stopAtFirst: boolean): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), `hb-mutation-${label}-`));
  const reportFile = join(dir, 'report.json');
  const args = [
    'playwright', 'test', '--reporter=json', `--output=${join(dir, 'output')}`, `--workers=${workers}`, '--retries=0',
    ...(stopAtFirst ? ['--max-failures=1'] : []), ...(positionals.length ? positionals : SERVICE_PROJECTS),
  ];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      cwd: ROOT,
      env: {
        ...process.env, ...env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
        HB_STORAGE_STATE: join(dir, 'state.json'),
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
      let report: JsonReport = {};
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
      } catch {
        // No report: the run died before writing it; stderr says why.
      }
      rmSync(dir, { recursive: true, force: true });
      const s = report.stats ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
      const failures = failuresOf(report);
      // --max-failures reports its own stop as a run error: that is the expected end of a killed mutant's run.
      const runErrors = (report.errors ?? []).map((e) => firstLine(e.message)).filter((m) => !/^Testing stopped early after/.test(m));
      const note = timedOut ? `timed out after ${timeoutMs / 1000} s`
        : runErrors.length ? `run errors: ${runErrors.join(' | ')}`
          : !report.stats ? `no report (exit ${code}): ${firstLine(stderr.split('\n').slice(-5).join('\n'))}` : undefined;
      resolve({
        ok: code === 0 && s.unexpected === 0 && s.flaky === 0 && !runErrors.length && !timedOut,
        passed: s.expected, failed: s.unexpected, skipped: s.skipped, flaky: s.flaky, ms, failures, note,
      });
    });
  });
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface MutantResult {
  id: string; area: string; breaks: string;
  /** error: the run died without a failing test (config error, timeout): neither killed nor survived. */
  status: 'killed' | 'survived' | 'error';
  seconds: number;
  /** The tests that failed before the run stopped (it stops at the first failure). */
  caughtBy: Failure[];
  note?: string;
}

const t0 = performance.now();
if (positionals.length) console.log(`mutation: playwright args ${positionals.join(' ')} — not the whole suite, so not the score of record.`);
console.log(`mutation: ${selected.length} mutants, ${parallel} suite run(s) at a time, ${workers} worker(s) each; ` +
  'each mutant run stops at its first failing test (--max-failures=1), so "caught by" names that test.');

const faithful = await runSuite('faithful', {}, false);
console.log(`faithful mock: ${faithful.ok ? 'green' : 'NOT GREEN'} — ${faithful.passed} passed, ${faithful.failed} failed, ` +
  `${faithful.flaky} flaky, ${faithful.skipped} skipped in ${secs(faithful.ms)}${faithful.note ? ` (${faithful.note})` : ''}`);
for (const f of faithful.failures) console.log(`  ✗ ${f.test}\n      ${f.error}`);
if (!faithful.ok && !values['keep-going']) {
  console.log('mutation: stopped; a score means nothing while the faithful mock fails the suite (--keep-going runs the mutants anyway).');
  process.exit(1);
}

const results: MutantResult[] = [];
let nextIndex = 0;
let done = 0;
async function lane(): Promise<void> {
  while (nextIndex < selected.length) {
    const m = selected[nextIndex++] as Mutant;
    const run = await runSuite(m.id, { HB_MOCK_MUTANT: m.id }, true);
    // A test that fails on the faithful mock too (a red or flaky test) proves nothing about the mutant.
    const faithfulRed = new Set(faithful.failures.map((f) => f.test));
    const proof = run.failures.filter((f) => !faithfulRed.has(f.test));
    const killed = proof.length > 0;
    if (!killed && run.failures.length) run.note = `caught only by ${run.failures.map((f) => f.test).join(', ')}, which fails on the faithful mock too`;
    const status = killed ? 'killed' : run.note ? 'error' : 'survived';
    const result: MutantResult = {
      id: m.id, area: m.area, breaks: m.breaks, status,
      seconds: Math.round(run.ms / 100) / 10, caughtBy: run.failures, note: run.note,
    };
    results.push(result);
    done += 1;
    const by = killed ? ` by ${proof[0]?.test}` : ` (${run.passed} passed)`;
    const label = { killed: 'killed  ', survived: 'SURVIVED', error: 'ERROR   ' }[status];
    console.log(`[${String(done).padStart(2)}/${selected.length}] ${label} ${m.id.padEnd(40)} ${secs(run.ms).padStart(7)}${by}` +
      (run.note ? ` — ${run.note}` : ''));
  }
}
await Promise.all(Array.from({ length: Math.min(parallel, selected.length) }, lane));

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
process.exit(faithful.ok && survived.length === 0 && errored.length === 0 ? 0 : 1);
