// Booking resources, request shapes, endpoints and pages (interface doc: "Booking (grid item)",
// "States and transitions", "Endpoints / Bookings").
import { z } from 'zod';
import {
  Guid,
  HallIdQuery,
  HallIdTimeRangeQuery,
  IsoDateTime,
  IsoLocalDateTime,
  LowerHallIdQuery,
  QueryInt,
  SlashDate,
  TimeRange,
  unspecified,
} from './common.js';
import { jsonOf, keyed, pageOf, type JsonEndpoint, type PageRoute } from './entries.js';
import { listOf } from './list-shape.js';
import { TOKEN_FIELD } from './account.js';

/** Booking statuses (interface doc, "States and transitions"). */
export const BookingStatus = z.enum(['Requested', 'Confirmed', 'Cancelled']).meta({ id: 'BookingStatus' });
export type BookingStatus = z.infer<typeof BookingStatus>;

/** Values of the `statusType` filter: the three statuses plus three filter-only values. */
export const StatusType = z.enum(['All', 'Requested', 'Confirmed', 'Cancelled', 'NotCancelled', 'HasPending']).meta({ id: 'StatusType' });
export type StatusType = z.infer<typeof StatusType>;

export const Booking = z
  .looseObject({
    BookingId: z.number().int(),
    BookingName: z.string(),
    StartDateTime: IsoLocalDateTime,
    EndDateTime: IsoLocalDateTime,
    Status: BookingStatus,
    CustomerName: z.string(),
    CustomerId: Guid,
    RoomsUsed: z.string(),
    ActivityType: z.string(),
    IsRecurring: z.boolean(),
  })
  .meta({ id: 'Booking', description: 'Booking (grid item)' });
export type Booking = z.infer<typeof Booking>;

/** The grid answer: a bare array or `{Data: [...]}` (often with `Total`). */
export const BookingList = listOf('BookingList', Booking);
export type BookingList = z.infer<typeof BookingList>;

export const BookingGridQuery = z.object({
  id: QueryInt.meta({ description: 'Hall id' }),
  statusType: StatusType.optional(),
  timerange: TimeRange.optional(),
  year: QueryInt.optional(),
  startDateFrom: SlashDate.optional(),
  startDateTo: SlashDate.optional(),
});
export type BookingGridQuery = z.input<typeof BookingGridQuery>;

export const ParentGridQuery = z.object({ id: QueryInt.meta({ description: 'Booking id of a recurring parent' }) });

/** Body of CheckAvailability (interface doc). */
export const AvailabilityBody = z
  .object({
    Rooms: z.array(z.number().int()),
    StartDateTime: IsoDateTime,
    EndDateTime: IsoDateTime,
    HallId: z.number().int(),
  })
  .meta({ id: 'AvailabilityBody' });
export type AvailabilityBody = z.infer<typeof AvailabilityBody>;

/** Body of GetCostOfBooking: CheckAvailability's fields plus `PriceRateId`. */
export const CostBody = AvailabilityBody.extend({ PriceRateId: z.number().int() }).meta({ id: 'CostBody' });
export type CostBody = z.infer<typeof CostBody>;

/** PreviewEmailContent's body is not shown in the interface document. */
export const PreviewEmailBody = z.looseObject({}).meta({ id: 'PreviewEmailBody', description: 'Body not shown' });

/** Required fields of the create / edit booking form (interface doc, "Create booking"). */
export const BOOKING_FORM_FIELDS = [
  'Name',
  'StartDate',
  'EndDate',
  'CustomerId',
  'ActivityTypeId',
  'PriceRateId',
  'BookingStatusId',
  '__RequestVerificationToken',
] as const;

export type BookingFormField = (typeof BOOKING_FORM_FIELDS)[number];

/** The collection the room fields bind to (interface doc, indexed binding). */
export const BOOKING_ROOM_COLLECTION = 'BookingRoom';
/** Indexed MVC binding for room selection; `i` is zero-based (interface doc). */
export const bookingRoomField = (i: number, part: 'RoomId' | 'Selected') => `${BOOKING_ROOM_COLLECTION}[${i}].${part}`;
export const BOOKING_ROOM_FIELD = new RegExp(`^${BOOKING_ROOM_COLLECTION}\\[(\\d+)\\]\\.(RoomId|Selected)$`);

const json = jsonOf('bookings');

/** The bookings domain's JSON endpoints (interface doc, "Endpoints"). */
export const bookingEndpoints = keyed({
  listBookingsForHallGrid: json({
    method: 'GET',
    path: '/api/bookings/GetForHallgrid',
    summary: 'Bookings of a hall, filtered',
    query: BookingGridQuery,
    response: BookingList,
    documented: true,
  }),
  getBookingCountsForHall: json({
    method: 'GET',
    path: '/api/Bookings/GetBookingCountsForHall',
    summary: 'Booking counts of a hall',
    query: HallIdTimeRangeQuery,
    ...unspecified,
  }),
  getBookingTimeRangeCountsForHall: json({
    method: 'GET',
    path: '/api/Bookings/GetBookingTimeRangeCountsForHall',
    summary: 'Booking counts per time range',
    query: HallIdQuery,
    ...unspecified,
  }),
  getRequestedBookingsCount: json({
    method: 'GET',
    path: '/api/Bookings/GetRequestedBookingsCount',
    summary: 'Number of requested bookings',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  hasPendingBookingChanges: json({
    method: 'GET',
    path: '/api/Bookings/HasPendingBookingChanges',
    summary: 'Whether the hall has bookings with pending changes',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  listChildBookings: json({
    method: 'GET',
    path: '/api/bookings/getforparentgrid',
    summary: 'Child bookings of a recurring parent',
    query: ParentGridQuery,
    response: BookingList,
    documented: true,
  }),
  checkAvailability: json({
    method: 'POST',
    path: '/api/Bookings/CheckAvailability',
    summary: 'Whether rooms are free in a window',
    body: AvailabilityBody,
    ...unspecified,
  }),
  getCostOfBooking: json({
    method: 'POST',
    path: '/api/Bookings/GetCostOfBooking',
    summary: 'Cost of a prospective booking',
    body: CostBody,
    ...unspecified,
  }),
  previewEmailContent: json({
    method: 'POST',
    path: '/api/Bookings/PreviewEmailContent',
    summary: 'Preview of a booking e-mail',
    body: PreviewEmailBody,
    writes: true,
    ...unspecified,
  }),
}) satisfies Record<string, JsonEndpoint>;

const page = pageOf('bookings');

/** The bookings domain's HTML pages and forms (interface doc, "Endpoints"). */
export const bookingPages = keyed({
  bookingsIndexPage: page({
    method: 'GET',
    path: '/Admin/Bookings/Index/{hall_id}',
    summary: 'Bookings admin page (carries a fresh token)',
    formFields: [TOKEN_FIELD],
  }),
  createBookingPage: page({
    method: 'GET',
    path: '/Admin/Bookings/Create',
    summary: 'Create-booking form',
    formFields: BOOKING_FORM_FIELDS,
  }),
  submitCreateBookingForm: page({
    method: 'POST',
    path: '/Admin/Bookings/Create',
    summary: 'Create a booking',
    formFields: BOOKING_FORM_FIELDS,
  }),
  editBookingPage: page({
    method: 'GET',
    path: '/Admin/Bookings/Edit/{booking_id}',
    summary: 'Edit-booking form, pre-filled',
    formFields: BOOKING_FORM_FIELDS,
  }),
  submitEditBookingForm: page({
    method: 'POST',
    path: '/Admin/Bookings/Edit/{booking_id}',
    summary: 'Save changes to a booking',
    formFields: BOOKING_FORM_FIELDS,
  }),
  viewBookingPage: page({
    method: 'GET',
    path: '/Admin/Bookings/View/{booking_id}',
    summary: 'Read-only booking page',
  }),
  deleteBooking: page({
    method: 'GET',
    path: '/Admin/Bookings/Delete/{booking_id}',
    summary: 'Delete a booking',
    writes: true,
  }),
  requestBookingChanges: page({
    method: 'GET',
    path: '/Admin/Bookings/RequestChanges/{booking_id}',
    summary: 'Request changes to a booking',
    writes: true,
  }),
  confirmBookingChanges: page({
    method: 'GET',
    path: '/Admin/Bookings/ConfirmChanges/{booking_id}',
    summary: 'Confirm requested changes',
    writes: true,
  }),
}) satisfies Record<string, PageRoute>;
