// Per-server context shared by every handler: options, data, session keys, and the
// log of what the server received (for wire-level assertions in the harness tests).
import { DEFAULT_READINGS, openPoints, type MockReadings, type OpenPointId } from '../contracts/index.js';
import { FaultSwitch } from './faults.js';
import { SessionKeys } from './session.js';
import { MOCK_HALL_ID, seedState, type MockState } from './state.js';

export interface MockCredentials { email: string; password: string }

export interface MockOptions {
  /** Shape of list answers that may come either way: a bare array or `{Data, Total}`. */
  listShape?: 'array' | 'data';
  /** Which spelling of each documented alias to send: `Name`/`ID`/`id` or `FullName`/`Id`/`Id`. */
  aliases?: 'primary' | 'alternate';
  /** Signing secret for auth tickets and tokens; instances sharing it accept each other's sessions. */
  secret?: string;
  credentials?: MockCredentials;
  /** Serve the dashboard as the live service did (404) rather than as the interface document shows. */
  dashboard404?: boolean;
  /** Id of a deliberate regression from mock-server/mutants.ts (mutation runs); absent = the faithful mock. */
  mutant?: string;
  /**
   * Which reading of each open point (contracts/open-points.ts) the mock plays; a point left
   * out plays DEFAULT_READINGS, the live service as the live notes describe it.
   */
  readings?: Partial<MockReadings>;
}

/** The full set of readings of `partial`, refusing a reading the mock cannot play. */
export function resolveReadings(partial: Partial<MockReadings> = {}): MockReadings {
  const readings = { ...DEFAULT_READINGS, ...partial };
  for (const [point, id] of Object.entries(readings) as [OpenPointId, string][]) {
    const played = openPoints[point]?.readings.some((r) => r.id === id && r.played);
    if (!played) throw new Error(`mock readings: "${id}" is not a reading of ${point} the mock plays`);
  }
  return readings;
}

/** Hands a request on to the handlers; undefined when no route matches. */
export type NextHandler = (request: Request) => Promise<Response | undefined>;

export const DEFAULT_CREDENTIALS: MockCredentials = {
  email: 'admin@oldtown-hall.example',
  password: 'mock-password-not-secret',
};

export interface ReceivedRequest {
  method: string; path: string; headers: Record<string, string>; rawBody: Buffer;
  /** `performance.now()` when the request arrived (retry and backoff checks). */
  at: number;
}

export class MockContext {
  state: MockState;
  readonly keys: SessionKeys;
  readonly credentials: MockCredentials;
  readonly hallId = MOCK_HALL_ID;
  /** The reading of every open point this server plays. */
  readonly readings: MockReadings;
  /** Epoch stamped on new tickets; `expireSessions()` moves it on. */
  sessionEpoch = 0;
  /**
   * Tickets of an older epoch are expired (the "session expires" switch). `reset()` sets it
   * back, so the test after an expiry starts with the run's saved session again.
   */
  oldestValidEpoch = 0;
  logins = 0;
  /** Connections the request filter reset. */
  resets = 0;
  readonly received: ReceivedRequest[] = [];
  /** Faults switched on for this test (mock-server/faults.ts); cleared by reset(). */
  readonly faults = new FaultSwitch();
  /**
   * Last change to a JSON answer before it is sent, after the contract check: the seam
   * for deliberate regressions (mutation runs). Identity for the faithful mock.
   */
  mutate: (endpointId: string, data: unknown) => unknown = (_id, data) => data;
  /**
   * Wraps every request at the bridge (request in, response out): the seam for deliberate
   * regressions in pages, sessions, tokens and the request filter. Pass-through when faithful.
   */
  intercept: (request: Request, next: NextHandler) => Promise<Response | undefined> = (request, next) => next(request);

  constructor(public options: Required<Pick<MockOptions, 'listShape' | 'aliases' | 'dashboard404'>> & MockOptions) {
    this.keys = new SessionKeys(options.secret ?? 'hall-booking-mock');
    this.credentials = options.credentials ?? DEFAULT_CREDENTIALS;
    this.readings = resolveReadings(options.readings);
    this.state = seedState();
  }

  /** Fresh seeded data; sessions stay valid (they are signed tickets, not stored). */
  reset(): void {
    this.state = seedState();
    this.received.length = 0;
    this.faults.clear();
    this.oldestValidEpoch = 0;
  }

  /** Expire every session issued so far: the next protected request redirects to login. */
  expireSessions(): void {
    this.sessionEpoch += 1;
    this.oldestValidEpoch = this.sessionEpoch;
  }
}
