// The collateral check of write tests (fixtures/bookings/collateral.ts), as a pure check: bookings
// of any suite run are left out, bookings that appeared are other clients', and a vanished or changed
// booking the suite did not make is named by id.
import type { Booking } from '../../contracts/index.js';
import { collateralMessage, collateralOf } from '../../fixtures/bookings/collateral.js';
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
