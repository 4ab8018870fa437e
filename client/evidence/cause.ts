// The cause of a failure, one line that is the same for every test the same break failed: the same endpoint and field
// path (whichever row), the same refused page, the same answer that never came. The closing summary groups failures by
// it (reporting/summary-reporter.ts), so one break is one entry however many tests it failed.
import { contractBreakOf } from '../errors.js';
import { anyIndex, type Blame } from './origin.js';
import type { Evidence } from './text.js';

const routeOf = (e: Evidence): string => {
  const x = e.exchange;
  return e.verdict.endpointId ?? `${x.method} ${new URL(x.url).pathname}`;
};

/**
 * `listBookingsForHallGrid $.Data[*].StartDateTime (the grid of its day: start)`, `checkSession → HTTP 500`,
 * `GET /api/rooms/GetForHall: no answer`; undefined when the failure names no answer (the summary then groups by its
 * message).
 */
export function causeOf(errors: readonly string[], failing: { evidence?: Evidence; blame?: Blame; hung?: boolean }): string | undefined {
  const { evidence, blame } = failing;
  // A request still waiting when the test ended, or one the failure names that ended without an answer (a timeout, a
  // reset); not one a page dropped on its way elsewhere, which an unrelated failure would otherwise be grouped under.
  const named = !!evidence && errors.some((m) => m.includes(evidence.exchange.url));
  if (evidence && (failing.hung || (named && evidence.exchange.status === undefined))) return `${routeOf(evidence)}: no answer`;
  if (evidence && blame) {
    const at = blame.path ? ` ${anyIndex(blame.path)}` : ` → ${evidence.exchange.status ?? 'no answer'}`;
    return `${routeOf(evidence)}${at} (${blame.what})`;
  }
  const broken = errors.map(contractBreakOf).find(Boolean);
  if (broken?.paths.length) return `${broken.endpointId} ${[...new Set(broken.paths.map(anyIndex))].join(', ')}`;
  if (broken) return `${broken.endpointId} → HTTP ${broken.status}`;
  const issue = evidence?.verdict.verdict === 'violation' ? evidence.verdict.issues[0] : undefined;
  if (evidence && issue) return `${routeOf(evidence)} ${anyIndex(issue.path)}`;
  return undefined;
}
