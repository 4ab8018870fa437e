// Records → wire items, in the spelling and list shape the server's options select
// (interface doc: aliases `FullName`, `PhoneNumber`, `Id`; lists bare or `{Data}`).
import { withItems } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import type { BookingRecord, CustomerRecord, RoomRecord } from '../state.js';

export const roomsUsed = (mock: MockContext, b: BookingRecord): string =>
  b.roomIds.map((id) => mock.state.rooms.find((r) => r.id === id)?.name ?? `Room ${id}`).join(', ');

export function bookingItem(mock: MockContext, b: BookingRecord) {
  const customer = mock.state.customers.find((c) => c.id === b.customerId);
  return {
    BookingId: b.id,
    BookingName: b.name,
    StartDateTime: b.start,
    EndDateTime: b.end,
    Status: b.status,
    CustomerName: customer?.name ?? '',
    CustomerId: b.customerId,
    RoomsUsed: roomsUsed(mock, b),
    ActivityType: mock.state.activityTypes.find((a) => a.id === b.activityTypeId)?.name ?? '',
    IsRecurring: b.isRecurring,
    HallId: b.hallId,
  };
}

export function customerItem(mock: MockContext, c: CustomerRecord) {
  const alt = mock.options.aliases === 'alternate';
  return {
    UserId: c.id,
    ...(alt ? { FullName: c.name } : { Name: c.name }),
    Email: c.email,
    ...(alt ? { PhoneNumber: c.phone } : { Phone: c.phone }),
    Organisation: c.organisation,
    IsBlocked: c.blocked,
  };
}

export function roomItem(mock: MockContext, r: RoomRecord) {
  const alt = mock.options.aliases === 'alternate';
  return { ...(alt ? { Id: r.id } : { ID: r.id }), Name: r.name, HallId: r.hallId, rowNumber: r.rowNumber, Description: r.description };
}

/**
 * The event's id. By default both spellings, as real clients meet them: `Id` as the live feed sends it
 * (live notes, "Scheduler"; a client reading `Id` only works) and `id` as the interface document shows it.
 * With the alternate aliases, one spelling per event, `Id` and `id` in turn, so a reader of one spelling
 * fails on the same feed.
 */
export function eventIdField(mock: MockContext, id: number) {
  if (mock.options.aliases !== 'alternate') return { Id: id, id };
  return id % 2 ? { id } : { Id: id };
}

/** A list in the configured documented shape. */
export function list<T>(mock: MockContext, items: T[]) {
  return withItems(mock.options.listShape === 'data' ? { Data: [] } : [], items);
}
