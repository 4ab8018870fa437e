// The faithful baseline of `npm run mutation` taken from the `npm test` run of the same commit,
// changes and settings (its JSON report, reports/results.json), so the suite does not run twice
// per CI. Refused, with the reason, when it is of another fingerprint, partial, or missing.
import { join, relative } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { readJsonReport, testsOf } from '../reporting/json-report.js';
import { runFingerprint, type RunFingerprint } from '../settings/fingerprint.js';
import { REPO_ROOT } from '../settings/paths.js';
import { MUTATION_PROJECTS } from './plan.js';
import { judgeRun, type RunResult } from './verdict.js';

/** Where `npm test` writes every result (playwright.config.ts). */
export const BASELINE = join(REPO_ROOT, 'reports', 'results.json');

/** Whether a test of the report is one of the mutation's suite (`[project] file › title`). */
const inMutationSuite = (test: string): boolean => ['setup', ...MUTATION_PROJECTS].some((p) => test.startsWith(`[${p}] `));

/** Why `report` cannot stand for a faithful run of the suite as it is now; undefined when it can. */
export function refusal(report: JSONReport | undefined, now: RunFingerprint, file = BASELINE): string | undefined {
  const shown = relative(process.cwd(), file);
  if (!report) return `no results at ${shown}: npm test writes them`;
  const then = (report.config.metadata as { fingerprint?: RunFingerprint }).fingerprint;
  if (!then) return `${shown} records no fingerprint`;
  if (then.commit !== now.commit) return `${shown} is of commit ${then.commit.slice(0, 10)}, not ${now.commit.slice(0, 10)}`;
  if (then.hash !== now.hash) return `${shown} is of other uncommitted changes or other HB_* settings`;
  if (report.config.shard) return `${shown} is of one shard`;
  const args = (report.config.metadata as { args?: string[] }).args ?? [];
  if (args.length) return `${shown} is of a run with arguments (${args.join(' ')}), not the whole suite`;
  if (report.errors.length) return `${shown} is of a run that did not end cleanly (${report.errors.length} run error(s))`;
  const projects = new Set(testsOf(report).map((t) => t.project));
  const missing = MUTATION_PROJECTS.filter((p) => !projects.has(p));
  if (missing.length) return `${shown} ran part of the suite (no ${missing.join(', ')})`;
  return undefined;
}

/** The baseline's verdict over the mutation's suite, or the reason it is refused. */
export function reuseBaseline(file = BASELINE): { result: RunResult } | { refused: string } {
  const report = readJsonReport(file);
  // The mutation's runs see no HB_* setting of the person's (childEnv): the baseline must have seen none either.
  const why = refusal(report, runFingerprint({}), file);
  if (why) return { refused: why };
  const failed = (report?.stats.unexpected ?? 0) > 0;
  const result = judgeRun({ code: failed ? 1 : 0, ms: report?.stats.duration ?? 0, timedOut: false, report, stderr: '' }, inMutationSuite);
  // A test that failed or passed only on a retry there (npm test retries in CI; the mutation does not): the suite runs here.
  if (!result.ok) return { refused: `npm test's run was not green for the mutation (${result.failed} failed, ${result.flaky} flaky)` };
  return { result };
}
