// The collateral check of write tests (fixtures/bookings/collateral.ts), as a pure check: bookings
// of any suite run are left out, bookings that appeared are other clients', and a vanished or changed
// booking the suite did not make is named by id. And the generated run's sweep, on the worker's mock:
// it deletes its own posts only, never another test's booking of the same suite run; and the janitor's
// sweep, which takes the bookings of runs that are over, never those of a run that may be under way. On a busy mock
// (another administrator at work), repeated writes are blamed only for what they change themselves, twice.
import { addDays, serviceToday, type Booking } from '../../contracts/index.js';
import { RUN_ID, RUN_LIFETIME_MS, runMarker } from '../../client/run-marker.js';
import { sweepLeftovers } from '../../fixtures/bookings/janitor.js';
import { collateralMessage, collateralOf, confirmedCollateral } from '../../fixtures/bookings/collateral.js';
import { bookingRound } from '../../fixtures/bookings/repeats.js';
import { HallGrid } from '../../fixtures/hall-grid.js';
import { HbClient } from '../../client/client.js';
import { startMockServer } from '../../mock-server/server.js';
import { newFormRun, postAt } from '../../fuzz/form-cases.js';
import { sweepRun } from '../../fuzz/form-checks.js';
import { expect, test } from '../../fixtures/index.js';

const booking = (id: number, name: string, status = 'Confirmed'): Booking =>
  ({
    BookingId: id,
    BookingName: name,
    StartDateTime: '2026-03-02T10:00:00',
    EndDateTime: '2026-03-02T11:00:00',
    Status: status,
  }) as Booking;
const grid = (...items: Booking[]) => ({ items, complete: true });

test('collateralOf names the bookings the suite did not make that vanished or changed, and nothing else', () => {
  const seed = [booking(1, 'Yoga'), booking(2, 'Choir'), booking(3, 'Quiz')];
  const before = grid(...seed, booking(9, 'Ours [hb-suite abc1]'), booking(10, 'Another run [hb-suite zz9]'));
  // Ours deleted, another run's cancelled, a booking another client made: none of it is collateral.
  const quiet = grid(...seed, booking(10, 'Another run [hb-suite zz9]', 'Cancelled'), booking(11, 'Made by a person'));
  expect(collateralMessage(collateralOf(before, quiet))).toBeNull();

  const damaged = grid(seed[0]!, booking(3, 'Quiz', 'Cancelled'));
  const found = collateralOf(before, damaged);
  expect(found.vanished.map((b) => b.BookingId)).toEqual([2]);
  expect(found.changed.map((c) => c.after.BookingId)).toEqual([3]);
  expect(collateralMessage(found)).toMatch(/vanished: 2 "Choir"[\s\S]*changed: {2}3 /);
});

test("a generated run's sweep takes its own posts only, not another test's booking of the same suite run", async ({ api, mock }) => {
  const run = newFormRun(serviceToday(), 1);
  const state = mock.state;
  const like = state.bookings.find((b) => b.hallId === api.hallId && b.parentId === null)!;
  const add = (name: string) => {
    const id = state.nextBookingId++;
    state.bookings.push({ ...like, id, name, roomIds: [...like.roomIds], status: 'Confirmed' });
    return id;
  };
  // On a shared server, another test of this suite run books while the generated run is under way.
  const posted = add(postAt(run, 0, { check: 'form', kind: 'valid', label: 'valid', change: {}, rawBrackets: false }).name);
  const anothers = add(`Flow pending change ${runMarker()} t1a2b3r0`);
  expect(await sweepRun(api, run.tag), 'bookings the sweep deleted').toBe(1);
  const left = new Set(state.bookings.filter((b) => b.status !== 'Cancelled').map((b) => b.id));
  expect(left.has(posted), "the generated run's own post").toBe(false);
  expect(left.has(anothers), "another test's booking of the same suite run").toBe(true);
});

test("the janitor sweeps the bookings of runs that are over, never another run's that may be under way", async ({ api, mock }) => {
  const state = mock.state;
  const like = state.bookings.find((b) => b.hallId === api.hallId && b.parentId === null)!;
  const start = `${addDays(serviceToday(), 30)}T10:00:00`;
  const add = (runId: string) => {
    const id = state.nextBookingId++;
    state.bookings.push({ ...like, id, name: `Janitor ${runMarker(runId)}`, start, roomIds: [...like.roomIds], status: 'Confirmed' });
    return id;
  };
  const runStarted = (msAgo: number) => `${(Date.now() - msAgo).toString(36)}abc`;
  const over = add(runStarted(RUN_LIFETIME_MS + 60_000));
  const underWay = add(runStarted(60_000));
  const ours = add(RUN_ID);
  const report = await sweepLeftovers(api, api.hallId);
  const left = new Set(state.bookings.filter((b) => b.status !== 'Cancelled').map((b) => b.id));
  expect(
    [over, underWay, ours].map((id) => left.has(id)),
    'left: the run that is over, another under way, ours',
  ).toEqual([false, true, true]);
  expect(report.note).toMatch(/swept 1 leftover booking\(s\) of runs that are over; left 1 of other runs that may be under way/);
});

test.describe('collateral on a busy hall', () => {
  /** A busy mock (another administrator at work), a client of it, its grid, and a ledger-like for the repeated writes. */
  async function busyHall(mutant?: string) {
    const mock = await startMockServer({ busy: true, ...(mutant && { mutant }) });
    const { email, password } = mock.context.credentials;
    const hallId = mock.context.hallId;
    const api = new HbClient({ baseUrl: mock.url, email, password, hallId });
    await api.login();
    const target = { baseUrl: mock.url, email, password, hallId, mockServer: null };
    let day = addDays(serviceToday(), 400);
    const ledger = {
      hallId,
      testCustomerId: undefined,
      name: (label: string) => `${label} ${runMarker()} tbusy0r0`,
      freeDays: () => Promise.resolve((day = addDays(day, 3))),
      track: () => undefined,
    };
    return { mock, confirmed: () => confirmedCollateral(new HallGrid(api, target), bookingRound(api, ledger)) };
  }

  test("another administrator's changes during the writes are not blamed on them; a delete that takes another booking is", async () => {
    const quiet = await busyHall();
    const faulty = await busyHall('delete-removes-another-booking');
    try {
      expect(await quiet.confirmed(), "the writes, each bracketed twice, beside another administrator's").toEqual([]);
      expect(await faulty.confirmed(), 'the same writes against a delete that takes its neighbour').toEqual([
        expect.stringMatching(/^deleteBooking: vanished: \d+ "/),
      ]);
    } finally {
      await Promise.all([quiet.mock.close(), faulty.mock.close()]);
    }
  });
});
