// The service's request filter (interface doc, Create booking "Wire requirements"; live
// notes: "a literal `[` or `]` in a urlencoded field name gets the TCP connection
// reset"). It reads the raw bytes before anything parses them.
import { HttpResponse, http } from 'msw';
import type { MockContext } from '../context.js';

/** True when a field *name* of a raw urlencoded body holds a literal bracket; values do not count. */
export function hasRawBracketInFieldName(raw: string): boolean {
  return raw.split('&').some((pair) => /[[\]]/.test(pair.split('=', 1)[0] ?? ''));
}

export function filterHandlers(mock: MockContext) {
  return [
    http.all('*', async ({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      if (request.method !== 'POST' || !type.includes('application/x-www-form-urlencoded')) return undefined;
      const raw = await request.clone().text();
      if (hasRawBracketInFieldName(raw)) {
        mock.resets += 1;
        return HttpResponse.error();
      }
      return undefined;
    }),
  ];
}
