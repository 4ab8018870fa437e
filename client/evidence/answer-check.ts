// The verdict on one answer that passed through the proxy, with the suite's own checks:
// a JSON endpoint's 200 against its schema (client/contract-answer.ts) and the
// drift audit (client/drift.ts); a page against the form fields and token its route names.
import * as cheerio from 'cheerio/slim';
import { queryFromSearchParams, type RegistryEntry } from '../../contracts/index.js';
import { checkJsonAnswer, type ContractIssue } from '../contract-answer.js';
import { isLoginRedirect } from '../client.js';
import { auditAnswer, type AuditOptions, type Drift } from '../drift.js';

/**
 * `ok`: the contract holds; `drift`: it holds, with keys the contract or baseline does not
 * name; `violation`: it is broken; `login`: a redirect to the login page (interface doc:
 * an expired session); `unchecked`: nothing to hold it to (a form post's answer, a
 * request the registry's own query schema refuses, a 429 from the target); `unknown`: no registry entry;
 * `refused`: the write guard answered; `fault`: a fault the proxy injected; `no answer`:
 * the target reset or closed the connection.
 */
export type Verdict = 'ok' | 'drift' | 'violation' | 'login' | 'unchecked' | 'unknown' | 'refused' | 'fault' | 'no answer';

export interface Checked {
  verdict: Verdict;
  issues: ContractIssue[];
  drift?: Drift;
  note?: string;
}

export interface Answer {
  method: string;
  url: URL;
  status: number;
  location: string | null;
  contentType: string;
  body: string;
}

/** Names of the form controls of an HTML page. */
const controlNames = (html: string): Set<string> => {
  const $ = cheerio.load(html);
  return new Set(
    $('input[name], select[name], textarea[name], button[name]')
      .map((_, el) => $(el).attr('name') ?? '')
      .get(),
  );
};

export function checkAnswer(route: RegistryEntry | undefined, a: Answer, audit: AuditOptions): Checked {
  if (!route) return { verdict: 'unknown', issues: [] };
  if (isLoginRedirect(a.status, a.location)) return { verdict: 'login', issues: [] };
  if (route.kind === 'page') {
    if (route.method !== 'GET' || a.status !== 200 || !route.formFields?.length) return { verdict: 'unchecked', issues: [] };
    const names = controlNames(a.body);
    const missing = route.formFields.filter((f) => !names.has(f));
    return missing.length
      ? { verdict: 'violation', issues: missing.map((f) => ({ path: `form field ${f}`, message: `the page lacks a control named ${f}` })) }
      : { verdict: 'ok', issues: [] };
  }
  if (a.status === 429) {
    // Live notes, "Load": bursts may draw 429 from a real server; the client waits and retries.
    return { verdict: 'unchecked', issues: [], note: 'HTTP 429 from the target: rate limited' };
  }
  if (a.status !== 200) {
    const query = route.query?.safeParse(queryFromSearchParams(route, a.url.searchParams));
    if (a.status >= 400 && a.status < 500 && query && !query.success) {
      return { verdict: 'unchecked', issues: [], note: `HTTP ${a.status} to a query the registry's own schema refuses` };
    }
    return { verdict: 'violation', issues: [{ path: '(status)', message: `HTTP ${a.status}; the contract declares 200` }] };
  }
  const checked = checkJsonAnswer(route, a.contentType, a.body);
  if (!checked.ok) return { verdict: 'violation', issues: checked.issues };
  const { drift, problems } = auditAnswer(route, checked.json, audit);
  if (problems.length) {
    return { verdict: 'violation', issues: problems.map((p) => ({ path: '$', message: p.replace(/\s*\n\s*/g, ' ') })), drift };
  }
  const drifted = drift.unknownKeys.length > 0 || drift.newBaselineKeys.length > 0;
  return { verdict: drifted ? 'drift' : 'ok', issues: [], drift };
}
