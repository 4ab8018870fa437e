// The bookings grid as the meaning checks (filters-*.spec.ts) read it: one call, whether the
// answer is complete, and ids and labels to compare and to name bookings in a message.
import type { Booking, BookingGridQuery } from '../../contracts/index.js';
import type { Facts } from '../../client/discovery.js';
import { gridOf, type Grid } from '../../fixtures/hall-grid.js';
import type { HbClient } from '../../client/client.js';
import { doc } from '../../coverage/sources.js';

export type { Grid };

/** The hall's grid for `query`, the hall id from the discovered facts. */
export async function grid(api: HbClient, facts: Facts, query: Omit<BookingGridQuery, 'id'>): Promise<Grid> {
  const { data } = await api.call('listBookingsForHallGrid', { query: { id: facts.hallId, ...query } });
  return gridOf(data);
}

export const idsOf = (items: { BookingId: number }[]) => items.map((b) => b.BookingId).sort((a, b) => a - b);
/** Whether two lists hold the same booking ids. */
export const sameIds = (a: { BookingId: number }[], b: { BookingId: number }[]): boolean => idsOf(a).join() === idsOf(b).join();
/** The items of `part` whose id `whole` lacks. */
export const missingFrom = (part: Booking[], whole: Booking[]): Booking[] => {
  const ids = new Set(whole.map((b) => b.BookingId));
  return part.filter((b) => !ids.has(b.BookingId));
};
export const label = (b: Booking) => `${b.BookingId} "${b.BookingName}" ${b.Status} ${b.StartDateTime}..${b.EndDateTime}`;

/** The interface document's sentence every hall-scoping check rests on. */
export const HALL_SCOPED = doc('What the service does', 'A hall is identified by an integer hall id. Most reads are scoped to one hall');
