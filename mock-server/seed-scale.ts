// A big hall (`npm run mock -- --seed-scale N`, HB_MOCK_SEED_SCALE): N more bookings of the built-in
// hall spread over the past three years and the next six months, as a staging server of a busy hall
// holds them. Deterministic: the same N on the same day gives the same bookings.
import type { BookingStatus } from '../contracts/index.js';
import { shiftLocal, startOfDay } from '../contracts/service-time.js';
import type { BookingRecord, MockState } from './state.js';

/** Days before today the big hall's bookings start, and after it they end. */
const SCALE_PAST_DAYS = 3 * 365;
const SCALE_FUTURE_DAYS = 182;
/** The first id of the big hall's bookings, far above the ids the mock gives new bookings. */
const FIRST_ID = 1_000_000;

/** mulberry32: a small seeded generator, so the hall is the same on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = [
  'Quiz Night',
  'Choir Practice',
  'Parish Council',
  'Dance Class',
  'Craft Fair',
  'Film Club',
  'Wedding Reception',
  'Jumble Sale',
];
const STATUSES: BookingStatus[] = ['Confirmed', 'Confirmed', 'Confirmed', 'Requested', 'Cancelled'];

/**
 * `count` bookings of `state`'s first hall, one day after another from SCALE_PAST_DAYS ago to
 * SCALE_FUTURE_DAYS ahead, each in the daytime (08:00 to 18:00) of one or two of its bookable rooms,
 * for a customer, activity type and price rate of the hall. Their names are plain (no run marker), so
 * the suite's janitor never sweeps them.
 */
export function scaleBookings(state: MockState, count: number, hallId: number): BookingRecord[] {
  const random = generator(count);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const rooms = state.rooms.filter((r) => r.hallId === hallId && r.bookable).map((r) => r.id);
  const customers = state.customers.filter((c) => c.hallId === hallId && !c.staff && !c.deleted).map((c) => c.id);
  const activities = state.activityTypes.filter((a) => a.hallId === hallId).map((a) => a.id);
  const rates = state.priceRates.filter((r) => r.hallId === hallId).map((r) => r.id);
  const today = startOfDay(state.now);
  const days = SCALE_PAST_DAYS + SCALE_FUTURE_DAYS;
  return Array.from({ length: count }, (_, i) => {
    const day = -SCALE_PAST_DAYS + Math.floor((i * days) / count);
    const start = shiftLocal(today, { days: day, hours: 8 + Math.floor(random() * 8) });
    const first = pick(rooms);
    const roomIds = random() < 0.3 ? [...new Set([first, pick(rooms)])] : [first];
    const name = pick(NAMES);
    return {
      id: FIRST_ID + i,
      hallId,
      name,
      start,
      end: shiftLocal(start, { hours: 1 + Math.floor(random() * 2) }),
      status: pick(STATUSES),
      customerId: pick(customers),
      activityTypeId: pick(activities),
      priceRateId: pick(rates),
      roomIds,
      parentId: null,
      isRecurring: false,
      pendingChange: false,
      description: `${name} (big hall)`,
      sendEmails: false,
    };
  });
}
