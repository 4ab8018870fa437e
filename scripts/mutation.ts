// `npm run mutation`: the whole suite against the faithful mock (must be green) and, in the same run,
// each mutant of mock-server/mutants.ts against the tests that killed it last time, played for that test
// only (mutation/plan.ts, playwright.mutation.config.ts); then the whole suite once per mutant that survived
// that. Writes reports/mutation.json (report.ts); exits 1 when the faithful run fails or any mutant survives.
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tempDir } from '../child-runs/child-run.js';
import { useEnvFile } from '../settings/env-file.js';
import { REPO_ROOT as ROOT } from '../settings/paths.js';
import { remoteTargetNamed } from '../settings/env.js';
import { mutationPlanVariables } from '../settings/run.js';
import { parseOrExit } from '../settings/command-line.js';
import { mutants, type Mutant } from '../mock-server/mutants.js';
import { parseMutationArgs, selectMutants, USAGE } from '../mutation/options.js';
import { isTryResult, loadHints, MUTATION_PROJECTS, planTries, tryProjectsOf } from '../mutation/plan.js';
import { KILLERS, REPORT, writeKillers, writeReport, type MutantResult } from '../mutation/report.js';
import { runSuite } from '../mutation/run.js';
import { BASELINE, reuseBaseline } from '../mutation/baseline.js';
import { firstKills, judgeRun, wholeSuiteVerdict } from '../mutation/verdict.js';

const o = parseOrExit('mutation', parseMutationArgs, USAGE);
const catalogue = mutants as readonly Mutant[];
if (o.list) {
  for (const m of catalogue) console.log(`${m.id.padEnd(40)} ${m.area.padEnd(10)} ${m.breaks}`);
  process.exit(0);
}
useEnvFile();
if (remoteTargetNamed()) {
  console.error('mutation: runs against the built-in mock only; unset HB_BASE_URL.');
  process.exit(2);
}
const { selected, unknown } = selectMutants(catalogue, o.only);
if (unknown.length) {
  console.error(`mutation: unknown mutant(s) ${unknown.join(', ')}; npm run mutation -- --list shows them.`);
  process.exit(2);
}
const order = catalogue.map((m) => m.id);
// Setup runs first through the projects' dependencies.
const suiteArgs = o.playwrightArgs.length ? o.playwrightArgs : MUTATION_PROJECTS.map((p) => `--project=${p}`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const t0 = performance.now();
if (o.record && o.playwrightArgs.length && !o.only) {
  console.error('mutation: --record with playwright args needs --only: a narrowed run records the killers of the mutants it names');
  process.exit(2);
}
if (o.playwrightArgs.length)
  console.log(`mutation: playwright args ${o.playwrightArgs.join(' ')} — not the whole suite, so not the score of record.`);
const suite = o.playwrightArgs.length ? `the suite narrowed to ${o.playwrightArgs.join(' ')}` : 'the whole suite';

const plan =
  o.playwrightArgs.length || !o.firstTry
    ? []
    : planTries(
        selected.map((m) => m.id),
        loadHints(REPORT, KILLERS),
      );
const tryProjects = tryProjectsOf(plan);
console.log(
  `mutation: ${selected.length} mutants. ${suite[0]!.toUpperCase()}${suite.slice(1)} against the faithful mock` +
    (plan.length
      ? `, and beside it, in the same run, ${plan.length} first tries (each mutant against the test that ` +
        `killed it last time, for that test only, an expected failure) in ${tryProjects.length} try projects`
      : '') +
    `; then ${suite} for each mutant not yet killed, ${o.parallel} run(s) at a time, ${o.workers} worker(s) each, ` +
    'stopping at the first failing test (--max-failures=1), so "caught by" names that test.',
);

const planDir = tempDir('mutation-plan');
writeFileSync(join(planDir, 'plan.json'), JSON.stringify(plan));
// The faithful baseline: npm test's run of this commit, changes and settings when there is one; else the suite runs here.
const reused = o.playwrightArgs.length || !o.baseline ? undefined : reuseBaseline();
if (reused && 'refused' in reused) console.log(`mutation: not reusing npm test's results: ${reused.refused}; the suite runs here.`);
const baseline = reused && 'result' in reused ? reused.result : undefined;
if (baseline) console.log(`mutation: the faithful baseline is npm test's run of this commit (${relative(ROOT, BASELINE)}).`);
// With a baseline and nothing to try, there is nothing to run here.
const run = judgeRun(
  baseline && !plan.length
    ? { code: 0, ms: 0, timedOut: false, stderr: '' }
    : await runSuite('faithful', {
        // The first try's config holds the suite's projects (only setup with a baseline) and the try projects.
        args: plan.length ? ['--config', join(ROOT, 'playwright.mutation.config.ts')] : suiteArgs,
        workers: o.workers,
        stopAtFirst: false,
        timeoutMs: o.timeoutMs,
        env: plan.length ? mutationPlanVariables({ file: join(planDir, 'plan.json'), triesOnly: !!baseline }) : {},
      }),
  (t) => !isTryResult(t),
);
// The tries' own run must end cleanly too (its setup green, no run error, no time-out).
const faithful = baseline ? { ...baseline, ok: baseline.ok && (!plan.length || run.ok), note: run.note, outcomes: run.outcomes } : run;
rmSync(planDir, { recursive: true, force: true });
console.log(
  `faithful mock: ${faithful.ok ? 'green' : 'NOT GREEN'} — ${faithful.passed} passed, ${faithful.failed} failed, ` +
    `${faithful.flaky} flaky, ${faithful.skipped} skipped in ${secs(faithful.ms)}` +
    `${plan.length ? ' (the first try beside it)' : ''}${faithful.note ? ` (${faithful.note})` : ''}`,
);
for (const f of faithful.failures) console.log(`  ✗ ${f.test}\n      ${f.error}`);
if (!faithful.ok && !o.keepGoing) {
  console.log('mutation: stopped; a score means nothing while the faithful mock fails the suite (--keep-going runs the mutants anyway).');
  process.exit(1);
}

const results: MutantResult[] = [];
const report = (result: MutantResult, ms: number, by: string) => {
  results.push(result);
  const label = { killed: 'killed  ', survived: 'SURVIVED', error: 'ERROR   ' }[result.status];
  console.log(
    `[${String(results.length).padStart(2)}/${selected.length}] ${label} ${result.id.padEnd(40)} ${secs(ms).padStart(7)}${by}` +
      (result.note ? ` — ${result.note}` : ''),
  );
};

const kills = firstKills(faithful, plan);
if (plan.length)
  console.log(`first try: ${kills.size} of ${selected.length} mutants killed by ${plan.length} tries; the whole suite for the rest`);
for (const m of selected) {
  const kill = kills.get(m.id);
  if (kill)
    report(
      { id: m.id, area: m.area, breaks: m.breaks, status: 'killed', seconds: 0, caughtBy: [kill], firstTry: true },
      0,
      ` by ${kill.test} (first try)`,
    );
}

const rest = selected.filter((m) => !kills.has(m.id));
let nextIndex = 0;
async function lane(): Promise<void> {
  while (nextIndex < rest.length) {
    const m = rest[nextIndex++] as Mutant;
    const run = judgeRun(
      await runSuite(m.id, {
        args: suiteArgs,
        workers: o.workers,
        stopAtFirst: true,
        timeoutMs: o.timeoutMs,
        env: { HB_MOCK_MUTANT: m.id },
      }),
    );
    const v = wholeSuiteVerdict(run, faithful.failures);
    report(
      { id: m.id, area: m.area, breaks: m.breaks, ...v, seconds: Math.round(run.ms / 100) / 10, firstTry: false },
      run.ms,
      v.status === 'killed' ? ` by ${v.caughtBy[0]?.test}` : ` (${run.passed} passed)`,
    );
  }
}
await Promise.all(Array.from({ length: Math.min(o.parallel, rest.length) }, lane));

const totalMs = performance.now() - t0;
const written = writeReport(
  {
    seconds: Math.round(totalMs / 100) / 10,
    parallel: o.parallel,
    workers: o.workers,
    playwrightArgs: o.playwrightArgs,
    faithful,
    only: o.only,
  },
  results,
  order,
);
const survived = results.filter((r) => r.status === 'survived');
const errored = results.filter((r) => r.status === 'error');
const killedNow = results.length - survived.length - errored.length;
console.log(
  `\nmutation score ${((results.length ? killedNow / results.length : 1) * 100).toFixed(1)} % — ${killedNow}/${results.length} killed, ` +
    `faithful mock ${faithful.ok ? 'green' : 'NOT GREEN'}, ${secs(totalMs)} in all → reports/mutation.json` +
    (o.only ? ` (merged: ${written.killed}/${written.total} killed there)` : ''),
);
if (survived.length) {
  console.log('survivors (no test fails when the mock breaks this):');
  for (const r of survived) console.log(`  ${r.id.padEnd(40)} [${r.area}] ${r.breaks}`);
}
if (errored.length) {
  console.log('runs that died without a failing test (fix the run, then re-measure):');
  for (const r of errored) console.log(`  ${r.id.padEnd(40)} ${r.note}`);
}
if (o.record && (!o.playwrightArgs.length || o.only)) {
  const { held, crowded } = writeKillers(results, order, o.playwrightArgs.length > 0);
  console.log(`→ ${relative(ROOT, KILLERS)}: the killers of ${held} mutants (this run's ${killedNow} merged in), tried first next time`);
  for (const [killer, n] of crowded)
    console.log(`  ${killer} is the recorded killer of ${n} mutants: the first try plays ${n} rounds of it; spread them (CONTRIBUTING.md)`);
}
process.exit(faithful.ok && survived.length === 0 && errored.length === 0 ? 0 : 1);
