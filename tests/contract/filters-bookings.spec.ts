// Meaning, not only shape: the bookings grid's status filters, date bounds and time ranges,
// and a recurring parent's children hold what the interface document says. Ids are compared, not counted.
import { itemsOf, pagePath, TIME_RANGES, type Booking, type StatusType } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { ANY_READING, recordReading, vacuous } from '../../fixtures/readings.js';
import { factIf } from '../../fixtures/seeding.js';
import { serviceToday, slashDate, startDayBounds } from '../../contracts/service-time.js';
import { doc, notes, openPoint } from '../../coverage/sources.js';
import { CHECKABLE_READINGS, endedBeforeEveryRange, misfits } from '../../fixtures/time-ranges.js';
import { grid, idsOf, label, missingFrom, sameIds, type Grid } from './grid.js';

const STATUSES = doc(
  'States and transitions',
  'Of these, `Requested`, `Confirmed` and `Cancelled` are statuses of a booking. `All`, `NotCancelled` and `HasPending` are filter values',
);
const GRID_QUERY = (param: string) => doc('Bookings, GET /api/bookings/GetForHallgrid', `${param}`);
const PENDING = notes(
  'Booking form',
  'one pending change at a time. `HasPendingBookingChanges` and the `HasPending` filter reflect that state',
);

test.describe('grid filters', () => {
  for (const status of ['Confirmed', 'Requested', 'Cancelled'] as const satisfies readonly StatusType[]) {
    test(
      `listBookingsForHallGrid statusType=${status} returns exactly the ${status} bookings of All`,
      { annotation: [STATUSES] },
      async ({ api, facts, hallGrid }) => {
        const { all, answer: only } = await hallGrid.compared(
          () => grid(api, facts, { statusType: status, timerange: 5 }),
          (all, only) =>
            !(all.complete && only.complete) ||
            sameIds(
              only.items,
              all.items.filter((b) => b.Status === status),
            ),
        );
        expect(only.items.filter((b) => b.Status !== status).map(label), `statusType=${status} returned other statuses`).toEqual([]);
        const expected = all.items.filter((b) => b.Status === status);
        if (!expected.length) vacuous(`the hall has no ${status} booking`);
        if (all.complete && only.complete) {
          expect(idsOf(only.items), `statusType=${status} vs the ${status} bookings of statusType=All`).toEqual(idsOf(expected));
        }
      },
    );
  }

  test(
    'listBookingsForHallGrid statusType=NotCancelled returns All without the cancelled',
    { annotation: [STATUSES] },
    async ({ api, facts, hallGrid }) => {
      const withoutCancelled = (all: Grid) => all.items.filter((b) => b.Status !== 'Cancelled');
      const { all, answer: notCancelled } = await hallGrid.compared(
        () => grid(api, facts, { statusType: 'NotCancelled', timerange: 5 }),
        (all, nc) => !(all.complete && nc.complete) || sameIds(nc.items, withoutCancelled(all)),
      );
      expect(notCancelled.items.filter((b) => b.Status === 'Cancelled').map(label), 'NotCancelled returned cancelled bookings').toEqual([]);
      if (all.complete && notCancelled.complete) {
        expect(idsOf(notCancelled.items)).toEqual(idsOf(withoutCancelled(all)));
      }
    },
  );

  test(
    'listBookingsForHallGrid statusType=HasPending is within All and agrees with HasPendingBookingChanges',
    { annotation: [STATUSES, PENDING] },
    async ({ api, facts, hallGrid }) => {
      const flag = async () => (await api.call('hasPendingBookingChanges', { query: { hallid: facts.hallId } })).json;
      const before = await flag();
      // The HasPending grid between the two flag reads, so a flag that held still held while it was read.
      const { all, answer: pending } = await hallGrid.compared(
        () => grid(api, facts, { statusType: 'HasPending', timerange: 5 }),
        (all, pending) => !all.complete || !missingFrom(pending.items, all.items).length,
      );
      const after = await flag();
      if (all.complete) expect(missingFrom(pending.items, all.items).map(label), 'HasPending bookings absent from All').toEqual([]);
      // The body is unspecified; a boolean or a count is the plain reading of "Has…", anything else is not interpreted.
      if (typeof after !== 'boolean' && typeof after !== 'number') {
        vacuous(
          `HasPendingBookingChanges answered ${JSON.stringify(after).slice(0, 200)}: neither a boolean nor a count, so it is not compared`,
        );
        return;
      }
      // A flow running beside this test may request or confirm a change meanwhile: compare only a flag that held still.
      if (Boolean(before) !== Boolean(after)) {
        vacuous(`HasPendingBookingChanges changed from ${JSON.stringify(before)} to ${JSON.stringify(after)} while the grid was read`);
        return;
      }
      expect(
        Boolean(after),
        `HasPendingBookingChanges=${JSON.stringify(after)} while the HasPending grid lists ${pending.items.length} booking(s)`,
      ).toBe(pending.items.length > 0);
    },
  );

  test(
    'a booking leaves the HasPending grid once its changes are confirmed @write',
    { annotation: [PENDING] },
    // Takes `mock`, so it skips against a remote target: it confirms a change on a booking the suite did not
    // make, and nothing undoes that; there tests/flows/booking-flow.spec.ts confirms a change on its own booking.
    async ({ api, facts, seeding, mock: _ }) => {
      const pending = await grid(api, facts, { statusType: 'HasPending', timerange: 5 });
      const booking = seeding.factOrSkip(
        factIf(pending.items.length > 0, () => pending.items[0] as Booking, 'the HasPending grid is empty'),
        'booking with a pending change',
      );
      // Live notes: "one pending change at a time … HasPendingBookingChanges and the HasPending filter reflect that state".
      const reply = await api.send(pagePath('confirmBookingChanges', { booking_id: booking.BookingId }), {
        endpointId: 'confirmBookingChanges',
        follow: true,
      });
      expect(reply.status, `confirmBookingChanges ${reply.url}`).toBe(200);
      const after = await grid(api, facts, { statusType: 'HasPending', timerange: 5 });
      expect(idsOf(after.items), `HasPending after confirming ${label(booking)}`).not.toContain(booking.BookingId);
      // Read on its start day: the hall's other days say nothing about it.
      const all = await grid(api, facts, { statusType: 'All', timerange: 5, ...startDayBounds(booking.StartDateTime) });
      expect(idsOf(all.items), 'the confirmed booking is still a booking').toContain(booking.BookingId);
    },
  );

  test(
    'listBookingsForHallGrid startDateFrom/startDateTo bound the start day',
    {
      annotation: [
        GRID_QUERY('startDateFrom | string | no | Lower bound of start date … startDateTo | string | no | Upper bound of start date'),
      ],
    },
    async ({ api, facts, seeding, hallGrid }) => {
      // Bounds inside the hall's span, so an ignored filter shows: a day before and a day after lie outside.
      const boundsOf = (all: Grid) => {
        const days = [...new Set(all.items.map((b) => b.StartDateTime.slice(0, 10)))].sort();
        return seeding.factOrSkip(
          factIf(
            days.length >= 3,
            () => ({ from: days[1] as string, to: days[days.length - 2] as string }),
            `the grid spans ${days.length} start day(s), 3 are needed`,
          ),
          'three distinct booking days',
        );
      };
      const strictlyInsideOf = (all: Grid, bounds: { from: string; to: string }) =>
        all.items.filter((b) => b.StartDateTime.slice(0, 10) > bounds.from && b.StartDateTime.slice(0, 10) < bounds.to);
      const { all, answer: inside } = await hallGrid.compared(
        (all) => {
          const bounds = boundsOf(all);
          return grid(api, facts, {
            statusType: 'All',
            timerange: 5,
            startDateFrom: slashDate(bounds.from),
            startDateTo: slashDate(bounds.to),
          });
        },
        (all, inside) => !(all.complete && inside.complete) || !missingFrom(strictlyInsideOf(all, boundsOf(all)), inside.items).length,
      );
      const bounds = boundsOf(all);
      const outside = inside.items.filter((b) => b.StartDateTime.slice(0, 10) < bounds.from || b.StartDateTime.slice(0, 10) > bounds.to);
      expect(outside.map(label), `start days outside ${bounds.from}..${bounds.to}`).toEqual([]);
      const strictlyInside = strictlyInsideOf(all, bounds);
      if (all.complete && inside.complete) {
        expect(idsOf(inside.items), `bookings starting strictly between ${bounds.from} and ${bounds.to} are kept`).toEqual(
          expect.arrayContaining(idsOf(strictlyInside)),
        );
      }
    },
  );

  test(
    'listBookingsForHallGrid year keeps bookings that start in that year',
    { annotation: [GRID_QUERY('year | int | no | Year filter')] },
    async ({ api, facts, seeding, hallGrid }) => {
      const yearsOf = (all: Grid) => [...new Set(all.items.map((b) => Number(b.StartDateTime.slice(0, 4))))].sort();
      const yearOf = (all: Grid) =>
        seeding.factOrSkip(
          factIf(yearsOf(all).length > 0, () => yearsOf(all).at(-1) as number, 'the grid is empty'),
          'booking year',
        );
      const startsIn = (all: Grid, year: number) => all.items.filter((b) => Number(b.StartDateTime.slice(0, 4)) === year);
      const { all, answer: inYear } = await hallGrid.compared(
        (all) => grid(api, facts, { statusType: 'All', timerange: 5, year: yearOf(all) }),
        (all, inYear) => !(all.complete && inYear.complete) || sameIds(inYear.items, startsIn(all, yearOf(all))),
      );
      const year = yearOf(all);
      if (yearsOf(all).length < 2) vacuous('every booking starts in the same year');
      expect(
        inYear.items.filter((b) => Number(b.StartDateTime.slice(0, 4)) !== year).map(label),
        `year=${year} returned other years`,
      ).toEqual([]);
      if (all.complete && inYear.complete) {
        expect(idsOf(inYear.items)).toEqual(idsOf(startsIn(all, year)));
      }
    },
  );

  test(
    'listBookingsForHallGrid time ranges lie within All, Today within Last7Days, and none holds a booking that ended two years ago',
    {
      annotation: [
        GRID_QUERY('timerange | int | no | 0=Today, 1=Last7Days, 2=LastMonth, 3=Last3Months, 4=LastYear, 5=All'),
        openPoint('timerange'),
      ],
    },
    async ({ api, facts, target, hallGrid }) => {
      const today = serviceToday();
      const fitting = (all: Grid, short: Grid[]) =>
        CHECKABLE_READINGS.filter(
          (reading) =>
            !misfits(
              reading,
              all.items,
              short.map((r) => r.items),
              today,
            ).length,
        );
      // The snapshot of All serves while the short ranges lie within it, hold none of its old bookings
      // and fit a reading; else All is read again (a booking written or deleted since shows so).
      const { all: whole, answer: short } = await hallGrid.compared(
        () => Promise.all(TIME_RANGES.slice(0, 5).map((_, i) => grid(api, facts, { statusType: 'All', timerange: i }))),
        (all, short) => {
          const old = endedBeforeEveryRange(all.items, today);
          const escaped = all.complete && short.some((r) => missingFrom(r.items, all.items).length);
          return !escaped && !short.some((r) => missingFrom(r.items, old).length < r.items.length) && fitting(all, short).length > 0;
        },
      );
      const ranges = [...short, whole];
      const complete = ranges.every((r) => r.complete);
      // Every reading: each range is within All, and Today within Last7Days (a calendar LastMonth
      // or LastYear need not hold Today, so the longer ranges are not compared with each other).
      const within = (inner: number, outer: number) => {
        if (!(ranges[outer] as Grid).complete) return;
        const ids = new Set(idsOf((ranges[outer] as Grid).items));
        const escaped = (ranges[inner] as Grid).items.filter((b) => !ids.has(b.BookingId)).map(label);
        expect(
          escaped,
          `timerange=${inner} (${TIME_RANGES[inner]}) bookings missing from timerange=${outer} (${TIME_RANGES[outer]})`,
        ).toEqual([]);
      };
      for (let i = 0; i < 5; i++) within(i, 5);
      within(0, 1);
      const all = (ranges[5] as Grid).items;
      // Every reading (given a booking is entered before it ends): one that ended two years ago
      // is in no range short of All. An ignored timerange shows here.
      const old = new Set(idsOf(endedBeforeEveryRange(all, today)));
      if (!old.size) vacuous(`no booking of the hall ended two years before ${today}: an ignored timerange cannot show here`);
      ranges.slice(0, 5).forEach((r, i) => {
        expect(
          r.items.filter((b) => old.has(b.BookingId)).map(label),
          `timerange=${i} (${TIME_RANGES[i]}) holds bookings that ended two years before ${today}`,
        ).toEqual([]);
      });
      // Which reading the answers fit: recorded, not asserted.
      const items = ranges.slice(0, 5).map((r) => r.items);
      const fits = complete ? fitting(whole, short) : [];
      const why = CHECKABLE_READINGS.map((reading) => `${reading}: ${misfits(reading, all, items, today)[0] ?? 'fits'}`).join('; ');
      // Neither checkable reading fits: one of those no grid field can confirm.
      await recordReading(
        'timerange',
        !complete ? ANY_READING('timerange') : fits.length ? [...fits] : ['created', 'calendar'],
        complete ? `${all.length} booking(s); ${why}; a creation date is in no documented field` : 'a paged answer: not classified',
        target.baseUrl,
      );
    },
  );
});

test.describe('recurring bookings', () => {
  test(
    'listChildBookings returns children of the recurring parent, not the parent',
    {
      annotation: [
        doc('Bookings, GET /api/bookings/getforparentgrid', 'query `id` = booking id of a recurring parent. Returns the child bookings'),
      ],
    },
    async ({ api, facts, seeding }) => {
      const parentId = seeding.factOrSkip(facts.recurringParent, 'recurring parent (IsRecurring true)');
      const children = itemsOf((await api.call('listChildBookings', { query: { id: parentId } })).data);
      // Interface doc: "A recurring booking has child bookings, returned in the same item shape" (the schema checked the shape).
      expect(children.length, `a recurring parent ${parentId} has child bookings`).toBeGreaterThan(0);
      expect(children.filter((c) => c.BookingId === parentId).map(label), 'the parent listed among its own children').toEqual([]);
      expect(new Set(idsOf(children)).size, 'child booking ids are distinct').toBe(children.length);
    },
  );
});
