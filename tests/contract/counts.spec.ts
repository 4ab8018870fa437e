// Meaning across endpoints: a count is never more than the list it counts holds, both read together
// (the worker's whole grid, read again with the count whenever the two disagree). The count bodies are
// not shown (interface doc, "Counts"), nor what exactly is counted (a server may leave out past or
// recurring bookings): at most, in every reading; whether it is equal is recorded. An answer that is not
// a number, or has no field of that name, is recorded as vacuous.
import { type Booking } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import type { Grid, HallGrid } from '../../fixtures/hall-grid.js';
import { vacuous } from '../../fixtures/readings.js';
import { doc } from '../../coverage/sources.js';

const COUNTS = doc('Bookings, Counts (GET)', '`/api/Bookings/GetRequestedBookingsCount` | hallid (int)');
const STATUSES = ['Requested', 'Confirmed', 'Cancelled'] as const;

/** A count as the answer carries it: a number, or a numeric string; otherwise undefined. */
const countOf = (x: unknown): number | undefined =>
  typeof x === 'number' ? x : typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : undefined;
const withStatus = (all: Grid, status: string) => all.items.filter((b: Booking) => b.Status === status).length;

/**
 * The grid and the count, read together until they agree or three pairs disagreed: a booking another
 * client wrote between the two reads of one pair does not fail the check, a standing disagreement does.
 */
async function readTogether<T>(hallGrid: HallGrid, count: () => Promise<T>, agree: (all: Grid, answer: T) => boolean) {
  let pair = await hallGrid.compared(count, agree);
  for (let i = 0; i < 2 && !agree(pair.all, pair.answer); i++) pair = { all: await hallGrid.read(), answer: await count() };
  return pair;
}

test.describe('counts agree with the lists they count', { annotation: [COUNTS] }, () => {
  test('getRequestedBookingsCount is at most the number of Requested bookings the grid lists', async ({
    api,
    facts,
    hallGrid,
    seeding,
  }) => {
    const count = async () => countOf((await api.call('getRequestedBookingsCount', { query: { hallid: facts.hallId } })).data);
    const { all, answer } = await readTogether(hallGrid, count, (g, n) => n === undefined || n <= withStatus(g, 'Requested'));
    if (answer === undefined || !all.complete) {
      vacuous(
        answer === undefined ? 'the answer is not a count' : 'the whole grid came in pages: its Requested bookings are not all there',
      );
      return;
    }
    seeding.expectSome(withStatus(all, 'Requested'), 'Requested bookings in the grid');
    const listed = withStatus(all, 'Requested');
    test.info().annotations.push({ type: 'observed', description: `GetRequestedBookingsCount ${answer}, Requested in the grid ${listed}` });
    expect(
      answer,
      'GetRequestedBookingsCount against the Requested bookings of GetForHallgrid (statusType=All, timerange=5)',
    ).toBeLessThanOrEqual(listed);
  });

  test('getBookingCountsForHall counts no status beyond what the grid lists over the same timerange', async ({ api, facts, hallGrid }) => {
    const count = async () => (await api.call('getBookingCountsForHall', { query: { id: facts.hallId, timerange: 5 } })).data;
    const fields = (x: unknown) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {});
    const named = (x: unknown) => STATUSES.filter((s) => countOf(fields(x)[s]) !== undefined);
    const agree = (g: Grid, x: unknown) => named(x).every((s) => (countOf(fields(x)[s]) ?? 0) <= withStatus(g, s));
    const { all, answer } = await readTogether(hallGrid, count, agree);
    if (!named(answer).length || !all.complete) {
      vacuous(!all.complete ? 'the whole grid came in pages' : 'the answer names no status count (Requested, Confirmed, Cancelled)');
      return;
    }
    const counted = Object.fromEntries(named(answer).map((s) => [s, countOf(fields(answer)[s])]));
    const listed = Object.fromEntries(named(answer).map((s) => [s, withStatus(all, s)]));
    test.info().annotations.push({ type: 'observed', description: `counts ${JSON.stringify(counted)}, grid ${JSON.stringify(listed)}` });
    expect(
      named(answer).filter((s) => (counted[s] ?? 0) > (listed[s] ?? 0)),
      `GetBookingCountsForHall (timerange=5) ${JSON.stringify(counted)} counts more than ` +
        `GetForHallgrid (All, timerange=5) lists ${JSON.stringify(listed)}`,
    ).toEqual([]);
  });
});
