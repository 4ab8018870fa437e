// The mock's faults: the control endpoint (`/__mock/faults`) as msw handlers, and the
// override that serves the faults switched on (mock-server/faults.ts), per test
// (`mock.faults.inject`) or from the command line (`--fault`); cleared by `MockContext.reset()`.
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { MockContext, MockOverride } from './context.js';
import { controlFaults, faultAnswer, FAULTS_PATH } from './faults.js';
import { loginRedirect } from './routes.js';
import { AUTH_COOKIE } from './session.js';

/** Header on a handler's answer that tells the bridge to close the socket without answering (FIN, no RST). */
export const CLOSE_MARKER = 'x-mock-fault-close';

const closeWithoutAnswer = (): Response => new Response(null, { status: 204, headers: { [CLOSE_MARKER]: '1' } });

/** The control endpoint (`/__mock/faults`): msw handlers that go first. */
export function faultControlHandlers(ctx: MockContext): RequestHandler[] {
  const control = async ({ request }: { request: Request }) => {
    const answer = controlFaults(ctx.faults, request.method, request.method === 'POST' ? await request.text() : '');
    if (!answer) return undefined;
    return answer.json === undefined
      ? new HttpResponse(null, { status: answer.status })
      : HttpResponse.json(answer.json, { status: answer.status });
  };
  const path = FAULTS_PATH.toLowerCase();
  return [http.get(path, control), http.delete(path, control), http.post(path, control)];
}

/** The override that serves the faults switched on (per test, by `--fault`, or through the control endpoint). */
export const faultOverride: MockOverride = {
  intercept: async (request, next, ctx) => {
    const pathname = new URL(request.url).pathname;
    if (pathname.startsWith('/__mock/')) return next(request);
    const fault = ctx.faults.take(request.method, pathname);
    switch (fault?.fault) {
      case undefined:
        return next(request);
      case 'reset':
        return HttpResponse.error();
      case 'close':
        return closeWithoutAnswer();
      case 'delay':
        // Then served as usual.
        await sleep(fault.ms ?? 0);
        return next(request);
      case '429':
      case '500':
        return faultAnswer({ ...fault, fault: fault.fault });
      case 'expire': {
        // Interface doc, Errors: an expired session on a protected endpoint redirects to login.
        const ticket = (request.headers.get('cookie') ?? '').split(';').map((c) => c.trim())
          .find((c) => c.slice(0, c.indexOf('=')) === AUTH_COOKIE);
        if (ticket) ctx.faults.expire([ticket]);
        return loginRedirect(request);
      }
    }
  },
};
