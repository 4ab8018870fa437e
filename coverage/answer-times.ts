// How fast the target answered, as a result of the run: every exchange's time by route (registry id, else method and
// path), counted in each worker (fixtures/coverage.ts), merged by the summary (reporting/summary-reporter.ts) into
// count, median, 95th percentile and the slowest call with its replay; and the budget a test's answers are held to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder under a project's output folder that holds the workers' answer times. */
export const WORKER_TIMES_DIR = 'answer-times';

/** A route's slowest call: how long, in which test, and the command that replays it (secrets as shell variables). */
interface Slowest {
  ms: number;
  test: string;
  replay: string;
}

/** Every answer time of a route, and its slowest call. */
interface RouteTimes {
  ms: number[];
  slowest: Slowest;
}

/** Route → its answer times. */
export type AnswerTimes = Record<string, RouteTimes>;

/** One answer's time added. */
export function addTime(times: AnswerTimes, route: string, ms: number, slowest: Omit<Slowest, 'ms'>): void {
  const at = (times[route] ??= { ms: [], slowest: { ms: -1, test: '', replay: '' } });
  at.ms.push(Math.round(ms));
  if (ms > at.slowest.ms) at.slowest = { ms: Math.round(ms), ...slowest };
}

/** The workers' answer times under each project's output folder, merged. */
export function readWorkerTimes(outputDirs: readonly string[]): AnswerTimes {
  const out: AnswerTimes = {};
  for (const dir of new Set(outputDirs.map((d) => join(d, WORKER_TIMES_DIR)))) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      for (const [route, t] of Object.entries(JSON.parse(readFileSync(join(dir, f), 'utf8')) as AnswerTimes)) {
        const merged = (out[route] ??= { ms: [], slowest: t.slowest });
        merged.ms.push(...t.ms);
        if (t.slowest.ms > merged.slowest.ms) merged.slowest = t.slowest;
      }
    }
  }
  return out;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
const percentile = (sorted: readonly number[], share: number): number => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** A route's answer times as the summary gives them. */
export interface RouteStats {
  route: string;
  count: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  slowest: Slowest;
}

/** Every route's statistics, the slowest (by 95th percentile) first. */
export function timeStats(times: AnswerTimes): RouteStats[] {
  return Object.entries(times)
    .map(([route, t]) => {
      const sorted = [...t.ms].sort((a, b) => a - b);
      return {
        route,
        count: sorted.length,
        medianMs: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        maxMs: sorted.at(-1) ?? 0,
        slowest: t.slowest,
      };
    })
    .sort((a, b) => b.p95Ms - a.p95Ms || a.route.localeCompare(b.route));
}

/** The routes of one test whose median answer exceeds the budget, one line each (none: an empty list). */
export function overBudget(times: AnswerTimes, budgetMs: number): string[] {
  return timeStats(times)
    .filter((s) => s.medianMs > budgetMs)
    .map(
      (s) =>
        `${s.route}: median ${(s.medianMs / 1000).toFixed(1)} s over ${s.count} call(s), over HB_MAX_RESPONSE_MS=${budgetMs} ` +
        `(the slowest, ${(s.slowest.ms / 1000).toFixed(1)} s: ${s.slowest.replay})`,
    );
}
