// The mock's faults as msw handlers that go first: the control endpoint
// (`/__mock/faults`), then the faults switched on (mock-server/faults.ts), per test
// (`mock.faults.inject`) or from the command line (`--fault`); cleared by `MockContext.reset()`.
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { MockContext } from './context.js';
import { controlFaults, faultAnswer, FAULTS_PATH } from './faults.js';
import { loginRedirect } from './routes.js';
import { AUTH_COOKIE } from './session.js';

/** Header on a handler's answer that tells the bridge to close the socket without answering (FIN, no RST). */
export const CLOSE_MARKER = 'x-mock-fault-close';

const closeWithoutAnswer = (): Response => new Response(null, { status: 204, headers: { [CLOSE_MARKER]: '1' } });

/** Handlers that go first: the control endpoint, then the switched-on faults. */
export function faultHandlers(ctx: MockContext): RequestHandler[] {
  const faults = ctx.faults;
  const control = async ({ request }: { request: Request }) => {
    const answer = controlFaults(faults, request.method, request.method === 'POST' ? await request.text() : '');
    if (!answer) return undefined;
    return answer.json === undefined ? new HttpResponse(null, { status: answer.status }) : HttpResponse.json(answer.json, { status: answer.status });
  };
  const path = FAULTS_PATH.toLowerCase();
  return [
    http.get(path, control),
    http.delete(path, control),
    http.post(path, control),
    http.all('*', async ({ request }) => {
      const pathname = new URL(request.url).pathname;
      if (pathname.startsWith('/__mock/')) return undefined;
      const fault = faults.take(request.method, pathname);
      switch (fault?.fault) {
        case undefined:
          return undefined;
        case 'reset':
          return HttpResponse.error();
        case 'close':
          return closeWithoutAnswer();
        case 'delay':
          // Then served as usual by the next handlers.
          await sleep(fault.ms ?? 0);
          return undefined;
        case '429':
        case '500':
          return faultAnswer({ ...fault, fault: fault.fault });
        case 'expire': {
          // Interface doc, Errors: an expired session on a protected endpoint redirects to login.
          const ticket = (request.headers.get('cookie') ?? '').split(';').map((c) => c.trim())
            .find((c) => c.slice(0, c.indexOf('=')) === AUTH_COOKIE);
          if (ticket) faults.expire([ticket]);
          return loginRedirect(request);
        }
      }
    }),
  ];
}
