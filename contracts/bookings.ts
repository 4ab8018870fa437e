// Booking resources and request shapes (interface doc: "Booking (grid item)",
// "States and transitions", "Endpoints / Bookings").
import { z } from 'zod';
import { Guid, IsoDateTime, IsoLocalDateTime, QueryInt, SlashDate, TimeRange, listOf } from './common.js';

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

export const HallIdQuery = z.object({ id: QueryInt.meta({ description: 'Hall id' }) });
export const HallIdTimeRangeQuery = z.object({ id: QueryInt, timerange: TimeRange.optional() });
export const LowerHallIdQuery = z.object({ hallid: QueryInt.meta({ description: 'Hall id' }) });
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
