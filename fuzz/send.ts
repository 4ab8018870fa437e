// One generated request on the wire, through the run's session (cookies, token) or deliberately
// without it: no retries (a 5xx must be seen, not retried away), a 429 waited out (live notes,
// "Load": bursts may draw it), and the reply or the transport failure as data for the verdict.
import { TOKEN_HEADER, isLoginPath } from '../contracts/index.js';
import type { HbClient } from '../client/client.js';
import { TransportError } from '../client/errors.js';
import type { RawReply } from '../client/transport.js';

export type Sent = { ok: true; reply: RawReply } | { ok: false; code: string; message: string };

export interface SendSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
  /** The anti-forgery token header of a JSON POST: the session's own (`session`), none, or this value. */
  token?: 'session' | 'none' | { value: string };
  endpointId: string;
  headers?: Record<string, string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counts of what was sent, shown in the summary: requests, and the most in flight at once from this process. */
export const wireStats = { requests: 0, inFlight: 0, maxInFlight: 0 };

/**
 * Count requests on the wire: the client's limiter and the run's slots hold a request back before fetch
 * sees it, so fetch is where "in flight" is true. Installed once per process; it only counts.
 */
export function countRequestsOnTheWire(): void {
  const original = globalThis.fetch as typeof fetch & { counted?: boolean };
  if (original.counted) return;
  const counted = Object.assign(
    async (...args: Parameters<typeof fetch>) => {
      wireStats.requests += 1;
      wireStats.inFlight += 1;
      wireStats.maxInFlight = Math.max(wireStats.maxInFlight, wireStats.inFlight);
      try {
        // Counted until the answer's headers arrive; the limiter's slot is held until the body is read too.
        return await original(...args);
      } finally {
        wireStats.inFlight -= 1;
      }
    },
    { counted: true },
  );
  globalThis.fetch = counted;
}

export async function sendCase(client: HbClient, spec: SendSpec): Promise<Sent> {
  const headers: Record<string, string> = { ...spec.headers };
  if (spec.contentType) headers['content-type'] = spec.contentType;
  if (spec.token === 'session') headers[TOKEN_HEADER] = await client.antiForgeryToken();
  else if (spec.token && spec.token !== 'none') headers[TOKEN_HEADER] = spec.token.value;
  for (let attempt = 0; ; attempt++) {
    let reply: RawReply;
    try {
      reply = await client.send(spec.path, { method: spec.method, headers, body: spec.body, endpointId: spec.endpointId, retries: 0 });
    } catch (error) {
      if (error instanceof TransportError) return { ok: false, code: error.code, message: error.message };
      throw error;
    }
    if (reply.status === 429 && attempt < 3) {
      const hinted = Number(reply.headers.get('retry-after'));
      await sleep(Number.isFinite(hinted) && hinted > 0 ? Math.min(hinted, 10) * 1000 : 500 * 2 ** attempt);
      continue;
    }
    return { ok: true, reply };
  }
}

/** Whether an answer is a redirect to the login page (interface doc, Errors: an absent or expired session). */
export function redirectsToLogin(reply: RawReply): boolean {
  const location = reply.headers.get('location');
  return reply.status >= 300 && reply.status < 400 && !!location && isLoginPath(new URL(location, reply.url).toString());
}

/** `METHOD URL → HTTP n` (or the transport code), for a finding's first line. */
export function describe(spec: { method: string; path: string }, sent: Sent): string {
  return sent.ok ? `${spec.method} ${sent.reply.url} → HTTP ${sent.reply.status}` : `${spec.method} ${spec.path} → no answer: ${sent.code}`;
}
