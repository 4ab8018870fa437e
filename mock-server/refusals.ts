// What the service refuses before any route sees a request, answered as IIS and ASP.NET answer
// it rather than with a 500: a body over the request limit (413), a method no route can take
// (405), JSON nested deeper than the deserialiser's limit (400).
import type { IncomingMessage } from 'node:http';

/** ASP.NET's default `maxRequestLength` is 4096 KB. */
export const MAX_BODY_BYTES = 4096 * 1024;
/** The JSON deserialisers' default `MaxDepth` (Json.NET, System.Text.Json). */
export const MAX_JSON_DEPTH = 64;
/** Methods that reach the routes (the Fetch API refuses TRACE, TRACK and CONNECT outright). */
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

export const routedMethod = (method: string | undefined): boolean => ROUTED_METHODS.has(method ?? 'GET');

/**
 * The whole body, or null when it is over `max` bytes: the rest is read and dropped, so memory stays
 * bounded and the client, still sending, is not cut off before it reads the 413.
 * Listeners rather than an async iterator, which costs more than a bodiless GET takes.
 */
export function readBoundedBody(req: IncomingMessage, max = MAX_BODY_BYTES): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.once('end', () => resolve(size > max ? null : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Whether a JSON text nests arrays and objects deeper than `max` (counted outside strings, without parsing). */
export function jsonDepthExceeds(raw: Buffer, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A plain-text refusal. */
export const refusal = (status: number, text: string, headers: Record<string, string> = {}): Response =>
  new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
