// A busy hall: another administrator at work while the suite runs, as on a staging server during office hours
// (`busy` in MockOptions). About every second they create a booking of their own in the weeks ahead, edit or delete
// one of theirs, and now and then block or unblock a customer (never the suite's test customer). Their bookings carry
// no run marker: to the suite they are another person's, whose changes are not the suite's collateral.
import { MOCK_TEST_CUSTOMER_ID, type BookingRecord } from './state.js';
import type { MockContext } from './context.js';
import { shiftLocal } from '../contracts/service-time.js';

/** How often the administrator acts, in ms (each act a little earlier or later). */
const EVERY_MS = 1000;

/** A number in [0, n) from the administrator's own sequence: the same acts in the same order on every start. */
const nextOf = (state: { n: number }) => (n: number) => {
  state.n = (state.n * 1103515245 + 12345) % 2 ** 31;
  return state.n % n;
};

/** One act of the administrator on the mock's data. */
function act(mock: MockContext, own: Set<number>, random: (n: number) => number): void {
  const hall = mock.hallId;
  const mine = mock.state.bookings.filter((b) => own.has(b.id) && b.status !== 'Cancelled');
  const kind = random(10);
  // Their own customers: the suite books for its test customer only (HB_TEST_CUSTOMER_ID), as a staging keeps one for it.
  const customers = mock.state.customers.filter((c) => c.hallId === hall && !c.deleted && !c.staff && c.id !== MOCK_TEST_CUSTOMER_ID);
  if (kind < 4 || !mine.length) {
    // A hall with no customer of their own: they have nothing to book.
    if (!customers.length) return;
    const rooms = mock.state.rooms.filter((r) => r.hallId === hall && r.bookable);
    const start = shiftLocal(`${mock.state.now.slice(0, 10)}T08:00:00`, { days: 1 + random(40), hours: random(10) });
    const booking: BookingRecord = {
      id: mock.state.nextBookingId++,
      hallId: hall,
      name: `Parish meeting ${random(1000)}`,
      start,
      end: shiftLocal(start, { hours: 1 }),
      status: random(2) ? 'Confirmed' : 'Requested',
      customerId: customers[random(customers.length)]!.id,
      activityTypeId: mock.state.activityTypes.find((a) => a.hallId === hall)?.id ?? 1,
      priceRateId: mock.state.priceRates.find((r) => r.hallId === hall)?.id ?? 1,
      roomIds: [rooms[random(rooms.length)]?.id ?? 101],
      parentId: null,
      isRecurring: false,
      pendingChange: false,
      description: 'Booked by another administrator',
      sendEmails: false,
    };
    mock.state.bookings.push(booking);
    own.add(booking.id);
  } else if (kind < 7) {
    const b = mine[random(mine.length)]!;
    b.name = `Parish meeting ${random(1000)} (moved)`;
    b.start = shiftLocal(b.start, { hours: 1 });
    b.end = shiftLocal(b.end, { hours: 1 });
  } else if (kind < 9) {
    const b = mine[random(mine.length)]!;
    mock.state.bookings = mock.state.bookings.filter((x) => x.id !== b.id);
  } else {
    const customers = mock.state.customers.filter((c) => c.hallId === hall && c.id !== MOCK_TEST_CUSTOMER_ID);
    const c = customers[random(customers.length)];
    if (c) c.blocked = !c.blocked;
  }
}

/** Start the administrator on `mock`; returns the stop. Their bookings are theirs until the mock's data is reset. */
export function startBusyAdministrator(mock: MockContext): () => void {
  const own = new Set<number>();
  const random = nextOf({ n: 20261128 });
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(
      () => {
        act(mock, own, random);
        schedule();
      },
      EVERY_MS / 2 + random(EVERY_MS),
    );
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}
