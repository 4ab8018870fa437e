// Whether a 200 answer of a JSON endpoint keeps its contract: a JSON body, a JSON
// Content-Type, the endpoint's response schema. One check for the client's `call` and
// the proxy (proxy/), each issue named by its field path.
import { z } from 'zod';
import type { JsonEndpoint } from '../contracts/index.js';

export interface ContractIssue {
  /** `$` for the body, `$[0].BookingId` for a field; `(Content-Type)` for the header. */
  path: string;
  message: string;
}

export type AnswerCheck =
  | { ok: true; json: unknown; data: unknown }
  | { ok: false; issues: ContractIssue[]; /** One `✖ path: message` line per issue (the suite's error messages). */ pretty: string };

/** `$[0].BookingId: expected number, received string`: the field first, zod's generic lead-in dropped. */
export const issueLine = (issue: ContractIssue): string => `${issue.path}: ${issue.message.replace(/^Invalid input: /, '')}`;

/** The issues one a line, `✖ $[0].BookingId: expected number, received string`. */
export const prettyIssues = (issues: readonly ContractIssue[]): string => issues.map((i) => `✖ ${issueLine(i)}`).join('\n');

/** `['Data', 0, 'BookingId']` → `$.Data[0].BookingId`. */
const issuePath = (path: readonly PropertyKey[]): string =>
  `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;

/**
 * Issues down to their fields: a union (a list as a bare array or as `{Data}`) reports
 * the issues of the branch that got furthest into the body, not a bare "Invalid input" at `$`.
 */
function flatIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]): ContractIssue[] {
  return issues.flatMap((issue) => {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length) {
      const depth = (branch: readonly z.core.$ZodIssue[]) => Math.max(0, ...branch.map((i) => i.path.length));
      const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
      if (best.length) return flatIssues(best, at);
    }
    return [{ path: issuePath(at), message: issue.message }];
  });
}

export function checkJsonAnswer(endpoint: JsonEndpoint, contentType: string, body: string): AnswerCheck {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    const message = `body is not JSON (Content-Type: ${contentType || 'none'})`;
    return { ok: false, issues: [{ path: '$', message }], pretty: `✖ ${message}` };
  }
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    const message = `Content-Type is "${contentType}", expected application/json`;
    return { ok: false, issues: [{ path: '(Content-Type)', message }], pretty: `✖ ${message}` };
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    // By field, also for a list: z.prettifyError names a union's failure `✖ Invalid input` at `$`, without its field.
    const issues = flatIssues(parsed.error.issues, []);
    return { ok: false, issues, pretty: prettyIssues(issues) };
  }
  return { ok: true, json, data: parsed.data };
}
