// A bounded sample of the hall's existing bookings for a read-only run to hold to the model in every view: one of each
// status in the past and in the future, a booking of several rooms, a recurring parent and two of its children, a
// booking with a pending change, then each room the sample does not yet cover, up to {@link SAMPLE_SIZE} bookings.
// Which one of a kind is taken turns with the seed (the run id), so each run reads other bookings and the tenth run
// checks as much as the first; the seed replays a sample.
import { createHash } from 'node:crypto';
import type { Booking } from '../../contracts/index.js';
import { serviceToday } from '../../contracts/service-time.js';
import { MARKER } from '../run-marker.js';
import { roomsNamed, type HallCatalogue } from './catalogue.js';

/** The most bookings a sample holds (each costs about six reads). */
const SAMPLE_SIZE = 12;

/** A stable pick among `items` for `seed` and `kind`: another seed, most likely another item. */
function pickOne<T>(items: readonly T[], seed: string, kind: string): T | undefined {
  if (!items.length) return undefined;
  const hash = createHash('sha256').update(`${seed} ${kind}`).digest().readUInt32BE(0);
  return items[hash % items.length];
}

/** What the sample holds each booking for (`Confirmed, future`): said in the test's annotation. */
export interface Sampled {
  row: Booking;
  why: string;
}

/**
 * The sample from the whole grid (top-level bookings), the bookings the suite made left out (their names carry a run
 * marker): the strata first, then a booking of each room not yet in it, up to {@link SAMPLE_SIZE}.
 */
export function sampleBookings(rows: readonly Booking[], cat: HallCatalogue, seed: string, pending: readonly number[] = []): Sampled[] {
  const theirs = rows.filter((b) => !MARKER.test(b.BookingName));
  const today = serviceToday();
  const out: Sampled[] = [];
  const take = (kind: string, among: readonly Booking[]) => {
    const left = among.filter((b) => !out.some((s) => s.row.BookingId === b.BookingId));
    const row = pickOne(left, seed, kind);
    if (row && out.length < SAMPLE_SIZE) out.push({ row, why: kind });
  };
  for (const status of ['Requested', 'Confirmed', 'Cancelled']) {
    take(
      `${status}, past`,
      theirs.filter((b) => b.Status === status && b.StartDateTime.slice(0, 10) < today),
    );
    take(
      `${status}, future`,
      theirs.filter((b) => b.Status === status && b.StartDateTime.slice(0, 10) >= today),
    );
  }
  take(
    'several rooms',
    theirs.filter((b) => roomsNamed(b.RoomsUsed, cat).length > 1),
  );
  take(
    'recurring',
    theirs.filter((b) => b.IsRecurring),
  );
  take(
    'a pending change',
    theirs.filter((b) => pending.includes(b.BookingId)),
  );
  const covered = (id: string) => out.some((s) => roomsNamed(s.row.RoomsUsed, cat).includes(id));
  for (const id of cat.roomNames.keys())
    if (!covered(id))
      take(
        `room ${cat.roomNames.get(id)}`,
        theirs.filter((b) => roomsNamed(b.RoomsUsed, cat).includes(id)),
      );
  return out;
}
