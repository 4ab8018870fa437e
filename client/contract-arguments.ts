// Valid arguments for every JSON endpoint of the registry that takes a query or a body, built from
// discovered facts: one table keyed by endpoint id, type-checked so such an entry cannot lack one
// and an entry without arguments cannot have one.
import type { EndpointId } from '../contracts/index.js';
import { need, type Facts } from './discovery.js';
import type { CallArgs } from './client.js';
import { addDays, serviceToday } from '../contracts/service-time.js';

/** The scheduler window's greatest length: a busy hall's feed over all its years would grow with its bookings. */
const SCHEDULER_WINDOW_DAYS = 182;

/**
 * Scheduler window (interface doc: `start` with a UTC designator): the grid bookings' days within a
 * quarter of a year either side of today, at most SCHEDULER_WINDOW_DAYS; when the bookings lie all
 * before or after that, the last SCHEDULER_WINDOW_DAYS of them.
 */
export function schedulerWindow(f: Facts): { start: string; end: string } {
  const span = need(f.span, 'span of grid bookings');
  const [from, to] = [span.from.slice(0, 10), addDays(span.to, 1)];
  const later = (a: string, b: string) => (a > b ? a : b);
  const earlier = (a: string, b: string) => (a < b ? a : b);
  let start = later(from, addDays(serviceToday(), -SCHEDULER_WINDOW_DAYS / 2));
  let end = earlier(to, addDays(start, SCHEDULER_WINDOW_DAYS));
  if (start >= end) [start, end] = [later(from, addDays(to, -SCHEDULER_WINDOW_DAYS)), to];
  return { start: `${start}T00:00:00Z`, end: `${end}T00:00:00Z` };
}

/** CheckAvailability body: the first bookable room over a discovered booking's window. */
function availability(f: Facts) {
  const booking = need(f.booking, 'booking');
  const [room] = need(f.rooms, 'bookable room');
  return { Rooms: [room!.id], StartDateTime: booking.start, EndDateTime: booking.end, HallId: f.hallId };
}

/** The endpoints that take a query or a body: those whose `CallArgs` an empty object does not satisfy. */
type WithArguments = { [Id in EndpointId]: Record<never, never> extends CallArgs<Id> ? never : Id }[EndpointId];
type ArgumentTable = { [Id in WithArguments]: (f: Facts) => CallArgs<Id> };

/** Arguments per endpoint that takes some; a missing fact throws `MissingFact` naming it. */
export const contractArguments: ArgumentTable = {
  listBookingsForHallGrid: (f) => ({ query: { id: f.hallId } }),
  getBookingCountsForHall: (f) => ({ query: { id: f.hallId, timerange: 5 } }),
  getBookingTimeRangeCountsForHall: (f) => ({ query: { id: f.hallId } }),
  getRequestedBookingsCount: (f) => ({ query: { hallid: f.hallId } }),
  hasPendingBookingChanges: (f) => ({ query: { hallid: f.hallId } }),
  listChildBookings: (f) => ({ query: { id: need(f.recurringParent, 'recurring parent (IsRecurring true)') } }),
  checkAvailability: (f) => ({ body: availability(f) }),
  getCostOfBooking: (f) => ({ body: { ...availability(f), PriceRateId: need(f.priceRateId, 'price rate') } }),
  // Interface doc: PreviewEmailContent's request body is not shown; the booking it previews is the one plain guess.
  previewEmailContent: (f) => ({ body: { BookingId: need(f.booking, 'booking').id, HallId: f.hallId } }),
  listCustomersForHall: (f) => ({ query: { id: f.hallId } }),
  getCustomerDetails: (f) => ({ query: { hallid: f.hallId } }),
  getCustomerNotes: (f) => ({ query: { hallid: f.hallId, customerid: need(f.customerId, 'customer GUID') } }),
  getExistingAddresses: (f) => ({ query: { uid: need(f.customerId, 'customer GUID') } }),
  getUnverifiedUsersCount: (f) => ({ query: { hallid: f.hallId } }),
  getNewCustomersCount: (f) => ({ query: { hallid: f.hallId } }),
  blockUser: (f) => ({ body: { CustomerId: need(f.testCustomerId, 'test customer'), HallId: f.hallId } }),
  listActivityTypes: (f) => ({ query: { id: f.hallId } }),
  listPriceRates: (f) => ({ query: { id: f.hallId } }),
  getChargeMatrixRooms: (f) => ({ query: { id: f.hallId } }),
  getChargeMatrixPriceRates: (f) => ({
    query: { id: f.hallId, dateRangeId: need(f.dateRangeId, 'charge-matrix date range id'), newDateRange: 'false' },
  }),
  getTaxRates: (f) => ({ query: { id: f.hallId } }),
  listLineItemGroups: (f) => ({ query: { id: f.hallId } }),
  listLineItems: (f) => ({ query: { id: need(f.lineItemGroupId, 'line item group id') } }),
  listReports: (f) => ({ query: { hallid: f.hallId } }),
  listAudits: (f) => ({ query: { id: f.hallId, timerange: 5 } }),
  getInvoiceCounter: (f) => ({ query: { hallid: f.hallId } }),
  hasOutstandingInvoice: (f) => ({ query: { hallid: f.hallId } }),
  generateAccessPin: (f) => ({ query: { hallid: f.hallId } }),
  listRoomsForBooking: (f) => ({ query: { hallid: f.hallId } }),
  listRoomsForGrid: (f) => ({ query: { id: f.hallId } }),
  listSchedulerEvents: (f) => ({ query: { HallId: f.hallId, ...schedulerWindow(f) } }),
};

/** An endpoint's arguments: from the table, or none for an endpoint that takes neither query nor body. */
export function argumentsFor<Id extends EndpointId>(id: Id, f: Facts): CallArgs<Id> {
  const make = (contractArguments as Partial<Record<EndpointId, (f: Facts) => unknown>>)[id];
  return (make ? make(f) : {}) as CallArgs<Id>;
}
