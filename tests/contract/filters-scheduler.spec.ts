// Meaning, not only shape: the scheduler feed keeps to its window and room, its events are
// bookings of the grid, and its titles are their names (masked in customer view).
import { eventId, itemsOf, type Booking } from '../../contracts/index.js';
import { schedulerWindow } from '../../client/contract-arguments.js';
import type { Facts } from '../../client/discovery.js';
import type { HbClient } from '../../client/client.js';
import { expect, test } from '../../fixtures/index.js';
import { vacuous } from '../../fixtures/readings.js';
import { factIf, type Seeding } from '../../fixtures/seeding.js';
import { addDays, slashDate } from '../../contracts/service-time.js';
import { doc, notes } from '../../coverage/sources.js';
import { grid, HALL_SCOPED, idsOf, type Grid } from './grid.js';

/**
 * The grid bookings that start within the scheduler window (a day before it too): the bookings its events
 * show, read by start day, so a hall with years of bookings costs the window's bookings only.
 */
function windowGrid(api: HbClient, facts: Facts, window: { start: string; end: string }): Promise<Grid> {
  return grid(api, facts, {
    statusType: 'All',
    timerange: 5,
    startDateFrom: slashDate(addDays(window.start.slice(0, 10), -1)),
    startDateTo: slashDate(window.end.slice(0, 10)),
  });
}

const EVENT_FIELDS = doc('Calendar event (scheduler)', 'id | int | Booking id; title | string | Booking name; color … identifies the room');

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
    async ({ api, facts, hallGrid }) => {
      const window = schedulerWindow(facts);
      // The whole grid (the worker's snapshot while it names every event) and the window's bookings read
      // afresh, so a booking made since the snapshot is known too.
      const { answer } = await hallGrid.compared(
        async (all) => {
          test.skip(!all.complete, 'the grid answered one page of several (Total > Data): its ids are not all bookings');
          const [near, { data }] = await Promise.all([
            windowGrid(api, facts, window),
            api.call('listSchedulerEvents', { query: { HallId: facts.hallId, ...window } }),
          ]);
          const known = new Set([...idsOf(all.items), ...idsOf(near.items)]);
          // Children are read only while an event is no booking of the grid: a few series at a time, the latest
          // first, so a hall with years of series costs no call per series when the grid names every event.
          const parents = all.items.filter((b) => b.IsRecurring).sort((a, b) => b.StartDateTime.localeCompare(a.StartDateTime));
          for (let i = 0; i < parents.length && data.some((e) => !known.has(eventId(e))); i += 3) {
            const children = await Promise.all(
              parents
                .slice(i, i + 3)
                .map(async (parent) => itemsOf((await api.call('listChildBookings', { query: { id: parent.BookingId } })).data)),
            );
            for (const child of children.flat()) known.add(child.BookingId);
          }
          return {
            events: data.length,
            unknown: data.filter((e) => !known.has(eventId(e))).map((e) => `${eventId(e)} "${e.title}" ${e.start}`),
          };
        },
        (_, { unknown }) => !unknown.length,
      );
      if (!answer.events) vacuous('the scheduler window holds no event');
      expect(answer.unknown, 'event ids that are no booking of the grid').toEqual([]);
    },
  );
});

test.describe('scheduler titles', () => {
  /** The window's grid bookings by id, and the feed over the discovered window (plain or in customer view). */
  async function feedAndGrid(api: HbClient, facts: Facts, seeding: Seeding, custView: boolean) {
    seeding.factOrSkip(facts.span, 'span of grid bookings (the scheduler window)');
    const window = schedulerWindow(facts);
    const [all, { data }] = await Promise.all([
      windowGrid(api, facts, window),
      api.call('listSchedulerEvents', { query: { HallId: facts.hallId, ...window, ...(custView ? { custView: 'true' } : {}) } }),
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
