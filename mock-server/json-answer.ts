// A JSON answer that remembers the text it was built from, so the bridge sends it as it is
// instead of reading the body stream back (npm run bench: reading it cost as much as building it).
import { STATUS_CODES } from 'node:http';

const STATUS_TEXT: Record<number, string | undefined> = STATUS_CODES;

const textOf = new WeakMap<Response, string>();

/**
 * What msw's `HttpResponse.json` answers (status text included), built as a plain Response from
 * header pairs, with the length counted from the text rather than a Blob of it.
 */
export function jsonAnswer(data: unknown, init: { status?: number } = {}): Response {
  const text = JSON.stringify(data) ?? '';
  const status = init.status ?? 200;
  const response = new Response(text, {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: [
      ['Content-Type', 'application/json'],
      ['Content-Length', String(Buffer.byteLength(text))],
    ],
  });
  textOf.set(response, text);
  return response;
}

/** The text of an answer built by `jsonAnswer` whose body nobody has read; undefined otherwise. */
export const answerText = (response: Response): string | undefined => (response.bodyUsed ? undefined : textOf.get(response));
