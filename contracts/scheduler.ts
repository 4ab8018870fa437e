// Scheduler resources, endpoints and pages (interface doc: "Calendar event", "Room colour mapping", "Scheduler").
import { z } from 'zod';
import { BoolString, HexColour, IsoDateTime, QueryInt, aliasedObject, unspecified } from './common.js';
import { jsonOf, keyed, pageOf, type JsonEndpoint, type PageRoute } from './entries.js';

/** Calendar event; the doc shows `id`, the live feed sends `Id` (live notes): either is accepted. */
export const CalendarEvent = aliasedObject(
  'CalendarEvent',
  {
    title: z.string(),
    start: IsoDateTime,
    end: IsoDateTime,
    color: HexColour,
    allDay: z.boolean(),
    RoomsUsed: z.string(),
  },
  { id: z.number().int(), Id: z.number().int() },
  [['id', 'Id']],
);
export type CalendarEvent = z.infer<typeof CalendarEvent>;
export const CalendarEventList = z.array(CalendarEvent).meta({ id: 'CalendarEventList' });

/** The event's booking id, whichever spelling the target uses. */
export const eventId = (e: CalendarEvent): number => (e.id ?? e.Id) as number;

export const SchedulerQuery = z.object({
  HallId: QueryInt,
  start: IsoDateTime.meta({ description: 'ISO 8601 with UTC designator, e.g. YYYY-MM-DDT00:00:00Z' }),
  end: IsoDateTime,
  roomId: QueryInt.optional().meta({ description: '0 = all rooms' }),
  groupRooms: BoolString.optional(),
  custView: BoolString.optional(),
});
export type SchedulerQuery = z.input<typeof SchedulerQuery>;

/**
 * The scheduler routes public clients read without logging in (live notes, "Public clients read
 * `/Scheduler/View/{hall}`, `/api/Scheduler/GetBookings` and `/Scheduler/ViewBooking/{id}` without
 * logging in"): the document says they need a session, so the suite records what a server does there
 * rather than fail, and the mock serves them without one unless told to be strict.
 */
export const PUBLIC_ON_LIVE: readonly string[] = ['schedulerPage', 'listSchedulerEvents', 'bookingPopup'];

/** Id of the room colour list on `/Scheduler/View/{hall_id}` (interface doc, "Room colour mapping"). */
export const ROOM_COLOUR_LIST_ID = 'RoomColorList';
/** Selector of the room colour list's items (interface doc). */
export const ROOM_COLOUR_SELECTOR = `#${ROOM_COLOUR_LIST_ID} .room-label`;

const json = jsonOf('scheduler');

/** The scheduler domain's JSON endpoints (interface doc, "Endpoints"). */
export const schedulerEndpoints = keyed({
  listSchedulerEvents: json({
    method: 'GET',
    path: '/api/Scheduler/GetBookings',
    summary: 'Calendar events in a window',
    query: SchedulerQuery,
    response: CalendarEventList,
    documented: true,
  }),
  checkSession: json({
    method: 'GET',
    path: '/api/Scheduler/HasJustLoggedIn',
    summary: 'Keepalive: 200 while the session is valid, a redirect once it is not',
    ...unspecified,
  }),
}) satisfies Record<string, JsonEndpoint>;

const page = pageOf('scheduler');

/** The scheduler domain's HTML pages and forms (interface doc, "Endpoints"). */
export const schedulerPages = keyed({
  schedulerPage: page({
    method: 'GET',
    path: '/Scheduler/View/{hall_id}',
    summary: 'Scheduler page with the room colour list',
  }),
  bookingPopup: page({
    method: 'GET',
    path: '/Scheduler/ViewBooking/{booking_id}',
    summary: 'Quick booking popup (HTML fragment)',
  }),
}) satisfies Record<string, PageRoute>;
