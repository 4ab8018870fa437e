// The grid's short time ranges keep out what ended before them, in every reading of
// `timerange` (contracts/open-points.ts): a booking that ended before today is in no reading
// of Today, one that ended weeks ago in no reading of Last7Days. An ordinary hall's recent
// history shows a grid that ignores `timerange`; the two-year bound of filters-bookings.spec.ts needs old data.
import { itemsOf, TIME_RANGES, type Booking } from '../../contracts/index.js';
import { addDays, serviceToday } from '../../contracts/service-time.js';
import { expect, test } from '../../fixtures/index.js';
import { doc, openPoint } from '../../coverage/sources.js';
import { endedBeforeRange, FARTHEST_REACH } from '../../fixtures/time-ranges.js';

const label = (b: Booking) => `${b.BookingId} "${b.BookingName}" ${b.StartDateTime}..${b.EndDateTime}`;

test.describe('grid time ranges', () => {
  for (const [range, name] of TIME_RANGES.slice(0, 5).entries()) {
    test(
      `listBookingsForHallGrid timerange=${range} (${name}) holds no booking that ended before its first day in any reading`,
      {
        annotation: [
          doc('Bookings, GET /api/bookings/GetForHallgrid', 'timerange | int | no | 0=Today, 1=Last7Days, 2=LastMonth, 3=Last3Months'),
          openPoint('timerange'),
        ],
      },
      async ({ api, facts, seeding, hallGrid }) => {
        const today = serviceToday();
        const endedOf = (all: Booking[]) => new Set(endedBeforeRange(all, range, today).map((b) => b.BookingId));
        const { all, answer: inRange } = await hallGrid.compared(
          async () =>
            itemsOf((await api.call('listBookingsForHallGrid', { query: { id: facts.hallId, statusType: 'All', timerange: range } })).data),
          (all, inRange) => {
            const ended = endedOf(all.items);
            return !inRange.some((b) => ended.has(b.BookingId));
          },
        );
        const before = addDays(today, -(FARTHEST_REACH[range] ?? 0) - 1);
        const ended = endedOf(all.items);
        seeding.expectSome(
          ended.size,
          `bookings (not recurring) of the hall that ended before ${before}, which would show a ${name} that ignores timerange`,
        );
        expect(
          inRange.filter((b) => ended.has(b.BookingId)).map(label),
          `timerange=${range} (${name}) holds bookings that ended before ${before}, before its first day in every reading`,
        ).toEqual([]);
      },
    );
  }
});
