// Reading bookings back through the JSON API: grid rows by day, calendar events, the
// documented delete, and the unspecified answers read as flags.
import { eventId, itemsOf, pagePath, type Booking, type CalendarEvent, type StatusType } from '../contracts/index.js';
import type { HbClient } from './client.js';
import { slashDate } from '../contracts/service-time.js';

/** Grid rows whose start falls on the given days (both inclusive), every status unless asked. */
export async function gridBookings(
  api: HbClient,
  hallId: number,
  fromDay: string,
  toDay?: string,
  statusType: StatusType = 'All',
): Promise<Booking[]> {
  const { data } = await api.call('listBookingsForHallGrid', {
    query: {
      id: hallId,
      statusType,
      timerange: 5,
      startDateFrom: slashDate(fromDay),
      ...(toDay ? { startDateTo: slashDate(toDay) } : {}),
    },
  });
  return itemsOf(data);
}

/** Calendar events from `fromDay` 00:00 to `toDay` 00:00 (interface doc: start with the UTC designator). */
export async function schedulerEvents(api: HbClient, hallId: number, fromDay: string, toDay: string): Promise<CalendarEvent[]> {
  const { data } = await api.call('listSchedulerEvents', {
    query: { HallId: hallId, start: `${fromDay}T00:00:00Z`, end: `${toDay}T00:00:00Z` },
  });
  return data;
}

/** Events of one booking, whichever id spelling the feed uses (live notes: `Id` or `id`). */
export const eventsOf = (events: CalendarEvent[], bookingId: number) => events.filter((e) => eventId(e) === bookingId);

/** An unspecified answer read as a flag: true, a positive count, or an object holding one. */
export function truthyAnswer(json: unknown): boolean {
  if (typeof json === 'boolean') return json;
  if (typeof json === 'number') return json > 0;
  if (typeof json === 'string') return json.toLowerCase() === 'true' || Number(json) > 0;
  if (Array.isArray(json)) return json.length > 0;
  if (json && typeof json === 'object') return Object.values(json).some(truthyAnswer);
  return false;
}

/** CheckAvailability's body is not shown; a boolean field named like "available" is read when there is one. */
export function saysUnavailable(json: unknown): boolean {
  if (!json || typeof json !== 'object') return false;
  return Object.entries(json).some(([k, v]) => /^(is)?available$/i.test(k) && v === false);
}

/** Delete through the documented GET (interface doc, "Delete booking"); never retried. */
export async function deleteBooking(api: HbClient, id: number): Promise<number> {
  await api.ensureSession();
  const path = pagePath('deleteBooking', { booking_id: id });
  const reply = await api.send(path, { endpointId: 'deleteBooking', retries: 0 });
  return reply.status;
}
