// Per-server context shared by every handler: options, data, session keys, the overrides
// that change the mock for a test (msw's `use()` / `resetHandlers()`), and the log of what
// the server received, unhandled requests included (for wire-level assertions).
import { DEFAULT_READINGS, openPoints, type MockReadings, type OpenPointId } from '../contracts/index.js';
import { FaultSwitch } from './faults.js';
import { randomSecret, SessionKeys } from './session.js';
import { seedReadings, stateFromSeed } from './seed-file.js';
import type { SeedFile } from '../settings/seed-file.js';
import { scaleBookings } from './seed-scale.js';
import {
  DEFAULT_CREDENTIALS,
  MOCK_HALL_ID,
  MOCK_TEST_CUSTOMER_ID,
  seedState,
  type BookingRecord,
  type MockCredentials,
  type MockState,
} from './state.js';

export interface MockOptions {
  /** Shape of list answers that may come either way: a bare array or `{Data, Total}`. */
  listShape?: 'array' | 'data';
  /** Which spelling of each documented alias to send: `Name`/`ID`/`id` or `FullName`/`Id`/`Id`. */
  aliases?: 'primary' | 'alternate';
  /**
   * Signing secret for auth tickets and tokens; instances sharing it accept each other's sessions.
   * Random per server when absent (the suite passes one per run, HB_MOCK_SECRET, set by playwright.config.ts).
   */
  secret?: string;
  credentials?: MockCredentials;
  /** Serve the dashboard as the live service did (404) rather than as the interface document shows. */
  dashboard404?: boolean;
  /**
   * Ask a session on the scheduler routes public clients read without one on the live service
   * (PUBLIC_ON_LIVE), as the interface document says every route but login does. Off by default: the
   * mock serves them anonymously, as the live service does for those clients.
   */
  sessionEverywhere?: boolean;
  /** Id of a deliberate regression from mock-server/mutants.ts (mutation runs); absent = the faithful mock. */
  mutant?: string;
  /**
   * Which reading of each open point (contracts/open-points.ts) the mock plays; a point left
   * out plays DEFAULT_READINGS, the live service as the live notes describe it.
   */
  readings?: Partial<MockReadings>;
  /** A recorded hall to play instead of the built-in one (mock-server/seed-file.ts); its observed readings come before `readings`. */
  seed?: SeedFile;
  /** With `seed`: keep the recorded dates instead of moving them by the days since the recording. */
  asRecorded?: boolean;
  /** A big hall: this many more bookings over past years and the months ahead (mock-server/seed-scale.ts). */
  seedScale?: number;
  /** A busy hall: another administrator creates, edits and deletes their own bookings all the time (mock-server/busy.ts). */
  busy?: boolean;
}

/** The full set of readings of `partial`, refusing a reading the mock cannot play. */
function resolveReadings(partial: Partial<MockReadings> = {}): MockReadings {
  const readings = { ...DEFAULT_READINGS, ...partial };
  for (const [point, id] of Object.entries(readings) as [OpenPointId, string][]) {
    const played = openPoints[point]?.readings.some((r) => r.id === id && r.played);
    if (!played) throw new Error(`mock readings: "${id}" is not a reading of ${point} the mock plays`);
  }
  return readings;
}

/** Hands a request on to the handlers; undefined when no route matches. */
export type NextHandler = (request: Request) => Promise<Response | undefined>;

/**
 * One change to the mock, in msw's idiom of handlers prepended for a test (`use()`) and
 * dropped after it (`resetHandlers()`). It may also see the answer, which msw's handlers
 * cannot: faults (`fault()`, mock-server/fault-handlers.ts), deliberate regressions (mutants)
 * and a test's own changes are all these.
 */
export interface MockOverride {
  /** Wraps a request at the bridge: answer it, change it, or hand it on and change the answer. */
  intercept?: (request: Request, next: NextHandler, mock: MockContext) => Promise<Response | undefined>;
  /** Last change to a JSON answer of a registry endpoint, after the contract check. */
  json?: (endpointId: string, data: unknown, mock: MockContext) => unknown;
}

/** A request no handler answered (the bridge answers it 404). */
export interface UnhandledRequest {
  method: string;
  path: string;
}

/** Received requests kept for wire-level assertions (a test makes a few dozen). */
export const RECEIVED_KEPT = 1000;
/** Bytes of each received body kept (form posts and JSON bodies of the suite are a few hundred). */
const RECEIVED_BODY_BYTES = 64 * 1024;

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  rawBody: Buffer;
  /** `performance.now()` when the request arrived (retry and backoff checks). */
  at: number;
}

export class MockContext {
  state: MockState;
  readonly keys: SessionKeys;
  readonly credentials: MockCredentials;
  readonly hallId: number;
  /** A customer the suite may book for and block (HB_TEST_CUSTOMER_ID against this mock). */
  readonly testCustomerId: string;
  /** The reading of every open point this server plays now: its own, or a test's (`play`) until the next reset(). */
  readings: MockReadings;
  /** The readings the server was started with. */
  private readonly ownReadings: MockReadings;
  /** Epoch stamped on new tickets; `expireSessions()` moves it on. */
  sessionEpoch = 0;
  /**
   * Tickets of an older epoch are expired (the "session expires" switch). `reset()` sets it
   * back, so the test after an expiry starts with the run's saved session again.
   */
  oldestValidEpoch = 0;
  logins = 0;
  /** Of `logins`, those made inside `faithfully()`: the worker's own session's, not its tests' (`npm run bench`). */
  workerLogins = 0;
  /** Connections the request filter reset. */
  resets = 0;
  /**
   * What the server received since the last reset(), newest last: at most RECEIVED_KEPT requests, each
   * body cut at RECEIVED_BODY_BYTES, so a long-running mock or a load test cannot hoard memory.
   */
  readonly received: ReceivedRequest[] = [];
  /**
   * Sessions ended on the server (their ticket's `sid`): by logging off or an `expire` fault. Kept
   * across reset(), like a real ended session; one short id per ended session.
   */
  readonly revoked = new Set<string>();
  /** Requests no handler answered since the last reset(): the suite's `mockReset` fixture fails the test that made them. */
  readonly unhandled: UnhandledRequest[] = [];
  /** Set by a test that probes paths no handler serves (a 404 check): its unhandled requests are not a failure. */
  unhandledExpected = false;
  /**
   * Faults of `--fault` and `/__mock/faults` (mock-server/faults.ts), served by a lifelong override and
   * cleared by reset(); it also keeps the cookies an `expire` fault ended. A test uses `fault()` instead.
   */
  readonly faults = new FaultSwitch();
  /** Overrides of the server's life (a mutant, the switched faults): what resetHandlers() goes back to. */
  private initialOverrides: MockOverride[] = [];
  /** The overrides in force, first to see a request first. */
  private overrides: MockOverride[] = [];

  constructor(public options: Required<Pick<MockOptions, 'listShape' | 'aliases' | 'dashboard404'>> & MockOptions) {
    this.keys = new SessionKeys(options.secret ?? randomSecret());
    this.credentials = options.credentials ?? DEFAULT_CREDENTIALS;
    this.ownReadings = resolveReadings({ ...(options.seed && seedReadings(options.seed)), ...options.readings });
    this.readings = this.ownReadings;
    this.hallId = options.seed?.hallId ?? MOCK_HALL_ID;
    this.testCustomerId = options.seed?.testCustomerId ?? MOCK_TEST_CUSTOMER_ID;
    this.state = this.freshState();
  }

  /** The data a reset starts from: the recorded hall of `seed`, else the built-in one. */
  private freshState(): MockState {
    const { seed, asRecorded, seedScale } = this.options;
    const state = seed ? stateFromSeed(seed, { asRecorded }) : seedState();
    if (seedScale) {
      // Made once per day and copied per reset: a reset costs a copy, not a new hall.
      if (this.bigHall?.day !== state.now.slice(0, 10))
        this.bigHall = { day: state.now.slice(0, 10), bookings: scaleBookings(state, seedScale, this.hallId) };
      state.bookings.push(...this.bigHall.bookings.map((b) => ({ ...b, roomIds: [...b.roomIds] })));
    }
    return state;
  }

  private bigHall?: { day: string; bookings: BookingRecord[] };

  /** Note a request no handler answered, keeping at most RECEIVED_KEPT (a standalone mock is never reset). */
  noteUnhandled(request: UnhandledRequest): void {
    this.unhandled.push(request);
    if (this.unhandled.length > RECEIVED_KEPT) this.unhandled.splice(0, this.unhandled.length - RECEIVED_KEPT);
  }

  /** Keep one received request, dropping the oldest past the bound. */
  receive(request: ReceivedRequest): void {
    const body = request.rawBody.length > RECEIVED_BODY_BYTES ? request.rawBody.subarray(0, RECEIVED_BODY_BYTES) : request.rawBody;
    this.received.push({ ...request, rawBody: Buffer.from(body) });
    // Dropped in batches, so the cost of a drop is spread over many requests.
    if (this.received.length > RECEIVED_KEPT) this.received.splice(0, this.received.length - RECEIVED_KEPT + RECEIVED_KEPT / 10);
  }

  /** Declare that this test makes requests no handler serves, on purpose (see `unhandled`). */
  expectUnhandled(): void {
    this.unhandledExpected = true;
  }

  /** Whether the test changed the answers: overrides beyond the server's own (a mutant, a fault), a switched fault, or readings played. */
  get overridden(): boolean {
    return this.overrides.length > this.initialOverrides.length || this.faults.active().length > 0 || this.readings !== this.ownReadings;
  }

  /** Prepend overrides for this test, like msw's `server.use()`: the last one added sees a request first. */
  use(...overrides: MockOverride[]): void {
    this.overrides = [...overrides, ...this.overrides];
  }

  /**
   * `read` against the server's own answers, the test's overrides (a mutant, a fault it put on with `use`)
   * set aside meanwhile: what a worker keeps for all its tests (its login, the facts it discovers) is never
   * one test's mutant. Its logins are counted apart, as the worker's own (`workerLogins`).
   */
  async faithfully<T>(read: () => Promise<T>): Promise<T> {
    const [test, logins] = [this.overrides, this.logins];
    this.overrides = [...this.initialOverrides];
    try {
      return await read();
    } finally {
      this.overrides = test;
      this.workerLogins += this.logins - logins;
    }
  }

  /**
   * Drop the overrides of the test, like msw's `server.resetHandlers()`; with arguments, they
   * become the initial ones.
   */
  resetHandlers(...initial: MockOverride[]): void {
    if (initial.length) this.initialOverrides = initial;
    this.overrides = [...this.initialOverrides];
  }

  /** A request through the overrides in force, then the handlers (`next`). */
  intercept(request: Request, next: NextHandler): Promise<Response | undefined> {
    const chain = this.overrides.filter((o) => o.intercept);
    const at =
      (i: number): NextHandler =>
      (r) => {
        const o = chain[i];
        return o?.intercept ? o.intercept(r, at(i + 1), this) : next(r);
      };
    return at(0)(request);
  }

  /** A JSON answer as the overrides in force leave it (the one added last has the last word). */
  mutate(endpointId: string, data: unknown): unknown {
    return this.overrides.reduceRight((d, o) => (o.json ? o.json(endpointId, d, this) : d), data);
  }

  /** Fresh seeded data and no per-test overrides; sessions stay valid (they are signed tickets, not stored). */
  reset(): void {
    this.state = this.freshState();
    this.received.length = 0;
    this.unhandled.length = 0;
    this.unhandledExpected = false;
    this.faults.clear();
    this.resetHandlers();
    this.oldestValidEpoch = 0;
    this.readings = this.ownReadings;
  }

  /** Play other readings of some open points until the next reset(): a test that checks what a reading decides. */
  play(readings: Partial<MockReadings>): void {
    this.readings = resolveReadings({ ...this.readings, ...readings });
  }

  /** Expire every session issued so far: the next protected request redirects to login. */
  expireSessions(): void {
    this.sessionEpoch += 1;
    this.oldestValidEpoch = this.sessionEpoch;
  }
}
