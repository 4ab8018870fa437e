// The mock's faults as overrides: `fault(spec)`, the one way a test switches a fault on
// (`mock.use(fault({ fault: 'reset', path }))`, dropped after the test), the lifelong override
// that serves the switch of `--fault` and `/__mock/faults`, and that endpoint as msw handlers.
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { mswPath, routeMatches } from '../contracts/index.js';
import type { MockContext, MockOverride, NextHandler } from './context.js';
import { activeFault, controlFaults, faultAnswer, FAULTS_PATH, takeFault, type ActiveFault, type FaultSpec } from './faults.js';
import { loginRedirect, sessionId } from './routes.js';

/** Header on a handler's answer that tells the bridge to close the socket without answering (FIN, no RST). */
export const CLOSE_MARKER = 'x-mock-fault-close';

const closeWithoutAnswer = (): Response => new Response(null, { status: 204, headers: { [CLOSE_MARKER]: '1' } });

/** The control endpoint (`/__mock/faults`): msw handlers that go first. */
export function faultControlHandlers(mock: MockContext): RequestHandler[] {
  const control = async ({ request }: { request: Request }) => {
    const answer = controlFaults(mock.faults, request.method, request.method === 'POST' ? await request.text() : '');
    if (!answer) return undefined;
    return answer.json === undefined
      ? new HttpResponse(null, { status: answer.status })
      : HttpResponse.json(answer.json, { status: answer.status });
  };
  const path = mswPath(FAULTS_PATH);
  return [http.get(path, control), http.delete(path, control), http.post(path, control)];
}

/** A request as the fault it met makes it: no answer, a late one, a 429 or 500, or a session ended. */
async function serveFault(fault: ActiveFault, request: Request, next: NextHandler, mock: MockContext) {
  switch (fault.fault) {
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
      // The session itself ends (its id revoked), whatever spelling of its cookie comes next.
      const sid = sessionId(mock, request);
      if (sid) mock.revoked.add(sid);
      return loginRedirect(request);
    }
  }
}

/** The fault control endpoint never meets a fault, so a fault on every path can still be switched off. */
const isControl = (pathname: string) => routeMatches(FAULTS_PATH, pathname);

/** An override serving one fault; `active` counts its hits and what is left of its `times`. */
export interface FaultOverride extends MockOverride {
  readonly active: ActiveFault;
}

/**
 * One fault as an override of the mock, for `mock.use()`: it meets the requests its spec
 * matches (mock-server/faults.ts, `takeFault`) and is dropped with the test's other overrides.
 * Throws a readable error on a bad spec.
 */
export function fault(spec: FaultSpec): FaultOverride {
  const active = activeFault(spec);
  return {
    active,
    intercept: (request, next, mock) => {
      const { pathname } = new URL(request.url);
      return !isControl(pathname) && takeFault(active, request.method, pathname) ? serveFault(active, request, next, mock) : next(request);
    },
  };
}

/** The lifelong override that serves the faults of the switch (`--fault`, `/__mock/faults`). */
export const switchedFaults: MockOverride = {
  intercept: (request, next, mock) => {
    const { pathname } = new URL(request.url);
    const met = isControl(pathname) ? undefined : mock.faults.take(request.method, pathname);
    return met ? serveFault(met, request, next, mock) : next(request);
  },
};
