// The scheduler page (interface doc, "Room colour mapping"; live notes, "Scheduler"):
// one colour label per room, colours parsed from the style, and every calendar event
// of a week in a room's colour and naming that room. Read-only.
import {
  addDays,
  CalendarEventList,
  endpoints,
  eventId,
  itemsOf,
  roomId,
  serviceToday,
  type CalendarEvent,
} from '../../contracts/index.js';
import { schedulerEvents } from '../../fixtures/bookings.js';
import { expect, test } from '../../fixtures/index.js';
import { BrowserSession } from '../../fixtures/pages/browser-session.js';
import { normaliseColour } from '../../client/colour.js';
import { SchedulerPage, type RoomLabel } from '../../fixtures/pages/scheduler-page.js';
import { recordReading } from '../../fixtures/readings.js';
import { doc, notes, openPoint } from '../../coverage/sources.js';

const FEED = `listSchedulerEvents (GET ${endpoints.listSchedulerEvents.path})`;

/** Monday of the service's current week. */
function thisMonday(): string {
  const today = serviceToday();
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, -((weekday + 6) % 7));
}

/** Each event's colour is a room label's colour, and one of the rooms with that colour is named in its RoomsUsed. */
function assertEventsMapToRooms(events: CalendarEvent[], labels: RoomLabel[], source: string): void {
  for (const e of events) {
    const colour = normaliseColour(e.color);
    const rooms = labels.filter((l) => l.colour !== null && l.colour === colour);
    const id = eventId(e);
    expect(
      rooms.map((r) => r.name),
      `${source}: event ${id} "${e.title}" colour ${e.color} is no room's colour on the scheduler page ` +
        `(${labels.map((l) => `${l.name} ${l.colour}`).join(', ')})`,
    ).not.toHaveLength(0);
    expect(
      rooms.some((r) => e.RoomsUsed.toLowerCase().includes(r.name.toLowerCase())),
      `${source}: event ${id} colour ${e.color} belongs to ${rooms.map((r) => `"${r.name}"`).join(' or ')}, but RoomsUsed is ` +
        `"${e.RoomsUsed}"`,
    ).toBe(true);
  }
}

const ROOM_COLOURS = doc(
  'Room colour mapping',
  "Elements matching the selector `#RoomColorList .room-label` carry the room's background colour and its name as text content",
);
const EVENT_COLOUR = doc(
  'Calendar event (scheduler)',
  'color | string | Hex colour such as `#rrggbb`; identifies the room in the scheduler view',
);
const PER_ROOM = notes('Scheduler', "A booking over several rooms comes back as one event per room, each in that room's colour");

test.describe('scheduler page', () => {
  test(
    'schedulerPage has exactly one #RoomColorList .room-label per room of the hall, each with a readable colour',
    {
      annotation: [
        ROOM_COLOURS,
        notes(
          'Scheduler',
          'Parse the colour from the style robustly (spacing, `!important`, `rgb()`), and compare colours case-insensitively',
        ),
        openPoint('roomLabels'),
      ],
    },
    async ({ page, api, target }) => {
      const scheduler = new SchedulerPage(page, new BrowserSession(page.context(), target));
      // The page and the two room lists are independent reads: in flight together.
      const [status, { data: grid }, { data: bookable }] = await Promise.all([
        scheduler.open(target.hallId),
        api.call('listRoomsForGrid', { query: { id: target.hallId } }),
        api.call('listRoomsForBooking', { query: { hallid: target.hallId } }),
      ]);
      expect(status, `GET /Scheduler/View/${target.hallId}`).toBe(200);
      const labels = await scheduler.roomColours();
      const rooms = new Map([...itemsOf(grid), ...itemsOf(bookable)].map((r) => [roomId(r), r.Name]));
      expect(rooms.size, 'rooms of the hall (listRoomsForGrid ∪ listRoomsForBooking)').toBeGreaterThan(0);
      for (const [id, name] of rooms) {
        const byId = labels.filter((l) => l.roomId === id);
        const matches = byId.length ? byId : labels.filter((l) => l.name.toLowerCase() === name.trim().toLowerCase());
        expect(
          matches,
          `#RoomColorList .room-label for room ${id} "${name}" (labels: ${labels.map((l) => `"${l.name}"`).join(', ')})`,
        ).toHaveLength(1);
        expect(matches[0]?.name.toLowerCase(), `label text of room ${id}`).toBe(name.trim().toLowerCase());
      }
      for (const l of labels) expect(l.colour, `colour of label "${l.name}" from style "${l.style}"`).toMatch(/^#[0-9a-f]{6}$/);
      const clickable = await scheduler.clickableColourItems();
      const live = clickable.every((c) => c.isRoomLabel && /^background-color:#[0-9a-f]{6}!important;$/i.test(c.style ?? ''));
      await recordReading(
        'roomLabels',
        [live ? 'live' : 'varied'],
        `${clickable.length} onclick item(s) in #RoomColorList, ${clickable.filter((c) => c.isRoomLabel).length} of them ` +
          `.room-label; styles: ${[...new Set(clickable.map((c) => c.style ?? '(none)'))].slice(0, 3).join(' | ')}`,
        target.baseUrl,
      );
    },
  );

  test(
    'listSchedulerEvents events of a week each carry a room colour and name that room in RoomsUsed',
    { annotation: [ROOM_COLOURS, EVENT_COLOUR, PER_ROOM] },
    async ({ page, api, target, seeding }) => {
      const scheduler = new SchedulerPage(page, new BrowserSession(page.context(), target));
      // The current week, or the first of the next eight that has events (a quiet staging hall);
      // read while the page loads.
      let monday = thisMonday();
      let events: CalendarEvent[] = [];
      const feed = async () => {
        for (let week = 0; week < 8 && !events.length; week++, monday = addDays(monday, 7)) {
          events = await schedulerEvents(api, target.hallId, monday, addDays(monday, 7));
        }
      };
      await Promise.all([scheduler.open(target.hallId), feed()]);
      const labels = await scheduler.roomColours();
      expect(labels, '#RoomColorList .room-label on the scheduler page').not.toHaveLength(0);
      // The mock seeds bookings this week, so an empty feed there is a fault, not a quiet hall.
      seeding.expectSome(events.length, `${FEED}: events of hall ${target.hallId} in the eight weeks from ${thisMonday()}`);
      assertEventsMapToRooms(events, labels, `${FEED} week of ${addDays(monday, -7)}`);
    },
  );

  test(
    'schedulerPage loads its calendar from listSchedulerEvents, and every loaded event maps to a room colour',
    {
      annotation: [
        doc('Rooms (GET)', '`GET /Scheduler/View/{hall_id}` returns the scheduler HTML page, from which room colours are read'),
        EVENT_COLOUR,
      ],
    },
    async ({ page, target, seeding }) => {
      const scheduler = new SchedulerPage(page, new BrowserSession(page.context(), target));
      await scheduler.open(target.hallId);
      const loaded = await scheduler.loadedEvents();
      expect(loaded, `the scheduler page did not request ${endpoints.listSchedulerEvents.path}`).not.toBeNull();
      const parsed = CalendarEventList.safeParse(loaded!.body);
      expect(parsed.success, `${FEED} as the page loaded it (${loaded!.url}) breaks the contract`).toBe(true);
      const events = parsed.data ?? [];
      // The page picks its own range; the mock seeds bookings this week, a remote hall may have none in it.
      seeding.expectSome(events.length, `${FEED} loaded by the page (${loaded!.url})`);
      assertEventsMapToRooms(events, await scheduler.roomColours(), `${FEED} loaded by the page`);
    },
  );
});
