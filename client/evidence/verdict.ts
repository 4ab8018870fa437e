// The contract verdict on one recorded exchange, for the report: the registry entry its method
// and path meet, and the same check the proxy makes (client/evidence/answer-check.ts), issues by field path.
import type { Exchange } from '../exchange.js';
import { issueLine } from '../contract-answer.js';
import { checkAnswer, type Checked } from './answer-check.js';
import { routeOf } from './route-of.js';

export interface ExchangeVerdict extends Checked {
  /** The registry id the method and path meet, or the id the client named, or undefined. */
  endpointId?: string;
}

/** A body cut for the report (client/exchange.ts): its verdict would judge the cut, not the answer. */
const CUT = /\n… \(\d+ more characters\)$/;

const header = (headers: Record<string, string>, name: string): string | null =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? null;

/**
 * What the contract says of an exchange: `no answer` without a status, else the proxy's verdict
 * (`ok`, `drift`, `violation`, `login`, `unchecked`, `unknown`) on the masked answer. Unknown keys
 * fail only under HB_STRICT_CONTRACTS (`strict`); shapes of undocumented bodies are not compared here.
 */
export function verdictOf(x: Exchange, { strict = false } = {}): ExchangeVerdict {
  const url = new URL(x.url);
  const route = routeOf(x.method, `${url.pathname}${url.search}`);
  const endpointId = route?.id ?? (x.endpointId === 'http' ? undefined : x.endpointId);
  if (x.status === undefined) return { endpointId, verdict: 'no answer', issues: [] };
  const body = x.responseBody ?? '';
  if (route?.kind === 'json' && x.status === 200 && CUT.test(body)) {
    return { endpointId, verdict: 'unchecked', issues: [], note: 'the body is longer than the report keeps' };
  }
  const checked = checkAnswer(
    route,
    {
      method: x.method,
      url,
      status: x.status,
      location: header(x.responseHeaders, 'location'),
      contentType: header(x.responseHeaders, 'content-type') ?? '',
      body,
    },
    { strict, baseline: { file: '', source: '' } },
  );
  return { endpointId, ...checked };
}

/** Whether the verdict says the exchange broke its contract (or got no answer). */
export const isBroken = (v: ExchangeVerdict): boolean => v.verdict === 'violation' || v.verdict === 'no answer';

/** `listRoomsForGrid: violation\n  ✖ $[0].RoomId: …` */
export function describeVerdict(v: ExchangeVerdict): string {
  const head = `${v.endpointId ?? '(no registry entry)'}: ${v.verdict}${v.note ? ` (${v.note})` : ''}`;
  return [head, ...v.issues.map((i) => `  ✖ ${issueLine(i)}`)].join('\n');
}
