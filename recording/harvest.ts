// The reads a recording makes through the proxy so that the file holds the whole hall: every
// list the mock's state is made of, the pages that show colours and status options, the scheduler feed (its wire
// shape) and the answers that decide the open points. With writes allowed, one marked booking is created,
// edited and deleted to observe where the forms redirect and what a delete does.
import { itemsOf, pagePath, type Booking } from '../contracts/index.js';
import { addDays, serviceToday } from '../contracts/service-time.js';
import { gridBookings, deleteBooking } from '../client/booking-queries.js';
import { runMarker } from '../client/run-marker.js';
import type { HbClient } from '../client/client.js';
import { firstRealOption, realOptions, type ParsedForm } from '../client/forms.js';

export interface HarvestOptions {
  /** Create, edit and delete one marked booking (HB_ALLOW_WRITES). */
  writes: boolean;
  testCustomerId?: string;
}

/** Reads that fail (a broken contract, a refusal) are counted, not fatal: what passed is still recorded. */
async function settle(reads: Promise<unknown>[]): Promise<number> {
  return (await Promise.allSettled(reads)).filter((r) => r.status === 'rejected').length;
}

/** Every read the seed needs; returns how many of them failed. */
export async function harvest(api: HbClient, hallId: number, options: HarvestOptions): Promise<number> {
  let failed = 0;
  const customers = (extra: Record<string, string>) => api.call('listCustomersForHall', { query: { id: hallId, ...extra } });
  const grid = (statusType?: 'All' | 'HasPending') =>
    api.call('listBookingsForHallGrid', { query: { id: hallId, ...(statusType && { statusType }) } });
  const groups = api.call('listLineItemGroups', { query: { id: hallId } });
  const all = grid('All');
  failed += await settle([
    api.call('listRoomsForBooking', { query: { hallid: hallId } }),
    api.call('listRoomsForGrid', { query: { id: hallId } }),
    api.call('listActivityTypes', { query: { id: hallId } }),
    api.call('listPriceRates', { query: { id: hallId } }),
    customers({}),
    customers({ customer: 'true' }),
    customers({ includeDeleted: 'true' }),
    customers({ onlyNew: 'true' }),
    groups,
    all,
    grid('HasPending'),
  ]);
  // Pages after the lists: a page's colours and options are joined to rooms and bookings already seen.
  failed += await settle([
    api.send(pagePath('schedulerPage', { hall_id: hallId }), { endpointId: 'schedulerPage' }),
    api.send(pagePath('createBookingPage'), { endpointId: 'createBookingPage' }),
    api.call('listBookingsForHallGrid', { query: { id: hallId, timerange: 1 } }),
    // The feed, for the wire shape of its events (their id's spelling).
    api.call('listSchedulerEvents', {
      query: { HallId: hallId, start: `${addDays(serviceToday(), -7)}T00:00:00Z`, end: `${addDays(serviceToday(), 60)}T00:00:00Z` },
    }),
  ]);
  const rows: Booking[] = await all.then((r) => itemsOf(r.data)).catch(() => []);
  const groupIds = await groups.then((r) => (Array.isArray(r.data) ? r.data : [])).catch(() => []);
  failed += await settle([
    ...rows.filter((b) => b.IsRecurring).map((b) => api.call('listChildBookings', { query: { id: b.BookingId } })),
    ...groupIds
      .map((g) => (g as { Id?: unknown; ID?: unknown }).Id ?? (g as { ID?: unknown }).ID)
      .filter((id): id is number => typeof id === 'number')
      .map((id) => api.call('listLineItems', { query: { id } })),
  ]);
  if (options.writes) failed += await probeWrites(api, hallId, options.testCustomerId);
  return failed;
}

/** Create, edit and delete one booking carrying the run marker; the grids read between show the open points. */
async function probeWrites(api: HbClient, hallId: number, testCustomerId?: string): Promise<number> {
  let day = addDays(serviceToday(), 400);
  for (let i = 0; i < 10 && (await gridBookings(api, hallId, day, day, 'NotCancelled')).length; i++) day = addDays(day, 3);
  const name = `Recording probe ${runMarker()}`;
  const start = `${day}T10:00:00`;
  const values = (form: ParsedForm) => ({
    Name: name,
    StartDate: start,
    EndDate: `${day}T11:00:00`,
    CustomerId:
      realOptions(form, 'CustomerId').find((o) => o.value.toLowerCase() === testCustomerId?.toLowerCase())?.value ??
      firstRealOption(form, 'CustomerId'),
    ActivityTypeId: firstRealOption(form, 'ActivityTypeId'),
    PriceRateId: firstRealOption(form, 'PriceRateId'),
    BookingStatusId: firstRealOption(form, 'BookingStatusId'),
    ...(form.controls.some((c) => c.name === 'SendEmails' && c.type === 'checkbox') ? { SendEmails: false } : {}),
  });
  const rooms = await api.call('listRoomsForBooking', { query: { hallid: hallId } });
  const room = itemsOf(rooms.data)[0];
  const roomIds = room ? [String(room.ID ?? room.Id)] : [];
  await api.submitForm('createBookingPage', {}, values, { rooms: roomIds });
  const made = (await gridBookings(api, hallId, day, day)).find((b) => b.BookingName === name);
  if (!made) return 1;
  try {
    await api.submitForm('editBookingPage', { booking_id: made.BookingId }, { Name: `${name} (edited)` });
  } finally {
    await deleteBooking(api, made.BookingId);
  }
  await api.call('listBookingsForHallGrid', { query: { id: hallId, statusType: 'All' } });
  return 0;
}
