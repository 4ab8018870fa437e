// A JSON answer that remembers the text it was built from, so the bridge sends it as it is
// instead of reading the body stream back (npm run bench: reading it cost as much as building it).
import { HttpResponse } from 'msw';

const textOf = new WeakMap<Response, string>();

/** Like msw's `HttpResponse.json`, with the length counted from the text rather than a Blob of it. */
export function jsonAnswer(data: unknown, init: { status?: number } = {}): Response {
  const text = JSON.stringify(data) ?? '';
  const response = new HttpResponse(text, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) },
  });
  textOf.set(response, text);
  return response;
}

/** The text of an answer built by `jsonAnswer` whose body nobody has read; undefined otherwise. */
export const answerText = (response: Response): string | undefined =>
  (response.bodyUsed ? undefined : textOf.get(response));
