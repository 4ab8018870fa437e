// What a generated JSON request must get. Every input: an HTTP answer, never a 5xx. A valid input:
// 200 within the endpoint's contract. Any other input: refused (a 4xx), or, where the server binds
// leniently (live notes: MVC binds names or numbers, True/true), a 200 still within the contract: the
// interface document shows no status for validation failures, so a refusal is not demanded of JSON reads.
import { endpoints, listItems, type JsonEndpoint } from '../contracts/index.js';
import type { HbClient } from '../client/client.js';
import { checkJsonAnswer } from '../client/contract-answer.js';
import type { JsonCase } from './json-cases.js';
import { describe, redirectsToLogin, sendCase, type Sent } from './send.js';

/** A verdict: null when the answer keeps the rules, else the finding's message. */
export type Verdict = string | null;

/** What an invalid input got, counted for the summary (the server's choice, recorded, not judged). */
export const refusals = { refused: 0, tolerated: 0 };

/** The blocked customers of every hall, to prove that a refused BlockUser stored nothing. */
async function blockedCustomers(client: HbClient): Promise<string> {
  const reply = await client.send(endpoints.listAllCustomers.path, { endpointId: 'listAllCustomers' });
  const items = (listItems(JSON.parse(reply.text)) ?? []) as { UserId?: string; IsBlocked?: unknown }[];
  return items
    .filter((c) => c.IsBlocked === true)
    .map((c) => c.UserId)
    .sort()
    .join(',');
}

async function send(client: HbClient, c: JsonCase): Promise<Sent> {
  const spec = {
    method: c.method,
    path: c.path,
    body: c.body,
    contentType: c.body !== undefined ? 'application/json' : undefined,
    token: c.method === 'POST' ? ('session' as const) : undefined,
    endpointId: c.endpoint,
  };
  let sent = await sendCase(client, spec);
  // The session may expire on its own on a long run against a server: one fresh login, one retry.
  if (sent.ok && redirectsToLogin(sent.reply)) {
    await client.login();
    await client.antiForgeryToken({ fresh: true });
    sent = await sendCase(client, spec);
  }
  return sent;
}

export async function judgeJsonCase(client: HbClient, c: JsonCase): Promise<Verdict> {
  const endpoint: JsonEndpoint = endpoints[c.endpoint];
  const guardStore = endpoint.id === 'blockUser' && c.kind !== 'valid';
  const before = guardStore ? await blockedCustomers(client) : '';
  const sent = await send(client, c);
  const where = `${c.endpoint}: ${describe(c, sent)}`;
  if (!sent.ok) return `${where} (a dropped connection; only a form post with a literal bracket in a field name may be reset)`;
  const { reply } = sent;
  if (reply.status >= 500) return `${where}: a server error for a ${c.kind} input${c.field ? ` in ${c.field}` : ''}`;
  if (redirectsToLogin(reply)) return `${where}: redirected to the login page although the session is valid (it survived a fresh login)`;
  const contentType = reply.headers.get('content-type') ?? '';
  if (c.kind === 'valid') {
    if (reply.status !== 200) return `${where}: a valid input must be answered 200 (contract)`;
    const checked = checkJsonAnswer(endpoint, contentType, reply.text);
    return checked.ok ? null : `${where}: the answer to a valid input breaks the contract:\n${checked.pretty}`;
  }
  let verdict: Verdict = null;
  if (reply.status >= 400) refusals.refused += 1;
  else if (reply.status === 200) {
    refusals.tolerated += 1;
    const checked = checkJsonAnswer(endpoint, contentType, reply.text);
    if (!checked.ok) verdict = `${where}: a ${c.kind} input was accepted (200) with an answer that breaks the contract:\n${checked.pretty}`;
  } else verdict = `${where}: a ${c.kind} input must be refused (4xx) or answered 200 within the contract`;
  if (guardStore && !verdict) {
    const after = await blockedCustomers(client);
    if (after !== before) verdict = `${where}: a ${c.kind} BlockUser body changed which customers are blocked (${before} → ${after})`;
  }
  return verdict;
}
