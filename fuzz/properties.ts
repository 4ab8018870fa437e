// The generated checks by name, each an input generator and its verdict, over one context: the
// run's session, a second session of the same user, clients without a session, the target's listed
// ids. Writes (form posts, BlockUser, GenerateAccessPIN, PreviewEmailContent) only when allowed.
import fc from 'fast-check';
import type { CookieJar } from 'tough-cookie';
import { endpoints, listItems, type EndpointId } from '../contracts/index.js';
import { findIntKey } from '../client/discovery.js';
import type { HbClient } from '../client/client.js';
import { judgeEditCase } from './edit-form-cases.js';
import { FORM_BOUNDARIES, formCaseArb, judgeFormCase, type FormCase, type FormRun } from './form-cases.js';
import { boundaryCases, takesInput } from './boundary-cases.js';
import { jsonCaseArb } from './json-cases.js';
import { judgeJsonCase } from './json-verdicts.js';
import { judgeNoSession, judgeReturnUrl, judgeToken, noSessionCaseArb, returnUrlCaseArb, tokenCaseArb } from './session-cases.js';
import { probeHttpOnly, probeLogoff } from './session-probes.js';
import type { Pool } from './values.js';

export interface FuzzContext {
  /** The run's logged-in session. */
  client: HbClient;
  /** A second session of the same user: its token must not serve the first. */
  other: HbClient;
  /** A client of the target with this jar (a new, empty one by default), within the run's cap; it logs in only when asked. */
  fresh: (jar?: CookieJar) => HbClient;
  credentials: { email: string; password: string };
  pool: Pool;
  writes: boolean;
  form: FormRun;
  /** The target as shown in reports (no credentials). */
  targetLabel: string;
  /** What scheduler routes answered without a session, and other records of what the target does. */
  observed: Map<string, string>;
  notes(): string[];
}

/** The properties of the boundary inputs (of the reading endpoints, of the writing ones), started before every random one. */
const BOUNDARIES = 'boundaries';
const WRITE_BOUNDARIES = 'write-boundaries';
/** The writes without a session (refused, or they would write): a property of the writes group. */
const NO_SESSION_WRITES = 'no-session-writes';
const FORM_BOUNDARIES_NAME = 'form-boundaries';
const EDIT_BOUNDARIES_NAME = 'edit-form-boundaries';

export interface Property {
  name: string;
  arb: fc.Arbitrary<unknown>;
  judge(input: unknown): Promise<string | null>;
  /** Inputs sent each once, in this order, before any random one (the boundaries); not drawn from `arb`. */
  cases?: readonly unknown[];
  /** It posts the booking forms: run one at a time with the other form properties (fuzz/runner.ts). */
  posts?: boolean;
}

const property = <T>(name: string, arb: fc.Arbitrary<T>, judge: (input: T) => Promise<string | null>): Property => ({
  name,
  arb,
  judge: judge,
});

/**
 * The generated checks in three groups, a test each in the suite (tests/wire/generated-inputs.spec.ts): the reading JSON
 * endpoints and their boundaries; the session rules (no session, tokens, return URL, cookies, logoff); the writes (the
 * form posts, the writing JSON endpoints with their boundaries, the writes without a session), which run only where the suite may write.
 */
export const FUZZ_GROUPS = ['json', 'session', 'writes'] as const;
export type FuzzGroup = (typeof FUZZ_GROUPS)[number];

/** Whether `json:<id>` calls an endpoint that writes. */
const writingJson = (name: string): boolean => name.startsWith('json:') && endpoints[name.slice('json:'.length) as EndpointId]?.writes;

export const groupOf = (p: Property): FuzzGroup =>
  p.posts || p.name === WRITE_BOUNDARIES || p.name === NO_SESSION_WRITES || writingJson(p.name)
    ? 'writes'
    : p.name === BOUNDARIES || p.name.startsWith('json:')
      ? 'json'
      : 'session';

export function FUZZ_PROPERTIES(ctx: FuzzContext): Property[] {
  const judgeForm = (c: FormCase) => judgeFormCase(ctx.client, ctx.form, c);
  const judgeEdit = (c: FormCase) => judgeEditCase(ctx.client, ctx.form, c);
  const ids = (Object.keys(endpoints) as EndpointId[]).filter((id) => ctx.writes || !endpoints[id].writes);
  const json = ids.map((id) =>
    property(
      `json:${id}`,
      // BlockUser has no documented undo: only bodies that must block nobody.
      id === 'blockUser' ? jsonCaseArb(id, ctx.pool).filter((c) => c.kind !== 'valid') : jsonCaseArb(id, ctx.pool),
      (c) => judgeJsonCase(ctx.client, c),
    ),
  );
  // First in a run (fuzz/runner.ts starts them first and sends each once, in order); a property too, so a finding replays.
  const inputs = ids.filter((id) => takesInput(id, ctx.writes));
  const boundaries = boundaryCases(
    inputs.filter((id) => !endpoints[id].writes),
    ctx.pool,
  );
  const writeBoundaries = boundaryCases(
    inputs.filter((id) => endpoints[id].writes),
    ctx.pool,
  );
  const listed = (name: string, cases: typeof boundaries): Property[] =>
    cases.length ? [{ ...property(name, fc.constantFrom(...cases), (c) => judgeJsonCase(ctx.client, c)), cases }] : [];
  return [
    ...listed(BOUNDARIES, boundaries),
    ...listed(WRITE_BOUNDARIES, writeBoundaries),
    ...json,
    property('no-session', noSessionCaseArb(ctx.pool, 'reads'), (c) => judgeNoSession(ctx.fresh(), c, ctx.observed)),
    ...(ctx.writes
      ? [property(NO_SESSION_WRITES, noSessionCaseArb(ctx.pool, 'writes'), (c) => judgeNoSession(ctx.fresh(), c, ctx.observed))]
      : []),
    property('token', tokenCaseArb(ctx.pool), (c) => judgeToken(ctx.client, ctx.other, c)),
    property('return-url', returnUrlCaseArb, (c) => judgeReturnUrl(ctx.fresh(), c, ctx.credentials)),
    property('session-cookies-http-only', fc.constant(null), () => probeHttpOnly(ctx.fresh)),
    property('logoff-ends-session', fc.constant(null), async () => {
      const { finding, note } = await probeLogoff(ctx.fresh);
      if (note) ctx.observed.set('logoff', note);
      return finding;
    }),
    ...(ctx.writes
      ? [
          // The create form's boundaries, sent once each before any random post.
          { ...property(FORM_BOUNDARIES_NAME, fc.constantFrom(...FORM_BOUNDARIES), judgeForm), cases: FORM_BOUNDARIES, posts: true },
          // The same boundaries on the edit form, each on a booking of its own (fuzz/edit-form-cases.ts).
          { ...property(EDIT_BOUNDARIES_NAME, fc.constantFrom(...FORM_BOUNDARIES), judgeEdit), cases: FORM_BOUNDARIES, posts: true },
          { ...property('form', formCaseArb, judgeForm), posts: true },
        ]
      : []),
  ];
}

const ints = (json: unknown, ...keys: string[]): number[] =>
  (listItems(json) ?? []).flatMap((x) => {
    const item = (x ?? {}) as Record<string, unknown>;
    const v = keys.map((k) => item[k]).find((y) => typeof y === 'number');
    return typeof v === 'number' ? [v] : [];
  });

/** Values the target lists (read once, without the schemas: a broken field must not stop the run). */
export async function readPool(client: HbClient, today: string): Promise<Pool> {
  const hall = client.hallId;
  const get = async (path: string): Promise<unknown> => {
    try {
      const reply = await client.send(path, { endpointId: 'fuzz pool' });
      return reply.status === 200 ? (JSON.parse(reply.text) as unknown) : null;
    } catch {
      return null;
    }
  };
  const [grid, customers, rooms, rates, groups, matrix] = await Promise.all([
    get(`${endpoints.listBookingsForHallGrid.path}?id=${hall}&statusType=All&timerange=5`),
    get(`${endpoints.listCustomersForHall.path}?id=${hall}`),
    get(`${endpoints.listRoomsForBooking.path}?hallid=${hall}`),
    get(`${endpoints.listPriceRates.path}?id=${hall}`),
    get(`${endpoints.listLineItemGroups.path}?id=${hall}`),
    get(`${endpoints.getChargeMatrixRooms.path}?id=${hall}`),
  ]);
  const gridItems = (listItems(grid) ?? []) as { BookingId?: unknown; IsRecurring?: unknown }[];
  const dateRange = findIntKey(matrix, 'DateRangeId');
  return {
    hallId: hall,
    today,
    bookingIds: ints(grid, 'BookingId').slice(0, 50),
    parentIds: gridItems.filter((b) => b.IsRecurring === true && typeof b.BookingId === 'number').map((b) => b.BookingId as number),
    customerIds: ((listItems(customers) ?? []) as { UserId?: unknown }[]).flatMap((c) => (typeof c.UserId === 'string' ? [c.UserId] : [])),
    roomIds: ints(rooms, 'ID', 'Id'),
    priceRateIds: ints(rates, 'Id', 'ID'),
    lineItemGroupIds: ints(groups, 'Id', 'ID'),
    dateRangeIds: dateRange === undefined ? [] : [dateRange],
  };
}
