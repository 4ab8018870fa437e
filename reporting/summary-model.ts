// What a run's summary holds (reports/summary.json): the one model the summary's reporter fills and its readers
// (the closing text, summary.md and CTRF, `npm run report -- --merge`, the harness) read.
import type { FullResult } from '@playwright/test/reporter';
import type { ReadOnlyGap } from '../settings/read-only.js';
import type { RouteStats } from '../coverage/answer-times.js';
import type { FailureEntry, ReportEntry, RootCause, SkipGroup } from './summary-details.js';

export interface Counts {
  total: number;
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
}
export interface ContractBreak {
  endpointId: string;
  /** Field paths (`$[0].BookingId`); empty for a status the contract does not declare. */
  paths: string[];
  status?: number;
  project: string;
  test: string;
  message: string;
}
export interface DriftEntry {
  project: string;
  endpointId: string;
  unknownKeys: string[];
  newBaselineKeys: string[];
  noBaseline: boolean;
}
export interface RunSummary {
  target: string;
  targetKind: string;
  status: FullResult['status'];
  /** The verdict as the closing summary words it: `PASSED (read-only: 8 flow tests and 20 write checks not run; …)`. */
  verdict: string;
  /** What a read-only run did not run (settings/read-only.ts); absent when it ran everything that writes. */
  readOnly?: ReadOnlyGap;
  startedAt: string;
  durationMs: number;
  counts: Counts;
  byProject: Record<string, Counts>;
  byFeature: Record<string, Counts>;
  contractBreaks: ContractBreak[];
  drift: DriftEntry[];
  /** Tests by file and title path; `counts.total` less the re-runs (contract-variant and readings run the same tests again). */
  distinctTests: number;
  /** Per project, its results that re-ran a test of another project. */
  reruns: Record<string, number>;
  skipReasons: SkipGroup[];
  /** Tests skipped because an answer that broke its contract withheld their facts, by break (the root failure). */
  blockedByBreaks: SkipGroup[];
  /** Tests that passed without their check biting (the target's data could not show it), by what they said. */
  vacuous: SkipGroup[];
  failures: FailureEntry[];
  /** The failures by cause, one entry per cause with the tests it failed and blocked; the summary's first lines. */
  rootCauses: RootCause[];
  /** `[project] file:line › title` of each test that passed on a retry. */
  flakyTests: string[];
  /** Those of them tagged `@write`: against a remote target each fails the run (see {@link verdictOf}). */
  flakyWrites: string[];
  reports: ReportEntry[];
  /** How fast the target answered, by route, the slowest first; the budget a route's median in a test is held to. */
  answerTimes?: { budgetMs: number; routes: RouteStats[] };
}

/** What playwright.config.ts puts in `metadata` (blobs carry it into `merge-reports`). */
export interface SummaryMetadata {
  target?: string;
  targetKind?: string;
}
