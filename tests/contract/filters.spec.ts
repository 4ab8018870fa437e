// Meaning, not only shape: the grid's filters and time ranges, hall scoping, recurring
// children, the scheduler's window and room filter, and the customer lists hold what the
// interface document says (or what plainly follows from it). Ids are compared, not counted.
import {
  customerName,
  eventId,
  itemsOf,
  pagePath,
  roomId,
  TIME_RANGES,
  type Booking,
  type BookingGridQuery,
  type BookingList,
  type StatusType,
} from '../../contracts/index.js';
import { gridBookings } from '../../fixtures/bookings.js';
import { MARKER } from '../../fixtures/bookings/run-marker.js';
import { schedulerWindow } from '../../fixtures/contract-arguments.js';
import type { Facts } from '../../fixtures/discovery.js';
import type { HbClient } from '../../fixtures/http/client.js';
import { expect, test } from '../../fixtures/index.js';
import { ANY_READING, recordReading, vacuous } from '../../fixtures/readings.js';
import { factIf, type Seeding } from '../../fixtures/seeding.js';
import { addDays, daysBetween, serviceToday, slashDate } from '../../contracts/service-time.js';
import { doc, notes, openPoint } from '../../fixtures/sources.js';
import { CHECKABLE_READINGS, endedBeforeEveryRange, misfits } from '../../fixtures/time-ranges.js';

interface Grid {
  items: Booking[];
  /** False when a `{Data, Total}` answer holds fewer items than `Total` (a page): set equalities then say nothing. */
  complete: boolean;
}

const shown = (list: BookingList): Grid => ({
  items: itemsOf(list),
  complete: Array.isArray(list) || list.Total === undefined || list.Total <= list.Data.length,
});

async function grid(api: HbClient, facts: Facts, query: Omit<BookingGridQuery, 'id'>): Promise<Grid> {
  const { data } = await api.call('listBookingsForHallGrid', { query: { id: facts.hallId, ...query } });
  return shown(data);
}

const idsOf = (items: { BookingId: number }[]) => items.map((b) => b.BookingId).sort((a, b) => a - b);
const label = (b: Booking) => `${b.BookingId} "${b.BookingName}" ${b.Status} ${b.StartDateTime}..${b.EndDateTime}`;

const STATUSES = doc(
  'States and transitions',
  'Of these, `Requested`, `Confirmed` and `Cancelled` are statuses of a booking. `All`, `NotCancelled` and `HasPending` are filter values',
);
const GRID_QUERY = (param: string) => doc('Bookings, GET /api/bookings/GetForHallgrid', `${param}`);
const HALL_SCOPED = doc('What the service does', 'A hall is identified by an integer hall id. Most reads are scoped to one hall');
const PENDING = notes(
  'Booking form',
  'one pending change at a time. `HasPendingBookingChanges` and the `HasPending` filter reflect that state',
);
const EVENT_FIELDS = doc('Calendar event (scheduler)', 'id | int | Booking id; title | string | Booking name; color … identifies the room');

test.describe('grid filters', () => {
  for (const status of ['Confirmed', 'Requested', 'Cancelled'] as const satisfies readonly StatusType[]) {
    test(
      `listBookingsForHallGrid statusType=${status} returns exactly the ${status} bookings of All`,
      { annotation: [STATUSES] },
      async ({ api, facts }) => {
        const [all, only] = await Promise.all([
          grid(api, facts, { statusType: 'All', timerange: 5 }),
          grid(api, facts, { statusType: status, timerange: 5 }),
        ]);
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
    async ({ api, facts }) => {
      const [all, notCancelled] = await Promise.all([
        grid(api, facts, { statusType: 'All', timerange: 5 }),
        grid(api, facts, { statusType: 'NotCancelled', timerange: 5 }),
      ]);
      expect(notCancelled.items.filter((b) => b.Status === 'Cancelled').map(label), 'NotCancelled returned cancelled bookings').toEqual([]);
      if (all.complete && notCancelled.complete) {
        expect(idsOf(notCancelled.items)).toEqual(idsOf(all.items.filter((b) => b.Status !== 'Cancelled')));
      }
    },
  );

  test(
    'listBookingsForHallGrid statusType=HasPending is within All and agrees with HasPendingBookingChanges',
    { annotation: [STATUSES, PENDING] },
    async ({ api, facts }) => {
      const flag = async () => (await api.call('hasPendingBookingChanges', { query: { hallid: facts.hallId } })).json;
      const before = await flag();
      // Both grids between the two flag reads, so a flag that held still held while they were read.
      const [all, pending] = await Promise.all([
        grid(api, facts, { statusType: 'All', timerange: 5 }),
        grid(api, facts, { statusType: 'HasPending', timerange: 5 }),
      ]);
      const after = await flag();
      const allIds = new Set(idsOf(all.items));
      if (all.complete)
        expect(pending.items.filter((b) => !allIds.has(b.BookingId)).map(label), 'HasPending bookings absent from All').toEqual([]);
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
    async ({ api, facts, target, seeding }) => {
      // It confirms a change on a booking the suite did not make, and nothing undoes that.
      test.skip(
        !target.mock,
        'confirms a pending change on an existing booking the suite did not make (mock only); ' +
          'against a remote target tests/flows/booking-flow.spec.ts confirms a change on its own booking',
      );
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
      const all = await grid(api, facts, { statusType: 'All', timerange: 5 });
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
    async ({ api, facts, seeding }) => {
      const all = await grid(api, facts, { statusType: 'All', timerange: 5 });
      const days = [...new Set(all.items.map((b) => b.StartDateTime.slice(0, 10)))].sort();
      // Bounds inside the hall's span, so an ignored filter shows: a day before and a day after lie outside.
      const bounds = seeding.factOrSkip(
        factIf(
          days.length >= 3,
          () => ({ from: days[1] as string, to: days[days.length - 2] as string }),
          `the grid spans ${days.length} start day(s), 3 are needed`,
        ),
        'three distinct booking days',
      );
      const inside = await grid(api, facts, {
        statusType: 'All',
        timerange: 5,
        startDateFrom: slashDate(bounds.from),
        startDateTo: slashDate(bounds.to),
      });
      const outside = inside.items.filter((b) => b.StartDateTime.slice(0, 10) < bounds.from || b.StartDateTime.slice(0, 10) > bounds.to);
      expect(outside.map(label), `start days outside ${bounds.from}..${bounds.to}`).toEqual([]);
      const strictlyInside = all.items.filter(
        (b) => b.StartDateTime.slice(0, 10) > bounds.from && b.StartDateTime.slice(0, 10) < bounds.to,
      );
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
    async ({ api, facts, seeding }) => {
      const all = await grid(api, facts, { statusType: 'All', timerange: 5 });
      const years = [...new Set(all.items.map((b) => Number(b.StartDateTime.slice(0, 4))))].sort();
      const year = seeding.factOrSkip(
        factIf(years.length > 0, () => years.at(-1) as number, 'the grid is empty'),
        'booking year',
      );
      if (years.length < 2) vacuous('every booking starts in the same year');
      const inYear = await grid(api, facts, { statusType: 'All', timerange: 5, year });
      expect(
        inYear.items.filter((b) => Number(b.StartDateTime.slice(0, 4)) !== year).map(label),
        `year=${year} returned other years`,
      ).toEqual([]);
      if (all.complete && inYear.complete) {
        expect(idsOf(inYear.items)).toEqual(idsOf(all.items.filter((b) => Number(b.StartDateTime.slice(0, 4)) === year)));
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
    async ({ api, facts, target }) => {
      const today = serviceToday();
      const ranges = await Promise.all(TIME_RANGES.map((_, i) => grid(api, facts, { statusType: 'All', timerange: i })));
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
      const fits = complete ? CHECKABLE_READINGS.filter((reading) => !misfits(reading, all, items, today).length) : [];
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

test.describe('hall scoping', () => {
  const scoped = [
    {
      id: 'listBookingsForHallGrid',
      items: async (api: HbClient, f: Facts) => itemsOf((await api.call('listBookingsForHallGrid', { query: { id: f.hallId } })).data),
    },
    {
      id: 'listActivityTypes',
      items: async (api: HbClient, f: Facts) => (await api.call('listActivityTypes', { query: { id: f.hallId } })).data,
    },
    {
      id: 'listPriceRates',
      items: async (api: HbClient, f: Facts) => (await api.call('listPriceRates', { query: { id: f.hallId } })).data,
    },
    {
      id: 'listRoomsForBooking',
      items: async (api: HbClient, f: Facts) => (await api.call('listRoomsForBooking', { query: { hallid: f.hallId } })).data,
    },
    {
      id: 'listRoomsForGrid',
      items: async (api: HbClient, f: Facts) => (await api.call('listRoomsForGrid', { query: { id: f.hallId } })).data,
    },
  ] as const;
  for (const endpoint of scoped) {
    test(`${endpoint.id} items that carry HallId carry the requested hall`, { annotation: [HALL_SCOPED] }, async ({ api, facts }) => {
      const items = (await endpoint.items(api, facts)) as Record<string, unknown>[];
      const carrying = items.filter((x) => x.HallId !== undefined);
      if (!carrying.length) vacuous(`no ${endpoint.id} item carries HallId`);
      expect(
        carrying.filter((x) => x.HallId !== facts.hallId).map((x) => JSON.stringify(x)),
        `${endpoint.id} items of another hall than ${facts.hallId}`,
      ).toEqual([]);
    });
  }
});

test.describe('hall scoping through rooms', () => {
  test(
    'listBookingsForHallGrid bookings name a room of the hall in RoomsUsed',
    {
      annotation: [
        HALL_SCOPED,
        doc('Booking (grid item)', 'RoomsUsed | string | Display text of the room(s) booked'),
        doc('Room', 'HallId | int'),
      ],
    },
    async ({ api, facts, seeding }) => {
      // Rooms belong to one hall (Room.HallId), so another hall's booking names none of this hall's
      // rooms, even where the grid items carry no HallId (the document names none on them). Only
      // bookings from today on: an old one may name a room since renamed or removed.
      const [{ data: gridRooms }, { data: bookable }, all] = await Promise.all([
        api.call('listRoomsForGrid', { query: { id: facts.hallId } }),
        api.call('listRoomsForBooking', { query: { hallid: facts.hallId } }),
        grid(api, facts, { statusType: 'All', timerange: 5 }),
      ]);
      const names = [...new Set([...gridRooms, ...bookable].map((r) => r.Name).filter(Boolean))];
      const today = serviceToday();
      const named = all.items.filter((b) => b.RoomsUsed.trim() && b.StartDateTime.slice(0, 10) >= today);
      seeding.expectSome(
        names.length ? named.length : 0,
        `bookings from ${today} on with RoomsUsed, and ${names.length} room name(s) of the hall`,
      );
      if (!named.length || !names.length) return;
      expect(
        named.filter((b) => !names.some((n) => b.RoomsUsed.includes(n))).map((b) => `${label(b)} RoomsUsed "${b.RoomsUsed}"`),
        `bookings naming none of the hall's rooms (${names.join(', ')})`,
      ).toEqual([]);
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

test.describe('scheduler feed', () => {
  test(
    'listSchedulerEvents keeps to the start/end window',
    {
      annotation: [
        doc('Scheduler, GET /api/Scheduler/GetBookings', 'start | string | yes | ISO 8601 with UTC designator … end | string | yes'),
        notes('JSON shapes and aliases', 'Date-times are local wall-clock (Europe/London) without an offset'),
      ],
    },
    async ({ api, facts, seeding }) => {
      // The day comes from the feed itself: which bookings become events (cancelled ones,
      // recurring parents) the interface document does not say.
      const { data: wide } = await api.call('listSchedulerEvents', { query: { HallId: facts.hallId, ...schedulerWindow(facts) } });
      const days = [...new Set(wide.map((e) => e.start.slice(0, 10)))].sort();
      // A middle day, so that events before and after it show a window the feed ignores.
      const day = seeding.factOrSkip(
        factIf(
          days.length >= 3,
          () => days[Math.floor(days.length / 2)] as string,
          `the feed spans ${days.length} event day(s), 3 are needed`,
        ),
        'scheduler events on three distinct days',
      );
      const start = `${day}T00:00:00Z`;
      const end = `${addDays(day, 1)}T00:00:00Z`;
      const { data } = await api.call('listSchedulerEvents', { query: { HallId: facts.hallId, start, end } });
      seeding.expectSome(data.length, `listSchedulerEvents ${start}..${end}, a day the wider feed has events on`);
      // Event times are local (Europe/London), the window is UTC: allow the zone's offset of up to an hour.
      const hour = 3_600_000;
      const utc = (iso: string) => Date.parse(/Z|[+-]\d{2}:\d{2}$/.test(iso) ? iso : `${iso}Z`);
      const outside = data.filter((e) => !(utc(e.start) < utc(end) + hour && utc(e.end) > utc(start) - hour));
      expect(
        outside.map((e) => `${eventId(e)} ${e.start}..${e.end}`),
        `events outside ${start}..${end}`,
      ).toEqual([]);
    },
  );

  test(
    'listSchedulerEvents roomId=R returns only events of room R',
    {
      annotation: [
        doc('Scheduler, GET /api/Scheduler/GetBookings', 'roomId | int | no | 0 = all rooms'),
        notes('Scheduler', "A booking over several rooms comes back as one event per room, each in that room's colour"),
      ],
    },
    async ({ api, facts, seeding }) => {
      const rooms = seeding.factOrSkip(facts.rooms, 'bookable rooms');
      const window = schedulerWindow(facts);
      // One read per room, independent of each other: in flight together, up to the client's cap.
      const feeds = await Promise.all(
        rooms.map(async (room) => {
          const { data } = await api.call('listSchedulerEvents', { query: { HallId: facts.hallId, ...window, roomId: room.id } });
          return { room, data };
        }),
      );
      let seen = 0;
      for (const { room, data } of feeds) {
        seen += data.length;
        const others = data.filter((e) => !e.RoomsUsed.includes(room.name));
        expect(
          others.map((e) => `${eventId(e)} "${e.RoomsUsed}"`),
          `roomId=${room.id} (${room.name}): events whose RoomsUsed does not name the room`,
        ).toEqual([]);
        // Interface doc: colour "identifies the room"; live notes: one event per room, each in that room's colour.
        expect(
          [...new Set(data.map((e) => e.color.toLowerCase()))].length,
          `roomId=${room.id} (${room.name}): colours`,
        ).toBeLessThanOrEqual(1);
      }
      seeding.expectSome(seen, `listSchedulerEvents roomId=… over ${window.start}..${window.end}, ${rooms.length} bookable room(s)`);
    },
  );

  test(
    'listSchedulerEvents event ids are bookings of the grid or children of its recurring parents',
    { annotation: [EVENT_FIELDS, HALL_SCOPED] },
    async ({ api, facts }) => {
      const [all, { data }] = await Promise.all([
        grid(api, facts, { statusType: 'All', timerange: 5 }),
        api.call('listSchedulerEvents', { query: { HallId: facts.hallId, ...schedulerWindow(facts) } }),
      ]);
      test.skip(!all.complete, 'the grid answered one page of several (Total > Data): its ids are not all bookings');
      const known = new Set(idsOf(all.items));
      const children = await Promise.all(
        all.items
          .filter((b) => b.IsRecurring)
          .map(async (parent) => itemsOf((await api.call('listChildBookings', { query: { id: parent.BookingId } })).data)),
      );
      for (const child of children.flat()) known.add(child.BookingId);
      if (!data.length) vacuous('the scheduler window holds no event');
      expect(
        data.filter((e) => !known.has(eventId(e))).map((e) => `${eventId(e)} "${e.title}" ${e.start}`),
        'event ids that are no booking of the grid',
      ).toEqual([]);
    },
  );
});

test.describe('scheduler titles', () => {
  /** Grid bookings by id, and the feed over the discovered window (plain or in customer view). */
  async function feedAndGrid(api: HbClient, facts: Facts, seeding: Seeding, custView: boolean) {
    seeding.factOrSkip(facts.span, 'span of grid bookings (the scheduler window)');
    const [all, { data }] = await Promise.all([
      grid(api, facts, { statusType: 'All', timerange: 5 }),
      api.call('listSchedulerEvents', {
        query: { HallId: facts.hallId, ...schedulerWindow(facts), ...(custView ? { custView: 'true' } : {}) },
      }),
    ]);
    const byId = new Map(all.items.map((b) => [b.BookingId, b]));
    return {
      events: data.flatMap((e) => (byId.has(eventId(e)) ? [{ event: e, booking: byId.get(eventId(e)) as Booking }] : [])),
      total: data.length,
    };
  }

  test('listSchedulerEvents titles are the booking names of the grid', { annotation: [EVENT_FIELDS] }, async ({ api, facts, seeding }) => {
    const { events, total } = await feedAndGrid(api, facts, seeding, false);
    if (!events.length) vacuous(`none of the window's ${total} event(s) is a booking of the grid`);
    expect(
      events
        .filter(({ event, booking }) => event.title !== booking.BookingName)
        .map(({ event, booking }) => `${eventId(event)} "${event.title}" ≠ "${booking.BookingName}"`),
      "event titles that are not the booking's name",
    ).toEqual([]);
  });

  test(
    'listSchedulerEvents custView=true masks the titles of requested bookings',
    {
      annotation: [
        doc('Scheduler, GET /api/Scheduler/GetBookings', 'custView | string | no | `true` selects customer view mode'),
        notes('Scheduler', '`custView=true` masks titles (for example `Provisional Booking` for requested bookings, `Private Booking`)'),
      ],
    },
    async ({ api, facts, seeding }) => {
      const { events, total } = await feedAndGrid(api, facts, seeding, true);
      const requested = events.filter(({ booking }) => booking.Status === 'Requested');
      seeding.expectSome(requested.length, `the window's ${total} event(s): requested bookings, whose masking could show`);
      expect(
        requested
          .filter(({ event, booking }) => event.title === booking.BookingName)
          .map(({ event }) => `${eventId(event)} "${event.title}"`),
        'requested bookings whose name the customer view shows',
      ).toEqual([]);
    },
  );
});

test.describe('customers', () => {
  test(
    'listCustomersForHall customer=true is within the unrestricted list and within listAllCustomers',
    {
      annotation: [
        doc('Customers, GET /api/customers/getforhall', 'customer | string | no | `true` restricts to customers'),
        doc('Customers, GET /api/Customers/GetAllCustomer', 'all customers across all halls'),
        openPoint('hallCustomers'),
      ],
    },
    async ({ api, facts, target }) => {
      const key = (c: { UserId: string }) => c.UserId.toLowerCase();
      const show = (c: Parameters<typeof customerName>[0]) => `${c.UserId} ${customerName(c)}`;
      const [{ data: customers }, { data: everyone }, { data: allHalls }] = await Promise.all([
        api.call('listCustomersForHall', { query: { id: facts.hallId, customer: 'true', includeDeleted: 'false' } }),
        api.call('listCustomersForHall', { query: { id: facts.hallId, includeDeleted: 'false' } }),
        api.call('listAllCustomers'),
      ]);
      if (!customers.length) vacuous('the hall has no customer');
      const unrestricted = new Set(everyone.map(key));
      const across = new Set(allHalls.map(key));
      expect(
        customers.filter((c) => !unrestricted.has(key(c))).map(show),
        'customer=true lists people the unrestricted list lacks',
      ).toEqual([]);
      expect(customers.filter((c) => !across.has(key(c))).map(show), 'customers of the hall missing from GetAllCustomer').toEqual([]);
      const restricted = new Set(customers.map(key));
      const others = everyone.filter((c) => !restricted.has(key(c)));
      await recordReading(
        'hallCustomers',
        others.length ? ['with-staff'] : ['with-staff', 'customers-only'],
        others.length
          ? `${others.length} of ${everyone.length} listed without customer=true are no customers`
          : `both lists hold the same ${everyone.length}`,
        target.baseUrl,
      );
    },
  );
});

test.describe('availability', () => {
  test(
    'checkAvailability answers a slot a confirmed booking holds unlike a free slot',
    {
      annotation: [
        doc('What the service does', 'JSON endpoints … checking availability'),
        doc('Bookings, POST /api/Bookings/CheckAvailability', 'Rooms | array of int (room ids); StartDateTime; EndDateTime; HallId'),
      ],
    },
    async ({ api, facts, seeding }) => {
      // The body is not shown, so no field is read: whatever it says, a held slot and a free one
      // of the same rooms cannot both be answered alike by a server that checks bookings.
      const rooms = seeding.factOrSkip(facts.rooms, 'bookable rooms');
      const today = serviceToday();
      const roomsOf = (b: Booking) => rooms.filter((r) => b.RoomsUsed.includes(r.name)).map((r) => r.id);
      // Not a booking of a suite run: a parallel test may delete its own before the question is asked.
      const confirmed = (await grid(api, facts, { statusType: 'Confirmed', timerange: 5 })).items.filter(
        (b) => !b.IsRecurring && !MARKER.test(b.BookingName) && roomsOf(b).length,
      );
      const future = confirmed.find((b) => b.StartDateTime.slice(0, 10) > today);
      const held = seeding.factOrSkip(
        factIf(!!future, () => future!, 'no future confirmed booking names a bookable room in RoomsUsed'),
        'future confirmed booking of a bookable room',
      );
      // Free slots: the same hours on the nearest later days the grid shows empty, within the
      // hall's horizon and hours as far as the held booking is; two, so that an answer which
      // merely echoes the question shows (the two free answers then differ) and is noted.
      // Two days read at a time (independent reads), kept in day order: the same two days as one by one.
      const freeDays: string[] = [];
      for (let d = 1; d <= 21 && freeDays.length < 2; d += 2) {
        const days = [d, d + 1].filter((x) => x <= 21).map((x) => addDays(held.StartDateTime, x));
        const busy = await Promise.all(days.map((day) => gridBookings(api, facts.hallId, day, day, 'NotCancelled')));
        days.forEach((day, i) => {
          if (!busy[i]?.length && freeDays.length < 2) freeDays.push(day);
        });
      }
      expect(freeDays, `two days without bookings within three weeks after ${label(held)}`).toHaveLength(2);
      const ask = (day: string | null) =>
        api.call('checkAvailability', {
          body: {
            Rooms: roomsOf(held),
            HallId: facts.hallId,
            StartDateTime: day ? `${day}${held.StartDateTime.slice(10, 19)}` : held.StartDateTime.slice(0, 19),
            EndDateTime: day
              ? `${addDays(day, daysBetween(held.StartDateTime, held.EndDateTime))}${held.EndDateTime.slice(10, 19)}`
              : held.EndDateTime.slice(0, 19),
          },
        });
      const [onHeld, onFree, onControl] = await Promise.all([ask(null), ask(freeDays[0] as string), ask(freeDays[1] as string)]);
      const show = (x: { json: unknown }) => JSON.stringify(x.json).slice(0, 200);
      test.info().annotations.push({
        type: 'observed',
        description: `held ${label(held)} → ${show(onHeld)}; free ${freeDays.join(', ')} → ${show(onFree)}, ${show(onControl)}`,
      });
      if (JSON.stringify(onFree.json) !== JSON.stringify(onControl.json)) {
        vacuous('two free slots were answered differently (the answer carries the question): held and free cannot be compared');
        return;
      }
      expect(
        JSON.stringify(onHeld.json),
        `checkAvailability for ${label(held)}'s own slot and rooms answers as for the free days ${freeDays.join(', ')}`,
      ).not.toBe(JSON.stringify(onFree.json));
    },
  );
});

test.describe('rooms', () => {
  test(
    'listRoomsForBooking rooms are rooms of the hall grid',
    {
      annotation: [
        doc(
          'Rooms (GET)',
          '/api/Rooms/GetForHallForBooking … Array of Room; rooms available for booking; /api/rooms/GetForHallGrid … Array of Room, ' +
            'same format; admin grid view',
        ),
      ],
    },
    async ({ api, facts }) => {
      // Interface doc: both answer "Array of Room, same format"; rooms available for booking are rooms of the hall.
      const [{ data: bookable }, { data: gridRooms }] = await Promise.all([
        api.call('listRoomsForBooking', { query: { hallid: facts.hallId } }),
        api.call('listRoomsForGrid', { query: { id: facts.hallId } }),
      ]);
      const ids = new Set(gridRooms.map(roomId));
      expect(
        bookable.filter((r) => !ids.has(roomId(r))).map((r) => `${roomId(r)} ${r.Name}`),
        'bookable rooms missing from GetForHallGrid',
      ).toEqual([]);
    },
  );
});
