// The fault vocabulary shared by the mock and the proxy: reset, close without an answer,
// delay, 429, 500 and a session that expires; which requests a fault meets, the switch that
// holds faults for the CLI and the control endpoint, the `--fault` argument, and the 429 and 500 answers.
import { z } from 'zod';
import { routeMatches } from '../contracts/index.js';
import { cookiePairs } from '../wire/cookies.js';

/** The control endpoint of the standalone mock. */
export const FAULTS_PATH = '/__mock/faults';

/** `--fault` in a CLI's usage text. */
export const FAULT_USAGE =
  '[--fault kind[=n][:/path]]...   kinds: reset, close, delay=<ms>, 429=<retry-after s>, 500, expire; e.g. --fault ' +
  'reset:/api/Rooms/GetForHallForBooking';

const FAULT_KINDS = ['reset', 'close', 'delay', '429', '500', 'expire'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultSpec = z.strictObject({
  fault: z.enum(FAULT_KINDS),
  /** Only requests with this method (any when absent). */
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .transform((m) => m.toUpperCase())
    .optional(),
  /** Only this path, case-insensitive, query ignored; a trailing `*` matches a prefix. Any path when absent. */
  path: z.string().startsWith('/').max(2048, 'at most 2048 characters').optional(),
  /** How many matching requests meet the fault; unlimited when absent (`expire`: 1). */
  times: z.number().int().positive().optional(),
  /** `delay`: milliseconds before the request is served as usual (up to 10 minutes: a Node timer beyond ~24.8 days fires at once). */
  ms: z.number().int().nonnegative().max(600_000).optional(),
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

/** A fault from its spec, with its matches still to come; throws a readable error on a bad spec. */
export function activeFault(spec: FaultSpec, id = 0): ActiveFault {
  const parsed = FaultSpec.safeParse(spec);
  if (!parsed.success) throw new Error(`fault: ${z.prettifyError(parsed.error)}`);
  const s = parsed.data;
  if (s.fault === 'delay' && s.ms === undefined) throw new Error('fault: delay needs ms');
  return {
    id,
    fault: s.fault,
    method: s.method,
    path: s.path,
    ms: s.ms,
    retryAfter: s.retryAfter,
    remaining: s.times ?? (s.fault === 'expire' ? 1 : Infinity),
    hits: 0,
  };
}

/**
 * Whether a request meets the fault, consuming one of its `times` when it does: the method,
 * the path as `routeMatches` reads it (case-insensitive, escapes decoded, query ignored, a trailing `*` for a
 * prefix), and what is left of it. The one matcher of the mock's and the proxy's faults.
 */
export function takeFault(fault: ActiveFault, method: string, pathname: string): boolean {
  if (fault.remaining <= 0 || (fault.method && fault.method !== method.toUpperCase())) return false;
  if (fault.path && !routeMatches(fault.path, pathname)) return false;
  fault.remaining -= 1;
  fault.hits += 1;
  return true;
}

/**
 * Faults switched on at once, at most: each request is matched against the list, so a client that
 * grows it slows every answer (and the memory grows with it). A test or a person needs a handful.
 */
export const MAX_FAULTS = 100;

/** Faults switched on by `--fault` or a control endpoint (`/__mock/faults`, `/__proxy/faults`), with their hits. */
export class FaultSwitch {
  private faults: ActiveFault[] = [];
  private nextId = 1;
  /** Cookies (`name=value`) an `expire` fault ended; they stay dead after a reset, like a real expired session. */
  private readonly expired = new Set<string>();

  /** Switch a fault on; throws a readable error on a bad spec. */
  inject(spec: FaultSpec): ActiveFault {
    const [fault] = this.injectAll([spec]);
    return fault as ActiveFault;
  }

  /** Switch faults on, all of them or none: a bad spec anywhere in the list (a readable error) leaves the switch as it was. */
  injectAll(specs: readonly FaultSpec[]): ActiveFault[] {
    if (this.faults.length + specs.length > MAX_FAULTS) throw new Error(tooMany(specs.length, this.faults.length));
    const faults = specs.map((spec, i) => activeFault(spec, this.nextId + i));
    this.nextId += faults.length;
    this.faults.push(...faults);
    return faults;
  }

  clear(): void {
    this.faults = [];
  }

  active(): readonly ActiveFault[] {
    return this.faults;
  }

  /** The first fault the request meets, consumed by one; undefined when none does. */
  take(method: string, pathname: string): ActiveFault | undefined {
    return this.faults.find((f) => takeFault(f, method, pathname));
  }

  /** End a session: these cookies (`name=value`) count as absent from now on. */
  expire(cookies: readonly string[]): void {
    for (const c of cookies) this.expired.add(c.trim());
  }

  /** A Cookie header without the cookies an `expire` fault ended. */
  screenCookies(header: string): string {
    if (!this.expired.size) return header;
    const pairs = cookiePairs(header);
    const kept = pairs.filter((pair) => !this.expired.has(pair));
    return kept.length === pairs.length ? header : kept.join('; ');
  }

  /** The request as the server should see it: an expired cookie is as good as none. */
  screen(request: Request): Request {
    const cookie = request.headers.get('cookie');
    if (!cookie || this.screenCookies(cookie) === cookie) return request;
    const headers = new Headers(request.headers);
    headers.set('cookie', this.screenCookies(cookie));
    return new Request(request, { headers });
  }
}

/** `reset:/api/x`, `delay=800:/api/*`, `429=2`, `expire:/api/Scheduler/HasJustLoggedIn` (CLI `--fault`). */
export function parseFaultArg(arg: string): FaultSpec {
  const m = /^([a-z0-9]+)(?:=(\d+))?(?::(\/.*))?$/i.exec(arg.trim());
  if (!m) throw new Error(`--fault "${arg}": expected kind[=number][:/path], e.g. reset:/api/Rooms/GetForHallForBooking`);
  const [, kind, n, path] = m;
  // Checked here, before a CLI binds its port, and said on one line.
  if (!(FAULT_KINDS as readonly string[]).includes(kind!))
    throw new Error(`--fault "${arg}": the kind must be one of ${FAULT_KINDS.join(', ')}`);
  const spec: Record<string, unknown> = { fault: kind, path };
  if (n !== undefined) spec[kind === '429' ? 'retryAfter' : kind === 'delay' ? 'ms' : 'times'] = Number(n);
  if (kind === 'delay' && n === undefined) throw new Error(`--fault "${arg}": delay needs its milliseconds, e.g. delay=800`);
  const parsed = FaultSpec.safeParse(spec);
  if (!parsed.success) {
    throw new Error(`--fault "${arg}": ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  return spec as FaultSpec;
}

const tooMany = (adding: number, active: number) =>
  `at most ${MAX_FAULTS} faults at once: ${active} switched on, ${adding} more refused; DELETE clears them`;

/** A fault as the control endpoint shows it (JSON has no Infinity). */
const faultView = (f: ActiveFault) => ({ ...f, remaining: Number.isFinite(f.remaining) ? f.remaining : 'unlimited' });

/**
 * The control endpoint, shared by the mock (`/__mock/faults`) and the proxy
 * (`/__proxy/faults`): GET lists the faults with their hits, POST adds a JSON spec or an
 * array of them, DELETE clears. Undefined for another method.
 */
export function controlFaults(faults: FaultSwitch, method: string, body: string): { status: number; json?: unknown } | undefined {
  switch (method.toUpperCase()) {
    case 'GET':
      return { status: 200, json: { faults: faults.active().map(faultView) } };
    case 'DELETE':
      faults.clear();
      return { status: 204 };
    case 'POST': {
      let specs: unknown;
      try {
        specs = JSON.parse(body);
      } catch {
        return { status: 400, json: { Message: 'expected a JSON fault spec or an array of them' } };
      }
      const list = Array.isArray(specs) ? specs : [specs];
      // All or none: a list over the bound, or with one bad spec, is refused before any of it is switched on.
      const active = faults.active().length;
      if (active + list.length > MAX_FAULTS) return { status: 413, json: { Message: tooMany(list.length, active) } };
      try {
        const added = faults.injectAll(list as FaultSpec[]);
        return { status: 201, json: { added: added.map(faultView), faults: faults.active().map(faultView) } };
      } catch (error) {
        return { status: 400, json: { Message: (error as Error).message } };
      }
    }
    default:
      return undefined;
  }
}

/** The answer of a `429` fault (with Retry-After) or a `500` fault (an ASP.NET error page). */
export function faultAnswer(fault: ActiveFault & { fault: '429' | '500' }): Response {
  return fault.fault === '429'
    ? new Response('Too Many Requests', {
        status: 429,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(fault.retryAfter ?? 1) },
      })
    : new Response("<!DOCTYPE html><title>Server Error</title><h1>Server Error in '/' Application.</h1>", {
        status: 500,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
}

/** The faults switched on, for a CLI's start-up lines: `reset /api/…, delay`, or `none`. */
export const faultList = (faults: readonly { fault: string; path?: string }[]): string =>
  faults.length ? faults.map((f) => `${f.fault}${f.path ? ` ${f.path}` : ''}`).join(', ') : 'none';
