// `npm run mutation`'s record: reports/mutation.json and, with --record, mutation/killers.json.
// A run of some mutants (--only) merges into both: the other mutants' entries stay as they were.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../settings/paths.js';
import type { Failure, MutantStatus, RunResult } from './verdict.js';

export const REPORT = join(REPO_ROOT, 'reports', 'mutation.json');
/** The committed record of the test that killed each mutant (`--record` rewrites it): the first try of each. */
export const KILLERS = join(REPO_ROOT, 'mutation', 'killers.json');

export interface MutantResult {
  id: string;
  area: string;
  breaks: string;
  /** error: the run died without a failing test (config error, timeout): neither killed nor survived. */
  status: MutantStatus;
  seconds: number;
  /** The test that killed it on the first try, or those that failed before its whole-suite run stopped (at the first failure). */
  caughtBy: Failure[];
  /** Killed by the first try (the test that killed it before), without a whole-suite run. */
  firstTry: boolean;
  note?: string;
}

export interface RunFacts {
  seconds: number;
  parallel: number;
  workers: number;
  playwrightArgs: string[];
  faithful: RunResult;
  /** The mutants this run judged, by --only; undefined for the whole catalogue. */
  only?: string[];
}

export type MutationReport = ReturnType<typeof buildReport>;

const tenths = (ms: number) => Math.round(ms / 100) / 10;

/** The report of `results`, in catalogue order (`order`: the catalogue's ids). */
function buildReport(run: RunFacts, results: MutantResult[], order: string[]) {
  const at = (id: string) => order.indexOf(id);
  const mutants = [...results].sort((a, b) => at(a.id) - at(b.id));
  const of = (s: MutantStatus) => mutants.filter((r) => r.status === s);
  const { faithful: f } = run;
  return {
    generatedAt: new Date().toISOString(),
    seconds: run.seconds,
    parallel: run.parallel,
    workers: run.workers,
    stopAtFirstFailure: true,
    playwrightArgs: run.playwrightArgs,
    ...(run.only ? { only: run.only } : {}),
    killedOnFirstTry: mutants.filter((r) => r.firstTry).length,
    faithful: {
      green: f.ok,
      passed: f.passed,
      failed: f.failed,
      flaky: f.flaky,
      skipped: f.skipped,
      seconds: tenths(f.ms),
      failures: f.failures,
      note: f.note,
    },
    score: mutants.length ? Math.round((of('killed').length / mutants.length) * 1000) / 1000 : 1,
    total: mutants.length,
    killed: of('killed').length,
    survived: of('survived').length,
    errors: of('error').length,
    survivors: of('survived').map((r) => ({ id: r.id, area: r.area, breaks: r.breaks })),
    mutants,
  };
}

/**
 * The results to report: this run's, and with --only, the earlier report's for every other mutant still
 * in the catalogue (`order`), so a run of one mutant does not drop the rest.
 */
export function mergeResults(previous: { mutants?: MutantResult[] } | undefined, results: MutantResult[], order: string[]): MutantResult[] {
  const judged = new Set(results.map((r) => r.id));
  const kept = (previous?.mutants ?? []).filter((m) => !judged.has(m.id) && order.includes(m.id));
  return [...kept, ...results];
}

/**
 * The killers record after this run: this run's kills replace their mutants' entries, a mutant it did
 * not kill loses its entry, and the others keep theirs.
 */
export function mergeKillers(
  previous: Record<string, string[]>,
  results: MutantResult[],
  order: string[],
  { narrowed = false } = {},
): Record<string, string[]> {
  const merged: Record<string, string[]> = { ...previous };
  for (const r of results) {
    if (r.status === 'killed' && r.caughtBy[0]) merged[r.id] = [r.caughtBy[0].test];
    // A run narrowed to some files says nothing of the tests it left out: it adds, never removes.
    else if (!narrowed) delete merged[r.id];
  }
  // A mutant gone from the catalogue leaves the record too.
  const kept = Object.entries(merged).filter(([id]) => order.includes(id));
  return Object.fromEntries(kept.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
}

const readJson = <T>(file: string): T | undefined => {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
  } catch {
    return undefined;
  }
};

/** Write reports/mutation.json (merged with the last one when `run.only` names some mutants); returns it. */
export function writeReport(run: RunFacts, results: MutantResult[], order: string[]): MutationReport {
  const all = run.only ? mergeResults(readJson<{ mutants?: MutantResult[] }>(REPORT), results, order) : results;
  const report = buildReport(run, all, order);
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

/** The first try plays as many rounds as its most crowded killer has mutants: a killer of more than this many is named. */
export const KILLER_ROUNDS = 4;

/** How many mutants each test of a killers record plays in the first try. */
export function killerPlays(record: Record<string, string[]>): Map<string, number> {
  const plays = new Map<string, number>();
  for (const [killer] of Object.values(record)) if (killer) plays.set(killer, (plays.get(killer) ?? 0) + 1);
  return plays;
}

/**
 * The killers this run recorded that now play more than {@link KILLER_ROUNDS} mutants, with how many: a whole-suite run
 * names the first test that failed, often the same early test.
 */
export function crowdedKillers(record: Record<string, string[]>, results: MutantResult[]): [string, number][] {
  const plays = killerPlays(record);
  const recorded = new Set(results.filter((r) => r.status === 'killed' && r.caughtBy[0]).map((r) => record[r.id]?.[0]));
  return [...plays].filter(([killer, n]) => n > KILLER_ROUNDS && recorded.has(killer));
}

/**
 * Write mutation/killers.json, this run's kills merged into the committed record; returns how many it holds and
 * the killers it crowded.
 */
export function writeKillers(results: MutantResult[], order: string[], narrowed = false): { held: number; crowded: [string, number][] } {
  const record = mergeKillers(readJson<Record<string, string[]>>(KILLERS) ?? {}, results, order, { narrowed });
  writeFileSync(KILLERS, `${JSON.stringify(record, null, 2)}\n`);
  return { held: Object.keys(record).length, crowded: crowdedKillers(record, results) };
}
