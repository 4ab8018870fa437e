// A recorded hall as the mock's seed (settings/seed-file.ts reads the file): the mock state built from it, with every
// date moved by the days since the recording so that it keeps its distance from today, and the readings it observed.
import type { MockReadings } from '../contracts/index.js';
import { daysBetween, shiftLocal, toLocalIso } from '../contracts/service-time.js';
import type { SeedFile } from '../settings/seed-file.js';
import type { MockState } from './state.js';

/**
 * The mock's state from a recording. Dates move by the whole days between the recording and
 * `clock`, wall-clock times kept, so a booking recorded as tomorrow's is tomorrow's next month
 * too; `asRecorded` keeps them as they were.
 */
export function stateFromSeed(seed: SeedFile, { clock = new Date(), asRecorded = false } = {}): MockState {
  const now = toLocalIso(clock);
  const days = asRecorded ? 0 : daysBetween(seed.recordedAt, now);
  const move = (iso: string) => (days ? shiftLocal(iso, { days }) : iso);
  const bookings = seed.bookings.map((b) => ({ ...b, start: move(b.start), end: move(b.end), sendEmails: false }));
  return {
    now,
    halls: structuredClone(seed.halls),
    rooms: structuredClone(seed.rooms),
    customers: seed.customers.map((c) => ({ ...c, verified: true, notes: [], addresses: [] })),
    activityTypes: structuredClone(seed.activityTypes),
    priceRates: structuredClone(seed.priceRates),
    lineItemGroups: structuredClone(seed.lineItemGroups),
    bookings,
    audits: bookings.slice(0, 6).map((x, i) => ({ Id: 900 + i, HallId: x.hallId, Date: x.start, Action: `Created ${x.name}` })),
    pins: [],
    nextBookingId: Math.max(1999, ...bookings.map((b) => b.id)) + 1,
    bookingStatuses: structuredClone(seed.bookingStatuses),
  };
}

/** The readings a seed observed, as mock options (points it did not observe are left to the default). */
export const seedReadings = (seed: SeedFile): Partial<MockReadings> => seed.readings;
