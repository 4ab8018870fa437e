// How one exchange reads in a report: a step title, and the text of its attachment (verdict,
// replay command, masked headers and bodies). Pure: the harness checks it on recorded exchanges.
import type { Exchange } from '../exchange.js';
import { curlOf } from './curl.js';
import { PLACEHOLDERS } from '../secrets.js';
import { issueLine } from '../contract-answer.js';
import { describeVerdict, isBroken, type ExchangeVerdict } from './verdict.js';
import { blameLine, type Blame } from './origin.js';

/** One exchange as the evidence keeps it. */
export interface Evidence {
  exchange: Exchange;
  verdict: ExchangeVerdict;
  curl: string;
  /** Kept after the test had failed (its cleanup, the fixtures after it): not what the failure is about. */
  afterFailure?: boolean;
}

export const evidenceOf = (exchange: Exchange, verdict: ExchangeVerdict): Evidence => ({ exchange, verdict, curl: curlOf(exchange) });

const MAX_TITLE_PATH = 100;

/**
 * `GET /api/rooms?id=1 → 200 (12 ms)`; `GET /x → no answer (3 ms)`; a broken contract adds its first
 * field: `… → 200 (12 ms) ✖ $[0].BookingId: expected number, received string (and 29 more)`.
 */
export function stepTitle({ exchange: x, verdict }: Evidence): string {
  const url = new URL(x.url);
  const path = `${url.pathname}${url.search}`;
  const shown = path.length > MAX_TITLE_PATH ? `${path.slice(0, MAX_TITLE_PATH - 1)}…` : path;
  const ms = x.durationMs === undefined ? '' : ` (${Math.round(x.durationMs)} ms)`;
  const [first, ...more] = isBroken(verdict) ? verdict.issues : [];
  const field = first ? ` ✖ ${issueLine(first)}${more.length ? ` (and ${more.length} more)` : ''}` : '';
  return `${x.method} ${shown} → ${x.status ?? 'no answer'}${ms}${field}`;
}

const block = (title: string, headers: Record<string, string>, body?: string): string[] => [
  `--- ${title}`,
  ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ...(body ? ['', body] : []),
];

/** How to fill the replay's variables (README, "Evidence"). */
const FILL_HINT =
  `# ${PLACEHOLDERS.cookie}: the Cookie header of a logged-in session; ${PLACEHOLDERS.token}: the __RequestVerificationToken ` +
  `of a page of that session; ${PLACEHOLDERS.baseUrl}: the target (npm run mock prints it). README, "Evidence".`;

/** `GET /api/bookings/GetForHallgrid → 200`: an attachment's name. */
export const requestName = ({ exchange: x }: Evidence): string => `${x.method} ${new URL(x.url).pathname} → ${x.status ?? 'no answer'}`;

/**
 * The attachment of one exchange: what was sent and answered, what the contract says, how to replay it; for the answer
 * a check blamed, the value that broke first.
 */
export function evidenceText(e: Evidence, blamed?: Blame): string {
  const x = e.exchange;
  return [
    ...(blamed ? [blameLine(blamed)] : []),
    `${x.method} ${x.url} → ${x.status ?? 'no answer'}${x.durationMs === undefined ? '' : ` in ${Math.round(x.durationMs)} ms`}`,
    `contract: ${describeVerdict(e.verdict)}`,
    '',
    FILL_HINT,
    e.curl,
    '',
    ...block('request', x.requestHeaders, x.requestBody),
    '',
    ...block('response', x.responseHeaders, x.responseBody),
  ].join('\n');
}

/**
 * The exchange a failure is about, and the blame that named it: a request still waiting for its answer when the test
 * ended (the oldest: a hung target), else the answer the test's first blame names (a check that found a value read from
 * it wrong), else, among the exchanges before the failure, the last one whose URL an error names (the client's errors
 * name method and URL), else the last that broke its contract or got no answer, else the last with an error status,
 * else the last one.
 */
export function failingEvidence(
  all: readonly Evidence[],
  errors: readonly string[],
  unanswered: readonly Evidence[] = [],
  blamed: readonly Blame[] = [],
): { evidence?: Evidence; blame?: Blame } {
  if (unanswered[0]) return { evidence: unanswered[0] };
  for (const b of blamed) {
    const evidence = all.find((e) => e.exchange === b.exchange);
    if (evidence) return { evidence, blame: b };
  }
  const before = all.filter((e) => !e.afterFailure);
  const pool = before.length ? before : all;
  const last = (keep: (e: Evidence) => boolean) => pool.findLast(keep);
  return {
    evidence:
      last((e) => errors.some((m) => m.includes(e.exchange.url))) ??
      last((e) => isBroken(e.verdict)) ??
      last((e) => (e.exchange.status ?? 0) >= 400) ??
      pool.at(-1),
  };
}
