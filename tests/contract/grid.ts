// The bookings grid as the meaning checks (filters-*.spec.ts) read it: one call, whether the
// answer is complete, and ids and labels to compare and to name bookings in a message.
import { itemsOf, type Booking, type BookingGridQuery, type BookingList } from '../../contracts/index.js';
import type { Facts } from '../../fixtures/discovery.js';
import type { HbClient } from '../../fixtures/http/client.js';
import { doc } from '../../fixtures/sources.js';

export interface Grid {
  items: Booking[];
  /** False when a `{Data, Total}` answer holds fewer items than `Total` (a page): set equalities then say nothing. */
  complete: boolean;
}

const shown = (list: BookingList): Grid => ({
  items: itemsOf(list),
  complete: Array.isArray(list) || list.Total === undefined || list.Total <= list.Data.length,
});

/** The hall's grid for `query`, the hall id from the discovered facts. */
export async function grid(api: HbClient, facts: Facts, query: Omit<BookingGridQuery, 'id'>): Promise<Grid> {
  const { data } = await api.call('listBookingsForHallGrid', { query: { id: facts.hallId, ...query } });
  return shown(data);
}

export const idsOf = (items: { BookingId: number }[]) => items.map((b) => b.BookingId).sort((a, b) => a - b);
export const label = (b: Booking) => `${b.BookingId} "${b.BookingName}" ${b.Status} ${b.StartDateTime}..${b.EndDateTime}`;

/** The interface document's sentence every hall-scoping check rests on. */
export const HALL_SCOPED = doc('What the service does', 'A hall is identified by an integer hall id. Most reads are scoped to one hall');
