// A recording turned into the mock's seed file: records joined by name where the JSON API only
// shows names (a booking's rooms and activity type), the suite's own bookings left out, people's
// data pseudonymised unless asked otherwise, and what could not be observed stated.
import { writeFileSync } from 'node:fs';
import { BookingStatus } from '../contracts/index.js';
import { toLocalIso } from '../contracts/service-time.js';
import { SEED_FORMAT, SeedFile, type SeedFileInput } from '../settings/seed-file.js';
import { MARKER } from '../client/run-marker.js';
import { redact } from '../client/secrets.js';
import { Pseudonyms } from './pseudonyms.js';
import type { StateRecorder } from './state-recorder.js';
import { withoutText } from './wire-recorder.js';

export interface SeedOptions {
  /** Origin of the recorded server, without credentials. */
  target: string;
  keepPersonalData?: boolean;
  /** HB_TEST_CUSTOMER_ID of the recording run, if it names a customer seen. */
  testCustomerId?: string;
}

export class RecordingError extends Error {
  override name = 'RecordingError';
}

/** Colours a room whose colour was never seen gets, in room order. */
const FALLBACK_COLOURS = ['#3a87ad', '#8e44ad', '#27ae60', '#d35400', '#7f8c8d', '#c0392b'];
/** The built-in mock's status ids, for a form whose options are the names. */
const DEFAULT_STATUS_IDS: Record<BookingStatus, number> = { Requested: 3, Confirmed: 5, Cancelled: 9 };

export function buildSeed(rec: StateRecorder, options: SeedOptions): SeedFile {
  const hallId = rec.hallId;
  if (hallId === undefined) throw new RecordingError('nothing to seed from: no answer of a hall endpoint passed its contract');
  const rooms = [...rec.rooms.values()].sort((a, b) => a.rowNumber - b.rowNumber || a.id - b.id);
  if (!rooms.length) throw new RecordingError(`nothing to seed from: no rooms of hall ${hallId} were recorded`);
  const names = options.keepPersonalData ? undefined : new Pseudonyms();
  const people = [...rec.customers.values()].map((c) => {
    const key = c.id.toLowerCase();
    const { everyone, customers, withDeleted, onlyNew } = rec.customerLists;
    const listed = (everyone?.has(key) ?? false) || (customers?.has(key) ?? false);
    return {
      ...(names ? names.person(c) : c),
      deleted: !listed && (withDeleted?.has(key) ?? false),
      isNew: onlyNew?.has(key) ?? false,
      staff: !!customers && !customers.has(key) && !!everyone?.has(key),
    };
  });
  const removed = rec.readings.removed();
  const bookingRows = [...rec.bookings.values()].filter((b) => !MARKER.test(b.row.BookingName) && !removed.has(b.row.BookingId));
  // Customers a booking names but no list showed (another hall's, or a list never read).
  for (const b of bookingRows) {
    if (people.some((p) => p.id.toLowerCase() === b.row.CustomerId.toLowerCase())) continue;
    const c = { id: b.row.CustomerId, hallId, name: b.row.CustomerName, email: '', phone: '', organisation: '', blocked: false };
    people.push({ ...(names ? names.person(c) : c), deleted: false, isNew: false, staff: false });
  }
  const activity = [...rec.activityTypes.values()];
  const rates = [...rec.priceRates.values()];
  const roomIdsOf = (used: string) => {
    const parts = used.split(/\s*,\s*/);
    const ids = rooms.filter((r) => parts.includes(r.name)).map((r) => r.id);
    return ids.length ? ids : rooms.filter((r) => used.includes(r.name)).map((r) => r.id);
  };
  const text = (s: string) => (names ? names.scrubText(s) : s);
  const bookings = bookingRows.map(({ row, hallId: h, parentId, priceRateId }) => ({
    id: row.BookingId,
    hallId: h,
    name: text(row.BookingName),
    start: row.StartDateTime.slice(0, 19),
    end: row.EndDateTime.slice(0, 19),
    status: row.Status,
    customerId: row.CustomerId,
    activityTypeId: activity.find((a) => a.name === row.ActivityType)?.id ?? activity[0]?.id ?? 0,
    priceRateId: priceRateId ?? rates[0]?.id ?? 0,
    roomIds: roomIdsOf(row.RoomsUsed),
    parentId: parentId ?? null,
    isRecurring: row.IsRecurring,
    pendingChange: rec.pending?.has(row.BookingId) ?? false,
    description: '',
  }));
  const candidates = people.filter((p) => !p.staff && !p.deleted && !p.blocked && p.hallId === hallId);
  const testCustomer =
    candidates.find((p) => p.id.toLowerCase() === options.testCustomerId?.toLowerCase()) ??
    candidates.find((p) => bookings.some((b) => b.customerId.toLowerCase() === p.id.toLowerCase())) ??
    candidates[0];
  if (!testCustomer) throw new RecordingError(`nothing to seed from: no customer of hall ${hallId} was recorded`);
  const seed: SeedFileInput = {
    format: SEED_FORMAT,
    recordedAt: toLocalIso(rec.startedAt),
    target: options.target,
    hallId,
    testCustomerId: testCustomer.id,
    readings: { ...rec.readings.observed },
    wire: names ? withoutText(rec.wire.wire) : rec.wire.wire,
    personalData: { mode: names ? 'pseudonymised' : 'kept', replaced: names?.replaced ?? {} },
    halls: [{ id: hallId, name: `Recorded hall ${hallId}` }],
    rooms: rooms.map((r, i) => ({
      ...r,
      colour: rec.colours.get(r.id) ?? FALLBACK_COLOURS[i % FALLBACK_COLOURS.length] ?? '#3a87ad',
      bookable: r.bookable ?? true,
    })),
    customers: people,
    activityTypes: activity,
    priceRates: rates,
    lineItemGroups: [...rec.lineItemGroups.values()],
    bookingStatuses: statuses(rec.statusOptions),
    bookings,
  };
  return SeedFile.parse(seed);
}

/** The form's statuses: ids from the options where they are numbers, else the built-in mock's ids. */
function statuses(options: { value: string; text: string }[] | undefined): { id: number; name: BookingStatus }[] {
  const known = BookingStatus.options;
  const found = (options ?? [])
    .map((o) => ({ o, name: known.find((s) => o.text.toLowerCase().includes(s.toLowerCase()) || o.value === s) }))
    .filter((x): x is { o: { value: string; text: string }; name: BookingStatus } => !!x.name)
    .map(({ o, name }) => ({ id: /^\d+$/.test(o.value) ? Number(o.value) : DEFAULT_STATUS_IDS[name], name }));
  return found.length ? found : known.map((name) => ({ id: DEFAULT_STATUS_IDS[name], name }));
}

/** Write the seed to `file` as readable JSON, the session's secrets masked (answers are read before the proxy masks them). */
export function writeSeed(file: string, seed: SeedFile): void {
  writeFileSync(file, `${redact(JSON.stringify(seed, null, 2))}\n`);
}
