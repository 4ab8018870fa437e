// Mutants of the bookings area: grid items' types and presence, the grid's filters and hall scoping,
// availability, and writes acknowledged but not stored (interface doc, "Booking (grid item)", "Bookings").
import { Booking, BookingGridQuery, listItems, withItems, pages, endpoints as E } from '../contracts/index.js';
import { bookingItem } from './handlers/present.js';
import { isItem, onItems, set, without, isAt, withQuery, dropParam, notStored, type ParamOf, type Mutant } from './mutant-kit.js';

const BOOKING_LISTS = ['listBookingsForHallGrid', 'listChildBookings'] as const;

/** Ignores a query parameter of the grid endpoint, as if the server never read it. */
const gridIgnores =
  (param: ParamOf<typeof BookingGridQuery>): Mutant['intercept'] =>
  (request, next) =>
    next(isAt(request, E.listBookingsForHallGrid) ? withQuery(request, (p) => dropParam(p, param)) : request);

/** A grid item as the mock presents it, its extra `HallId` included (handlers/present.ts). */
type GridItem = { [K in keyof ReturnType<typeof bookingItem>]?: unknown };

export const bookingMutants = [
  // Booking (grid item): types and presence, interface doc "Booking (grid item)".
  {
    id: 'booking-id-as-string',
    area: 'bookings',
    breaks: 'Booking.BookingId is an int',
    json: onItems(Booking, BOOKING_LISTS, (b) => set(b, 'BookingId', String(b.BookingId))),
  },
  {
    id: 'booking-start-not-iso',
    area: 'bookings',
    breaks: 'Booking.StartDateTime is ISO 8601 (YYYY-MM-DDTHH:MM:SS)',
    json: onItems(Booking, BOOKING_LISTS, (b) => {
      const s = String(b.StartDateTime);
      return set(b, 'StartDateTime', `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}`);
    }),
  },
  {
    id: 'booking-customer-id-missing',
    area: 'bookings',
    breaks: 'Booking.CustomerId is present (GUID of the customer)',
    json: onItems(Booking, BOOKING_LISTS, (b) => without(b, 'CustomerId')),
  },
  {
    id: 'booking-is-recurring-as-string',
    area: 'bookings',
    breaks: 'Booking.IsRecurring is a boolean',
    json: onItems(Booking, BOOKING_LISTS, (b) => set(b, 'IsRecurring', b.IsRecurring ? 'True' : 'False')),
  },
  {
    id: 'booking-status-off-list',
    area: 'bookings',
    breaks: 'Booking.Status is one of Requested, Confirmed, Cancelled ("States and transitions")',
    json: onItems(Booking, BOOKING_LISTS, (b) => (b.Status === 'Confirmed' ? set(b, 'Status', 'Approved') : b)),
  },
  {
    id: 'grid-wrapper-renamed',
    area: 'bookings',
    breaks: 'the grid answers a bare array or {Data: [...]}, not {Items: [...]}',
    json: (id, data) => (id === 'listBookingsForHallGrid' ? { Items: listItems(data) ?? [], Total: listItems(data)?.length ?? 0 } : data),
  },
  {
    id: 'child-bookings-empty',
    area: 'bookings',
    breaks: 'getforparentgrid returns the child bookings of a recurring parent',
    json: (id, data) => (id === 'listChildBookings' ? withItems(data, []) : data),
  },
  // Filters, interface doc "Bookings" and "Scheduler" query tables.
  { id: 'grid-ignores-status-type', area: 'bookings', breaks: 'statusType filters the grid', intercept: gridIgnores('statusType') },
  { id: 'grid-ignores-timerange', area: 'bookings', breaks: 'timerange filters the grid', intercept: gridIgnores('timerange') },
  { id: 'grid-ignores-year', area: 'bookings', breaks: 'year filters the grid', intercept: gridIgnores('year') },
  {
    id: 'grid-ignores-start-date-from',
    area: 'bookings',
    breaks: 'startDateFrom bounds the grid below',
    intercept: gridIgnores('startDateFrom'),
  },
  {
    id: 'grid-ignores-start-date-to',
    area: 'bookings',
    breaks: 'startDateTo bounds the grid above',
    intercept: gridIgnores('startDateTo'),
  },
  // Hall scoping: "Most reads are scoped to one hall".
  {
    id: 'grid-ignores-hall',
    area: 'bookings',
    breaks: 'the grid lists the bookings of the hall asked for only',
    json: (id, data, mock) => {
      if (id !== 'listBookingsForHallGrid') return data;
      const items = listItems(data) ?? [];
      const shown = new Set(items.map((b) => (isItem(b) ? b.BookingId : undefined)));
      const others = mock.state.bookings.filter((b) => b.parentId === null && !shown.has(b.id)).map((b) => bookingItem(mock, b));
      return withItems(data, [...items, ...others]);
    },
  },
  {
    // Regressions a staging-like server showed: the grid items there carry no
    // HallId, so only what the document names (RoomsUsed, rooms of the hall) can show it.
    id: 'grid-includes-other-hall',
    area: 'bookings',
    breaks: 'the grid lists the bookings of the hall asked for only, seen through RoomsUsed (grid items without HallId)',
    intercept: async (request, next, mock) => {
      const own = await next(request);
      const other = mock.state.halls.find((h) => h.id !== mock.hallId);
      if (!isAt(request, E.listBookingsForHallGrid) || own?.status !== 200 || !other) return own;
      const theirs = await next(
        withQuery(request, (p) => {
          dropParam(p, 'id');
          p.set('id', String(other.id));
        }),
      );
      const data: unknown = await own.json();
      const items = [...(listItems(data) ?? []), ...(listItems(await theirs?.json()) ?? [])].map((b) =>
        isItem(b) ? without<GridItem>({ ...b }, 'HallId') : b,
      );
      return Response.json(withItems(data, items));
    },
  },
  {
    id: 'availability-ignores-bookings',
    area: 'bookings',
    breaks: 'CheckAvailability tells a slot an existing booking holds from a free one',
    json: (id, data) => (id === 'checkAvailability' ? { IsAvailable: true, ConflictingBookingIds: [] } : data),
  },
  // Writes acknowledged but not stored.
  {
    id: 'create-not-stored',
    area: 'bookings',
    breaks: 'a created booking appears in the grid (live notes: find it by name and start)',
    intercept: notStored((r) => r.method === 'POST' && isAt(r, pages.submitCreateBookingForm)),
  },
  {
    id: 'edit-not-stored',
    area: 'bookings',
    breaks: 'an edit post changes the booking',
    intercept: notStored((r) => r.method === 'POST' && isAt(r, pages.submitEditBookingForm)),
  },
  {
    id: 'delete-not-stored',
    area: 'bookings',
    breaks: 'a deleted booking leaves the not-cancelled grid (live notes)',
    intercept: notStored((r) => isAt(r, pages.deleteBooking)),
  },
  {
    id: 'request-changes-not-stored',
    area: 'bookings',
    breaks: 'requesting changes makes HasPendingBookingChanges and the HasPending filter report them (live notes)',
    intercept: notStored((r) => isAt(r, pages.requestBookingChanges)),
  },
  {
    id: 'pending-changes-not-reported',
    area: 'bookings',
    breaks: 'HasPendingBookingChanges reflects a pending change (live notes)',
    json: (id, data) => (id === 'hasPendingBookingChanges' ? false : data),
  },
] as const satisfies readonly Mutant[];
