// A JSON answer that remembers the bytes it was built from, so the bridge sends them as they are
// instead of reading the body stream back (npm run bench: reading it cost as much as building it).
import { HttpResponse } from 'msw';

const bytesOf = new WeakMap<Response, Buffer>();

/** Like msw's `HttpResponse.json`, with the length counted from the bytes rather than a Blob of them. */
export function jsonAnswer(data: unknown, init: { status?: number } = {}): Response {
  const bytes = Buffer.from(JSON.stringify(data) ?? '');
  const response = new HttpResponse(bytes, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(bytes.length) },
  });
  bytesOf.set(response, bytes);
  return response;
}

/** The bytes of an answer built by `jsonAnswer` whose body nobody has read; undefined otherwise. */
export const answerBytes = (response: Response): Buffer | undefined =>
  (response.bodyUsed ? undefined : bytesOf.get(response));
