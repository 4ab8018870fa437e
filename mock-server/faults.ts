// The mock's fault vocabulary: reset, close without an answer, delay, 429, 500 and a
// session that expires, switched on per test (`mock.faults.inject`), from the command
// line (`--fault`) or over HTTP (`/__mock/faults`); cleared by `MockContext.reset()`.
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { z } from 'zod';
import type { MockContext } from './context.js';
import { loginRedirect } from './routes.js';
import { AUTH_COOKIE, parseCookieHeader } from './session.js';

/** Header on a handler's answer that tells the bridge to close the socket without answering (FIN, no RST). */
export const CLOSE_MARKER = 'x-mock-fault-close';

/** The control endpoint of the standalone mock. */
export const FAULTS_PATH = '/__mock/faults';

export const FAULT_KINDS = ['reset', 'close', 'delay', '429', '500', 'expire'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultSpec = z.strictObject({
  fault: z.enum(FAULT_KINDS),
  /** Only requests with this method (any when absent). */
  method: z.string().regex(/^[A-Za-z]+$/).transform((m) => m.toUpperCase()).optional(),
  /** Only this path, case-insensitive, query ignored; a trailing `*` matches a prefix. Any path when absent. */
  path: z.string().startsWith('/').optional(),
  /** How many matching requests meet the fault; unlimited when absent (`expire`: 1). */
  times: z.number().int().positive().optional(),
  /** `delay`: milliseconds before the request is served as usual. */
  ms: z.number().int().nonnegative().optional(),
  /** `429`: the Retry-After header, in seconds. */
  retryAfter: z.number().int().nonnegative().optional(),
});
export type FaultSpec = z.input<typeof FaultSpec>;

export interface ActiveFault {
  id: number;
  fault: FaultKind;
  method?: string;
  path?: string;
  ms?: number;
  retryAfter?: number;
  /** Matching requests still to meet the fault (Infinity = until cleared). */
  remaining: number;
  /** Requests that met it so far. */
  hits: number;
}

export class FaultSwitch {
  private faults: ActiveFault[] = [];
  private nextId = 1;
  /** Auth tickets an `expire` fault ended; they stay dead after a reset, like a real expired session. */
  private readonly expired = new Set<string>();

  /** Switch a fault on; throws a readable error on a bad spec. */
  inject(spec: FaultSpec): ActiveFault {
    const parsed = FaultSpec.safeParse(spec);
    if (!parsed.success) throw new Error(`mock fault: ${z.prettifyError(parsed.error)}`);
    const s = parsed.data;
    const fault: ActiveFault = {
      id: this.nextId++, fault: s.fault, method: s.method, path: s.path, ms: s.ms, retryAfter: s.retryAfter,
      remaining: s.times ?? (s.fault === 'expire' ? 1 : Infinity), hits: 0,
    };
    if (fault.fault === 'delay' && fault.ms === undefined) throw new Error('mock fault: delay needs ms');
    this.faults.push(fault);
    return fault;
  }

  clear(): void {
    this.faults = [];
  }

  active(): readonly ActiveFault[] {
    return this.faults;
  }

  /** The first fault that matches, consumed by one; undefined when none does. */
  take(method: string, pathname: string): ActiveFault | undefined {
    const p = pathname.toLowerCase();
    const fault = this.faults.find((f) => f.remaining > 0 && (!f.method || f.method === method.toUpperCase()) && matchesPath(f.path, p));
    if (!fault) return undefined;
    fault.remaining -= 1;
    fault.hits += 1;
    return fault;
  }

  expire(ticket: string): void {
    this.expired.add(ticket);
  }

  /** The request as the handlers should see it: an expired ticket is as good as no cookie. */
  screen(request: Request): Request {
    const ticket = parseCookieHeader(request.headers.get('cookie'))[AUTH_COOKIE];
    if (!ticket || !this.expired.has(ticket)) return request;
    const headers = new Headers(request.headers);
    const kept = (request.headers.get('cookie') ?? '').split(';').filter((c) => c.split('=')[0]?.trim() !== AUTH_COOKIE);
    headers.set('cookie', kept.join(';'));
    return new Request(request, { headers });
  }
}

const matchesPath = (pattern: string | undefined, path: string): boolean => {
  if (!pattern) return true;
  const p = pattern.toLowerCase().split('?')[0] as string;
  return p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p;
};

/** `reset:/api/x`, `delay=800:/api/*`, `429=2`, `expire:/api/Scheduler/HasJustLoggedIn` (CLI `--fault`). */
export function parseFaultArg(arg: string): FaultSpec {
  const m = /^([a-z0-9]+)(?:=(\d+))?(?::(\/.*))?$/i.exec(arg.trim());
  if (!m) throw new Error(`--fault "${arg}": expected kind[=number][:/path], e.g. reset:/api/Rooms/GetForHallForBooking`);
  const [, kind, n, path] = m;
  const spec: Record<string, unknown> = { fault: kind, path };
  if (n !== undefined) spec[kind === '429' ? 'retryAfter' : kind === 'delay' ? 'ms' : 'times'] = Number(n);
  return spec as FaultSpec;
}

/** A fault as the control endpoint shows it (JSON has no Infinity). */
const view = (f: ActiveFault) => ({ ...f, remaining: Number.isFinite(f.remaining) ? f.remaining : 'unlimited' });

const closeWithoutAnswer = (): Response => new Response(null, { status: 204, headers: { [CLOSE_MARKER]: '1' } });

/** Handlers that go first: the control endpoint, then the switched-on faults. */
export function faultHandlers(ctx: MockContext): RequestHandler[] {
  const faults = ctx.faults;
  const control = FAULTS_PATH.toLowerCase();
  return [
    http.get(control, () => HttpResponse.json({ faults: faults.active().map(view) })),
    http.delete(control, () => {
      faults.clear();
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(control, async ({ request }) => {
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return HttpResponse.json({ Message: 'expected a JSON fault spec or an array of them' }, { status: 400 });
      }
      try {
        const added = (Array.isArray(body) ? body : [body]).map((spec) => faults.inject(spec as FaultSpec));
        return HttpResponse.json({ added: added.map(view), faults: faults.active().map(view) }, { status: 201 });
      } catch (error) {
        return HttpResponse.json({ Message: (error as Error).message }, { status: 400 });
      }
    }),
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
          return new HttpResponse('Too Many Requests', {
            status: 429, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(fault.retryAfter ?? 1) },
          });
        case '500':
          return new HttpResponse('<!DOCTYPE html><title>Server Error</title><h1>Server Error in \'/\' Application.</h1>', {
            status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' },
          });
        case 'expire': {
          // Interface doc, Errors: an expired session on a protected endpoint redirects to login.
          const ticket = parseCookieHeader(request.headers.get('cookie'))[AUTH_COOKIE];
          if (ticket) faults.expire(ticket);
          return loginRedirect(request);
        }
      }
    }),
  ];
}
