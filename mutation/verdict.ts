// `npm run mutation`'s verdicts: a run's tests read from its JSON report, whether the faithful run is
// green, which mutants their first try killed, and whether a whole-suite run killed its mutant.
import type { JSONReport } from '@playwright/test/reporter';
import { firstLine, testsOf } from '../reporting/json-report.js';
import { MUTANT_ANNOTATION, tryOfResult, type PlannedTry } from './plan.js';
import type { SuiteRun } from './run.js';

/** One failing test of a run: `[project] file › title`, and the first line of its error. */
export interface Failure {
  test: string;
  error: string;
}

interface TestOutcome extends Failure {
  /** Playwright's verdict: expected, unexpected, flaky, skipped. */
  status: string;
  ms: number;
  /** The mutant the mock played for this test (a try), from its `mutant` annotation. */
  mutant?: string;
  /** The test failed (a try's expected failure included). */
  failed: boolean;
}

export interface RunResult {
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
  ms: number;
  failures: Failure[];
  /** Every counted test that passed, as `[project] file › title`. */
  green: Set<string>;
  note?: string;
  /** Every test of the run, whatever its project (the tries included). */
  outcomes: TestOutcome[];
}

function outcomesOf(report: JSONReport | undefined): TestOutcome[] {
  return testsOf(report).map(({ name, test: t }) => {
    const bad = t.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
    return {
      test: name,
      error: bad ? firstLine(bad.error?.message ?? bad.status) : '',
      status: t.status,
      ms: t.results.reduce((n, r) => n + r.duration, 0),
      mutant: t.annotations.find((a) => a.type === MUTANT_ANNOTATION)?.description,
      failed: !!bad,
    };
  });
}

/** A run's verdict over the tests `counts` keeps (the faithful ones where the tries run beside them). */
export function judgeRun(run: SuiteRun, counts: (test: string) => boolean = () => true): RunResult {
  const outcomes = outcomesOf(run.report);
  const counted = outcomes.filter((o) => counts(o.test));
  const count = (status: string) => counted.filter((o) => o.status === status).length;
  const failures = counted.filter((o) => o.status === 'unexpected').map(({ test, error }) => ({ test, error }));
  // --max-failures reports its own stop as a run error: that is the expected end of a killed mutant's run.
  const runErrors = (run.report?.errors ?? []).map((e) => firstLine(e.message)).filter((m) => !/^Testing stopped early after/.test(m));
  const note = run.timedOut
    ? `timed out after ${Math.round(run.ms / 1000)} s`
    : runErrors.length
      ? `run errors: ${runErrors.join(' | ')}`
      : !run.report?.stats
        ? `no report (exit ${run.code}): ${firstLine(run.stderr.split('\n').slice(-5).join('\n'))}`
        : undefined;
  // A try that survived fails the run's exit code; only then may the counted tests be green with a non-zero exit.
  const exitExplained = run.code === 0 || outcomes.some((o) => !counts(o.test) && o.status === 'unexpected');
  return {
    ok: exitExplained && !!run.report?.stats && failures.length === 0 && count('flaky') === 0 && !note,
    passed: count('expected'),
    failed: failures.length,
    skipped: count('skipped'),
    flaky: count('flaky'),
    ms: run.ms,
    failures,
    green: new Set(counted.filter((o) => o.status === 'expected').map((o) => o.test)),
    note,
    outcomes,
  };
}

/**
 * The mutants their first try killed, each with its first killing test. A try kills only with a test
 * that passed on the faithful mock in this same run (same config and session), so the verdict is the
 * one the whole suite would give.
 */
export function firstKills(faithful: RunResult, plan: PlannedTry[]): Map<string, Failure> {
  const kills = new Map<string, Failure>();
  for (const o of faithful.outcomes) {
    const t = o.failed ? tryOfResult(plan, o.test, o.mutant) : undefined;
    if (t && faithful.green.has(t.test) && !kills.has(t.mutant)) kills.set(t.mutant, { test: t.test, error: o.error });
  }
  return kills;
}

export type MutantStatus = 'killed' | 'survived' | 'error';

/** A mutant's whole-suite run: killed by a test that passes on the faithful mock; an error when it died without one. */
export function wholeSuiteVerdict(
  run: RunResult,
  faithfulFailures: Failure[],
): { status: MutantStatus; caughtBy: Failure[]; note?: string } {
  // A test that fails on the faithful mock too (a red or flaky test) proves nothing about the mutant.
  const faithfulRed = new Set(faithfulFailures.map((f) => f.test));
  const proof = run.failures.filter((f) => !faithfulRed.has(f.test));
  const note =
    !proof.length && run.failures.length
      ? `caught only by ${run.failures.map((f) => f.test).join(', ')}, which fails on the faithful mock too`
      : run.note;
  if (proof.length) return { status: 'killed', caughtBy: [...proof, ...run.failures.filter((f) => !proof.includes(f))], note };
  return { status: note ? 'error' : 'survived', caughtBy: run.failures, note };
}
