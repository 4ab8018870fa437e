// reports/summary.json: the run for machines (a chat notification, a dashboard) without
// parsing JUnit: target, counts by project and feature, contract breaks with endpoint id
// and field paths, drift entries, duration; beside it summary.md and ctrf.json (ci-summaries.ts);
// and the same run's closing summary on the console (reporting/summary-text.ts). Also run by
// `npm run report -- --merge`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import type { Drift } from '../client/drift.js';
import { contractBreakOf } from '../client/errors.js';
import { loadEnv } from '../settings/env.js';
import { CONTRACT_BREAKS, FAILING_EXCHANGE, categoryOf, featureOf, reportsPath, runPassword } from './report-options.js';
import { knownSecrets } from './scrub-reporter.js';
import { plain } from './json-report.js';
import { distinctOf, failureOf, groupSkips, masker, nameOf, reportsOf, rootCausesOf, skipReasonOf } from './summary-details.js';
import type { ContractBreak, Counts, DriftEntry, RunSummary, SummaryMetadata } from './summary-model.js';
import { summaryLines, verdictLine } from './summary-text.js';
import { writeCiSummaries } from './ci-summaries.js';
import { BLOCKED_BY } from '../client/discovery.js';
import { readWorkerTimes, timeStats } from '../coverage/answer-times.js';
import { NOT_RUN_READ_ONLY } from '../settings/read-only.js';

const empty = (): Counts => ({ total: 0, passed: 0, failed: 0, flaky: 0, skipped: 0 });
const KEY: Record<ReturnType<TestCase['outcome']>, keyof Counts> = {
  expected: 'passed',
  unexpected: 'failed',
  flaky: 'flaky',
  skipped: 'skipped',
};

const annotationsOf = (test: TestCase) => [...(test.results.at(-1)?.annotations ?? []), ...test.annotations];
const annotated = (test: TestCase, type: string): boolean => annotationsOf(test).some((a) => a.type === type);
/** What a passed test said its check could not bite on (fixtures/readings.ts, `vacuous`). */
const vacuousOf = (test: TestCase): string[] => [
  ...new Set(annotationsOf(test).flatMap((a) => (a.type === 'vacuous' && a.description ? [a.description] : []))),
];
/** The contract break that blocked a skipped test (fixtures/seeding.ts), if one did. */
const blockedByOf = (test: TestCase): string | undefined => annotationsOf(test).find((a) => a.type === BLOCKED_BY)?.description;

function driftOf(project: string, result: TestResult): DriftEntry[] {
  return result.attachments.flatMap((a) => {
    const id = /^(\w+)-drift\.json$/.exec(a.name)?.[1];
    if (!id || !a.body) return [];
    const d = JSON.parse(a.body.toString('utf8')) as Drift;
    const entry = {
      project,
      endpointId: id,
      unknownKeys: d.unknownKeys,
      newBaselineKeys: d.newBaselineKeys,
      noBaseline: !!d.observedShape,
    };
    return entry.unknownKeys.length || entry.newBaselineKeys.length || entry.noBaseline ? [entry] : [];
  });
}

/** The tag of a test that writes (CONTRIBUTING.md, Tests). */
export const WRITE_TAG = '@write';

/**
 * The run's verdict: Playwright's, except that against a remote target a write test that failed and then
 * passed on a retry fails the run. Such a retry ran on fresh data, so its pass can hide a write that
 * damaged what it was not aimed at (data another client, or a seed, depended on).
 */
export function verdictOf(status: FullResult['status'], targetKind: string, flakyWrites: readonly string[]): FullResult['status'] {
  return status === 'passed' && targetKind === 'remote' && flakyWrites.length ? 'failed' : status;
}

export interface SummaryReporterOptions {
  /** Where summary.json goes; by default the reports folder's. */
  outputFile?: string;
}

/** A summary with nothing counted yet. */
const emptySummary = (meta: SummaryMetadata, result: FullResult, reports: RunSummary['reports']): RunSummary => ({
  target: meta.target ?? 'unknown',
  targetKind: meta.targetKind ?? 'unknown',
  status: result.status,
  verdict: '',
  startedAt: result.startTime.toISOString(),
  durationMs: Math.round(result.duration),
  counts: empty(),
  byProject: {},
  byFeature: {},
  contractBreaks: [],
  drift: [],
  distinctTests: 0,
  reruns: {},
  skipReasons: [],
  blockedByBreaks: [],
  vacuous: [],
  failures: [],
  rootCauses: [],
  flakyTests: [],
  flakyWrites: [],
  reports,
});

/** A failed test's contract break (endpoint, status, field paths), when its error is one. */
function contractBreakIn(project: string, test: TestCase, mask: (text: string) => string): ContractBreak | undefined {
  const error = test.results.at(-1)?.errors[0];
  const message = plain(error?.message ?? '');
  if (categoryOf('failed', message, plain(error?.stack ?? '')) !== CONTRACT_BREAKS) return undefined;
  const found = contractBreakOf(message);
  return {
    endpointId: found?.endpointId ?? 'unknown',
    paths: found?.paths ?? [],
    ...(found && { status: found.status }),
    project,
    test: test.titlePath().slice(3).join(' › '),
    message: mask(message.split('\n')[0]!).slice(0, 300),
  };
}

type Named = { reason: string; name: string };

/**
 * Every test counted into `summary` (by project and feature, failures, flaky ones, drift, contract breaks) and its
 * skips, blocks and vacuous passes grouped by reason. Returns whether a break blocked a test, and the tests a read-only
 * run left out (by file and title; true for a flow test).
 */
function tally(summary: RunSummary, tests: { test: TestCase; project: string }[], mask: (text: string) => string) {
  const skipped: Named[] = [];
  const blocked: Named[] = [];
  const vacuous: Named[] = [];
  const notRun = new Map<string, boolean>();
  for (const { test, project } of tests) {
    const feature = featureOf(project, test.titlePath().join(' '));
    const key = KEY[test.outcome()];
    for (const c of [summary.counts, (summary.byProject[project] ??= empty()), (summary.byFeature[feature] ??= empty())]) {
      c.total += 1;
      c[key] += 1;
    }
    const name = nameOf(project, test);
    const cause = blockedByOf(test);
    // Counted once per test (file and title), whichever projects ran it; told apart from other skips.
    if (key === 'skipped' && annotated(test, NOT_RUN_READ_ONLY))
      notRun.set(`${test.location.file}\u0000${test.titlePath().slice(3).join(' › ')}`, test.location.file.includes(`${sep}flows${sep}`));
    else if (key === 'skipped') (cause ? blocked : skipped).push({ reason: cause ?? skipReasonOf(test), name });
    if (key === 'failed') summary.failures.push(failureOf(project, test, mask));
    if (key === 'passed') vacuous.push(...vacuousOf(test).map((reason) => ({ reason, name })));
    if (key === 'flaky') summary.flakyTests.push(name);
    if (key === 'flaky' && test.tags.includes(WRITE_TAG)) summary.flakyWrites.push(name);
    const last = test.results.at(-1);
    if (last) summary.drift.push(...driftOf(project, last));
    const broken = key === 'failed' ? contractBreakIn(project, test, mask) : undefined;
    if (broken) summary.contractBreaks.push(broken);
  }
  summary.skipReasons = groupSkips(skipped, mask);
  summary.blockedByBreaks = groupSkips(blocked, mask);
  summary.vacuous = groupSkips(vacuous, mask);
  return { blocked: blocked.length > 0, notRun };
}

/**
 * A failed test's failing exchange first among its attachments, as the HTML report lists them (the evidence fixture
 * attaches it last, after the test). Each step keeps the attachments it had: Playwright finds a step's by their place
 * in the test's list, so they are pinned to the step before the list is reordered.
 */
function failingExchangeFirst(result: TestResult): void {
  const at = result.attachments.findIndex((a) => a.name === FAILING_EXCHANGE);
  if (at <= 0) return;
  const pin = (steps: TestStep[]): void => {
    for (const step of steps) {
      Object.defineProperty(step, 'attachments', { value: [...step.attachments], enumerable: true });
      pin(step.steps);
    }
  };
  pin(result.steps);
  result.attachments.unshift(...result.attachments.splice(at, 1));
}

export default class SummaryReporter implements Reporter {
  private config!: FullConfig;
  private suite!: Suite;
  private file = '';

  constructor(private readonly options: SummaryReporterOptions = {}) {}

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.suite = suite;
    // Relative to the config's folder, as Playwright's own reporters resolve theirs.
    const { outputFile } = this.options;
    this.file = outputFile
      ? resolve(config.configFile ? dirname(config.configFile) : config.rootDir, outputFile)
      : reportsPath(loadEnv(), 'summary.json');
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    failingExchangeFirst(result);
  }

  // Playwright takes a reporter's changed status from a returned promise only.
  onEnd(result: FullResult): Promise<{ status: FullResult['status'] }> {
    const meta = this.config.metadata as SummaryMetadata;
    const summary = emptySummary(meta, result, reportsOf(this.config, this.file));
    const mask = masker(runPassword(loadEnv()), knownSecrets());
    const tests = this.suite.allTests().map((test) => ({ test, project: test.parent.project()?.name ?? '' }));
    const { distinct, reruns } = distinctOf(tests);
    summary.distinctTests = distinct;
    summary.reruns = reruns;
    const { blocked, notRun } = tally(summary, tests, mask);
    summary.rootCauses = rootCausesOf(summary.failures, summary.blockedByBreaks);
    const routes = timeStats(readWorkerTimes((this.config.projects ?? []).map((p) => p.outputDir)));
    if (routes.length)
      summary.answerTimes = {
        budgetMs: loadEnv().maxResponseMs,
        routes: routes.map((r) => ({ ...r, slowest: { ...r.slowest, replay: mask(r.slowest.replay) } })),
      };
    // Returned below: Playwright takes a reporter's status as the run's, and its exit code with it.
    summary.status = verdictOf(result.status, summary.targetKind, summary.flakyWrites);
    // A test a break blocked did not pass: the run does not either, even when the break's own test did not run.
    if (summary.status === 'passed' && blocked) summary.status = 'failed';
    const flows = [...notRun.values()].filter(Boolean).length;
    if (notRun.size) summary.readOnly = { flowTests: flows, writeChecks: notRun.size - flows };
    summary.verdict = verdictLine(summary);
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify(summary, null, 2)}\n`);
    writeCiSummaries(summary, dirname(this.file), tests, mask);
    // A listing (`--list`) runs no test: nothing to sum up.
    const ran = tests.some(({ test }) => test.results.length > 0);
    if (!process.argv.includes('--list')) process.stdout.write(`${summaryLines(summary, ran).join('\n')}\n`);
    return Promise.resolve({ status: summary.status });
  }

  printsToStdio(): boolean {
    return true;
  }
}
