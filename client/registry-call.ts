// Calls of registry endpoints: arguments checked by the entry's schemas before anything
// leaves, the request built from the entry (path, query, JSON body, token header), and a
// 200 JSON answer held to the entry's response schema.
import { z } from 'zod';
import { TOKEN_HEADER, endpoints, type EndpointId, type JsonEndpoint } from '../contracts/index.js';
import { checkJsonAnswer } from './contract-answer.js';
import { ArgumentError, ContractError, UnexpectedStatusError } from './errors.js';
import type { Exchange } from './exchange.js';
import { noteOrigin } from './evidence/origin.js';
import { isLoginRedirect, type SessionClient } from './session.js';
import type { RawReply } from './transport.js';

type Endpoints = typeof endpoints;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
// An entry without a query (body) schema has it inferred as the bare `z.ZodType` default.
type Declared<S> = [NonNullable<S>] extends [never] ? false : z.ZodType extends NonNullable<S> ? false : true;
type QueryArg<Id extends EndpointId> =
  Declared<Endpoints[Id]['query']> extends true ? { query: InputOf<NonNullable<Endpoints[Id]['query']>> } : { query?: undefined };
type BodyArg<Id extends EndpointId> =
  Declared<Endpoints[Id]['body']> extends true ? { body: InputOf<NonNullable<Endpoints[Id]['body']>> } : { body?: undefined };
export type CallArgs<Id extends EndpointId> = Id extends EndpointId ? QueryArg<Id> & BodyArg<Id> : never;
export type ResponseOf<Id extends EndpointId> = z.output<Endpoints[Id]['response']>;

export interface CallResult<T> {
  data: T;
  /** The body as parsed JSON, before the schema (for the drift audit). */
  json: unknown;
  status: number;
  contentType: string;
  exchange: Exchange;
}

/** Build the request of a registry endpoint; arguments are checked by its schemas before anything is sent. */
export function prepareCall<Id extends EndpointId>(id: Id, args: CallArgs<Id>): { path: string; body?: string } {
  const endpoint: JsonEndpoint = endpoints[id];
  let path = endpoint.path;
  if (endpoint.query) {
    const q = endpoint.query.safeParse(args.query ?? {});
    if (!q.success) {
      const issues = z.prettifyError(q.error);
      throw new ArgumentError(`${id}: invalid query for ${endpoint.method} ${endpoint.path}\n${issues}`);
    }
    const params = new URLSearchParams();
    // The caller's spelling goes on the wire (the schema may coerce numbers).
    const query: Record<string, unknown> = args.query ?? {};
    for (const [k, v] of Object.entries(query)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') params.set(k, String(v));
    }
    const s = params.toString();
    if (s) path += `?${s}`;
  } else if (args.query && Object.keys(args.query).length) {
    throw new ArgumentError(`${id}: ${endpoint.path} takes no query parameters`);
  }
  let body: string | undefined;
  if (endpoint.body) {
    const b = endpoint.body.safeParse(args.body);
    if (!b.success) {
      const issues = z.prettifyError(b.error);
      throw new ArgumentError(`${id}: invalid body for ${endpoint.method} ${endpoint.path}\n${issues}`);
    }
    body = JSON.stringify(args.body);
  }
  return { path, body };
}

async function sendEndpoint(client: SessionClient, endpoint: JsonEndpoint, path: string, body?: string): Promise<RawReply> {
  const headers: Record<string, string> = {};
  if (endpoint.method === 'POST') {
    headers['content-type'] = 'application/json';
    if (endpoint.antiForgery === 'header') headers[TOKEN_HEADER] = await client.antiForgeryToken();
  }
  // A call with a side effect (registry `writes`, e.g. GenerateAccessPIN is a GET) is never retried.
  const retries = endpoint.writes ? 0 : undefined;
  return client.send(path, { method: endpoint.method, headers, body, endpointId: endpoint.id, retries });
}

/**
 * Call a registry endpoint: 200 with a JSON body that satisfies the contract, or an
 * error naming endpoint, method, URL, status and the offending field paths. A
 * redirect to the login page means the session expired: one re-login, one retry.
 */
export async function callEndpoint<Id extends EndpointId>(
  client: SessionClient,
  id: Id,
  args: CallArgs<Id>,
): Promise<CallResult<ResponseOf<Id>>> {
  const endpoint: JsonEndpoint = endpoints[id];
  const { path, body } = prepareCall(id, args);
  let reply = await sendEndpoint(client, endpoint, path, body);
  if (isLoginRedirect(reply.status, reply.headers.get('location'))) {
    await client.login();
    reply = await sendEndpoint(client, endpoint, path, body);
  }
  if (reply.status !== 200) throw new UnexpectedStatusError(reply.exchange, 'HTTP 200');
  const contentType = reply.headers.get('content-type') ?? '';
  const checked = checkJsonAnswer(endpoint, contentType, reply.text);
  if (!checked.ok) throw new ContractError(reply.exchange, checked.issues);
  const data = checked.data as ResponseOf<Id>;
  // A value read from this answer names it when a check finds the value wrong (client/evidence/origin.ts).
  noteOrigin(data, reply.exchange);
  return { data, json: checked.json, status: reply.status, contentType, exchange: reply.exchange };
}
