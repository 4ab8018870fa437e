// Facts about the target that tests need as arguments (a booking id, a recurring parent,
// a customer GUID, room ids, …), read from the target's own answers, never hard-coded: once
// per run against a remote target (the first worker reads, the others wait for its file), once
// per worker against its own mock. Reading is lenient (either list shape, either alias
// spelling) so a broken field breaks the test of its endpoint, not every test that needs an id.
import { createHash } from 'node:crypto';
import { existsSync, openSync, closeSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { endpoints, listItems, type EndpointId, type JsonEndpoint } from '../contracts/index.js';
import type { CallArgs, HbClient } from './client.js';
import { runFile } from '../settings/run.js';
import { checkJsonAnswer, issueLine } from './contract-answer.js';

/**
 * A discovered value, or why the target did not yield one; `blockedBy` when the answer it is read
 * from broke its contract (`listBookingsForHallGrid: $[0].BookingId: expected number, received string`):
 * that break is the cause, not an empty hall.
 */
export type Fact<T> = { ok: true; value: T } | { ok: false; reason: string; blockedBy?: string };

interface DiscoveredBooking {
  id: number;
  start: string;
  end: string;
}

interface DiscoveredRoom {
  id: number;
  name: string;
}

/** Everything discovered; each entry names its source when it is missing. */
export interface Facts {
  hallId: number;
  /** A customer the suite may block (HB_TEST_CUSTOMER_ID, or the mock's seeded test customer). */
  testCustomerId: Fact<string>;
  /** A booking of the hall's grid (timerange=5, statusType=All). */
  booking: Fact<DiscoveredBooking>;
  /** A grid booking with `IsRecurring: true` (interface doc: "A recurring booking has child bookings"). */
  recurringParent: Fact<number>;
  /** A customer GUID of the hall. */
  customerId: Fact<string>;
  /** Rooms available for booking at the hall. */
  rooms: Fact<DiscoveredRoom[]>;
  priceRateId: Fact<number>;
  /** First object with a numeric `Id`/`ID` in the (unspecified) line item groups answer. */
  lineItemGroupId: Fact<number>;
  /** First numeric `DateRangeId` anywhere in the (unspecified) charge-matrix rooms answer. */
  dateRangeId: Fact<number>;
  /** Local start of the earliest and end of the latest grid booking. */
  span: Fact<{ from: string; to: string }>;
}

/** A fact a test needs and the target did not yield. */
export class MissingFact extends Error {
  override name = 'MissingFact';
}

/** The annotation of a test blocked by a contract break (its description: `endpoint: field: expected …`); the summary groups them. */
export const BLOCKED_BY = 'blocked-by';

/** A fact a test needs that an answer breaking its contract withheld; `cause` names endpoint and field. */
export class BlockedByBreak extends MissingFact {
  override name = 'BlockedByBreak';
  constructor(
    readonly blockedBy: string,
    what: string,
  ) {
    super(`blocked by a contract break: ${blockedBy} (it withheld the ${what})`);
  }
}

/** The value of a fact, or a {@link MissingFact} naming why it is absent ({@link BlockedByBreak} when a break is why). */
export function need<T>(fact: Fact<T>, what: string): T {
  if (fact.ok) return fact.value;
  if (fact.blockedBy) throw new BlockedByBreak(fact.blockedBy, what);
  throw new MissingFact(`no ${what} on the target: ${fact.reason}`);
}

/** What discovery reads a target by: where it is, its hall, the customer it may block, and whether it is the built-in mock. */
export interface FactsTarget {
  baseUrl: string;
  hallId: number;
  testCustomerId?: string;
  mockServer: unknown;
}

const found = <T>(value: T): Fact<T> => ({ ok: true, value });
const missing = <T>(reason: string): Fact<T> => ({ ok: false, reason });

/** Items of a list in either documented shape (bare array or `{Data: [...]}`). */
function looseItems(json: unknown): Record<string, unknown>[] {
  return (listItems(json) ?? []).filter((x): x is Record<string, unknown> => !!x && typeof x === 'object');
}

const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** First integer under a key named `key` (case-insensitive), depth first. */
export function findIntKey(json: unknown, key: string): number | undefined {
  if (Array.isArray(json)) {
    for (const x of json) {
      const v = findIntKey(x, key);
      if (v !== undefined) return v;
    }
  } else if (json && typeof json === 'object') {
    for (const [k, v] of Object.entries(json)) if (k.toLowerCase() === key.toLowerCase() && int(v) !== undefined) return v as number;
    for (const v of Object.values(json)) {
      const inner = findIntKey(v, key);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** An answer read leniently, and its first contract issue when it broke its contract. */
type Peeked = Fact<unknown> & { broken?: string };

/** GET a registry endpoint and parse its JSON without the schema; a reason instead of a throw; a break noted. */
async function peek<Id extends EndpointId>(client: HbClient, id: Id, args: CallArgs<Id>): Promise<Peeked> {
  const where = `${id} (${endpoints[id].method} ${endpoints[id].path})`;
  try {
    const { path } = client.prepare(id, args);
    const reply = await client.send(path, { endpointId: id });
    if (reply.status !== 200) return missing(`${where} answered HTTP ${reply.status}`);
    const json = JSON.parse(reply.text) as unknown;
    const endpoint: JsonEndpoint = endpoints[id];
    const checked = checkJsonAnswer(endpoint, reply.headers.get('content-type') ?? '', reply.text);
    const first = checked.ok ? undefined : checked.issues[0];
    return { ...found(json), ...(first && { broken: `${id}: ${issueLine(first)}` }) };
  } catch (error) {
    return missing(`${where} failed: ${(error as Error).message.split('\n')[0]}`);
  }
}

function pick<T>(source: Peeked, what: string, select: (json: unknown) => T | undefined): Fact<T> {
  if (!source.ok) return missing(source.reason);
  const value = select(source.value);
  if (value !== undefined) return found(value);
  return source.broken ? { ok: false, reason: `${what}: ${source.broken}`, blockedBy: source.broken } : missing(what);
}

/**
 * The facts of the target. Against a remote one, read once per run (a file in the run's folder, settings/run.ts; HB_RUN_ID, set by
 * playwright.config.ts): each request there costs a round trip, and every worker of every
 * project would otherwise repeat the same six reads.
 */
export async function discoverFacts(client: HbClient, target: FactsTarget): Promise<Facts> {
  const key = createHash('sha256').update(`${target.baseUrl} ${target.hallId}`).digest('hex').slice(0, 16);
  const file = target.mockServer ? undefined : runFile(`facts-${key}.json`);
  if (!file) return readFacts(client, target);
  let mine = false;
  try {
    closeSync(openSync(`${file}.lock`, 'wx'));
    mine = true;
  } catch {
    // Another worker of this run is reading them.
  }
  if (mine) {
    const facts = await readFacts(client, target);
    writeFileSync(`${file}.tmp`, JSON.stringify(facts));
    renameSync(`${file}.tmp`, file);
    return facts;
  }
  for (let waited = 0; !existsSync(file) && waited < 60_000; waited += 100) await sleep(100);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Facts) : readFacts(client, target);
}

/**
 * The charge matrix's date range: the first numeric `DateRangeId` of its rooms answer, else 1 when the price rates of
 * range 1 answer, or fail with a server error (a matrix whose rooms answer names none: the document leaves its body open).
 */
async function dateRangeOf(client: HbClient, hallId: number, matrix: Peeked): Promise<Fact<number>> {
  const named = pick(matrix, 'getChargeMatrixRooms carries no numeric DateRangeId', (j) => findIntKey(j, 'DateRangeId'));
  if (named.ok || named.blockedBy || !matrix.ok) return named;
  const first = await peek(client, 'getChargeMatrixPriceRates', { query: { id: hallId, dateRangeId: 1, newDateRange: 'false' } });
  // A server error is the endpoint's own failure: its test meets it, rather than skipping for want of a range.
  const serverError = !first.ok && /answered HTTP 5\d\d$/.test(first.reason);
  return first.ok || serverError ? found(1) : missing(`${named.reason}, and dateRangeId=1 did not answer: ${first.reason}`);
}

/** Read the facts from the target: six GETs, all read-only, in flight together (a seventh for a matrix that names no date range). */
async function readFacts(client: HbClient, target: FactsTarget): Promise<Facts> {
  const hallId = target.hallId;
  const [grid, customers, rooms, rates, groups, matrix] = await Promise.all([
    peek(client, 'listBookingsForHallGrid', { query: { id: hallId, statusType: 'All', timerange: 5 } }),
    peek(client, 'listCustomersForHall', { query: { id: hallId } }),
    peek(client, 'listRoomsForBooking', { query: { hallid: hallId } }),
    peek(client, 'listPriceRates', { query: { id: hallId } }),
    peek(client, 'listLineItemGroups', { query: { id: hallId } }),
    peek(client, 'getChargeMatrixRooms', { query: { id: hallId } }),
  ]);
  const bookings = (json: unknown): DiscoveredBooking[] =>
    looseItems(json).flatMap((b) => {
      const id = int(b.BookingId);
      const start = str(b.StartDateTime);
      const end = str(b.EndDateTime);
      return id !== undefined && start && end ? [{ id, start, end }] : [];
    });
  return {
    hallId,
    testCustomerId: target.testCustomerId
      ? found(target.testCustomerId)
      : missing('HB_TEST_CUSTOMER_ID is not set (a customer GUID the suite may block)'),
    booking: pick(grid, 'the hall grid (timerange=5, statusType=All) lists no booking', (j) => bookings(j)[0]),
    recurringParent: pick(grid, 'the hall grid (timerange=5, statusType=All) lists no booking with IsRecurring true', (j) =>
      int(looseItems(j).find((b) => b.IsRecurring === true && int(b.BookingId) !== undefined)?.BookingId),
    ),
    customerId: pick(customers, 'listCustomersForHall lists no customer with a UserId', (j) =>
      looseItems(j)
        .map((c) => str(c.UserId))
        .find(Boolean),
    ),
    rooms: pick(rooms, 'listRoomsForBooking lists no room with ID/Id and Name', (j) => {
      const list = looseItems(j).flatMap((r) => {
        const id = int(r.ID ?? r.Id);
        const name = str(r.Name);
        return id !== undefined && name !== undefined ? [{ id, name }] : [];
      });
      return list.length ? list : undefined;
    }),
    priceRateId: pick(rates, 'listPriceRates lists no price rate with an Id', (j) =>
      looseItems(j)
        .map((r) => int(r.Id ?? r.ID))
        .find((x) => x !== undefined),
    ),
    lineItemGroupId: pick(groups, 'listLineItemGroups holds no object with a numeric Id/ID', (j) =>
      looseItems(j)
        .map((g) => int(g.Id ?? g.ID))
        .find((x) => x !== undefined),
    ),
    dateRangeId: await dateRangeOf(client, hallId, matrix),
    span: pick(grid, 'the hall grid lists no booking with start and end', (j) => {
      const all = bookings(j);
      if (!all.length) return undefined;
      const from = all.map((b) => b.start).sort()[0] as string;
      const to = all
        .map((b) => b.end)
        .sort()
        .at(-1) as string;
      return { from, to };
    }),
  };
}
