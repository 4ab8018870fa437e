// The commands of the model-based write sequences (hall-sequences.spec.ts), in fast-check's idiom (fc.commands): each a
// write through the forms or a question to the service, run on the target and on the model of the sequence, then
// checked: the booking it touched in every view (fixtures/hall.ts), and every booking of the sequence as the model
// holds it in the grid of its day, its pending state included. Bookings keep to their own two-hour slots of one free
// day (the document does not say whether the service refuses a clash), and the next day stays free, for comparison.
import fc from 'fast-check';
import { addDays, shiftLocal } from '../../contracts/service-time.js';
import {
  confirmChanges,
  createBooking,
  deleteBooking,
  editBooking,
  requestChanges,
  type BookingValues,
} from '../../client/booking-writes.js';
import { fromPosted, type HallBooking } from '../../client/hall/booking.js';
import type { HbClient } from '../../client/client.js';
import { gridBookings } from '../../fixtures/bookings.js';
import type { BookingLedger } from '../../fixtures/bookings.js';
import type { HallModel } from '../../fixtures/hall.js';
import { expect, test } from './wire.fixture.js';

/**
 * What the sequence expects: its bookings by id, each in a slot of the day, pending or not; deleted ones gone, their slots
 * kept from new bookings (whether a cancelled booking still holds its slot is not shown).
 */
export interface SequenceModel {
  bookings: Map<number, HallBooking & { slot: number; pending: boolean }>;
  /** Deleted bookings' ids and their slots. */
  deleted: Map<number, number>;
}

/** The target as a sequence drives it: its clients, the day it writes on, and the next day, left free. */
interface SequenceTarget {
  api: HbClient;
  hall: HallModel;
  ledger: BookingLedger;
  day: string;
}

/** The most commands one sequence runs. */
const STEPS = 8;
/** Slots of two hours, from 08:00: a booking takes one, so no two of a sequence clash. */
const SLOTS = 5;
const slotTimes = (day: string, slot: number, hours: number) => {
  const from = 8 + slot * 2;
  return { start: `${day}T${String(from).padStart(2, '0')}:00:00`, end: `${day}T${String(from + hours).padStart(2, '0')}:00:00` };
};
/** Names people type, the ledger's tag after them. */
const LABELS = ['Choir practice', 'Café Ünïcödé', 'Ελληνικά', '会议', 'Emoji 🎉', 'Quotes "x" & <y>'];

/** The values of a booking in `slot`: `roomCount` rooms from `roomOffset` of the hall's, `status`. */
function values(
  t: SequenceTarget,
  label: string,
  slot: number,
  hours: number,
  roomCount: number,
  roomOffset: number,
  status: string,
): BookingValues {
  const rooms = [...t.hall.catalogue.roomNames.keys()];
  const roomIds = Array.from({ length: Math.min(roomCount, rooms.length) }, (_, i) => rooms[(roomOffset + i) % rooms.length] as string);
  return { name: t.ledger.name(label), ...slotTimes(t.day, slot, hours), roomIds, status, customerId: t.ledger.testCustomerId };
}

/** Every booking of the sequence as the model holds it, in the grid of its day; pending ones in the HasPending filter. */
async function gridAgrees(m: SequenceModel, t: SequenceTarget): Promise<void> {
  const [all, pending] = await Promise.all([
    gridBookings(t.api, t.hall.hallId, t.day, t.day),
    gridBookings(t.api, t.hall.hallId, t.day, t.day, 'HasPending'),
  ]);
  const rows = new Map(all.filter((b) => b.BookingName.includes(t.ledger.tag)).map((b) => [b.BookingId, b]));
  const shown = [...m.bookings.values()].map((b) => `${b.id} ${b.name} ${b.start}-${b.end} ${b.status}`);
  const seen = [...m.bookings.keys()].flatMap((id) => {
    const r = rows.get(id);
    return r ? [`${id} ${r.BookingName} ${r.StartDateTime.slice(0, 19)}-${r.EndDateTime.slice(0, 19)} ${r.Status}`] : [];
  });
  expect(seen, 'the grid of the day shows every booking of the sequence as the model holds it').toEqual(shown);
  for (const id of m.deleted.keys()) {
    const row = rows.get(id);
    if (row) expect(row.Status, `booking ${id}, deleted, is still in the grid: it must be cancelled`).toBe('Cancelled');
  }
  const pendingIds = pending.map((b) => b.BookingId).filter((id) => m.bookings.has(id));
  const expected = [...m.bookings.values()].filter((b) => b.pending).map((b) => b.id);
  expect(pendingIds.sort(), 'the HasPending filter names the bookings of the sequence with a change requested').toEqual(expected.sort());
}

/** After a command: the booking it touched in every view, and the whole sequence in the grid. */
async function settled(m: SequenceModel, t: SequenceTarget, touched?: number): Promise<void> {
  const b = touched === undefined ? undefined : m.bookings.get(touched);
  if (b) await t.hall.expectViews(b, 'the model of the sequence');
  await gridAgrees(m, t);
}

const free = (m: SequenceModel) =>
  Array.from({ length: SLOTS }, (_, s) => s).filter(
    (s) => ![...m.bookings.values()].some((b) => b.slot === s) && ![...m.deleted.values()].includes(s),
  );
const pick = <T>(items: readonly T[], n: number): T | undefined => items[n % Math.max(1, items.length)];
const live = (m: SequenceModel) => [...m.bookings.values()];

type Command = fc.AsyncCommand<SequenceModel, SequenceTarget>;

class Create implements Command {
  constructor(
    readonly label: string,
    readonly slot: number,
    readonly hours: number,
    readonly rooms: number,
    readonly roomOffset: number,
    readonly status: string,
  ) {}
  check = (m: Readonly<SequenceModel>) => free(m).length > 0;
  async run(m: SequenceModel, t: SequenceTarget): Promise<void> {
    const slot = pick(free(m), this.slot)!;
    const v = values(t, this.label, slot, this.hours, this.rooms, this.roomOffset, this.status);
    const created = await createBooking(t.api, t.hall.hallId, v);
    expect(created.posted, `createBooking "${v.name}": ${created.seen}`).toBeDefined();
    t.ledger.track(created.posted!.id);
    m.bookings.set(created.posted!.id, { ...fromPosted(created.posted!, t.hall.catalogue), slot, pending: false });
    await settled(m, t, created.posted!.id);
  }
  toString = () => `create("${this.label}", ${this.hours} h, ${this.rooms} room(s), ${this.status})`;
}

class Edit implements Command {
  constructor(
    readonly which: number,
    readonly label: string,
    readonly slot: number,
    readonly hours: number,
    readonly rooms: number,
    readonly roomOffset: number,
    readonly status: string,
  ) {}
  // Not one with a change pending: what an edit does to a pending change is not shown.
  private targets = (m: Readonly<SequenceModel>) => live(m).filter((b) => !b.pending);
  check = (m: Readonly<SequenceModel>) => this.targets(m).length > 0;
  async run(m: SequenceModel, t: SequenceTarget): Promise<void> {
    const b = pick(this.targets(m), this.which)!;
    const slot = pick([b.slot, ...free(m)], this.slot) as number;
    const edited = await editBooking(t.api, b.id, values(t, this.label, slot, this.hours, this.rooms, this.roomOffset, this.status));
    expect(edited.posted, `editBooking ${b.id}: ${edited.seen}`).toBeDefined();
    m.bookings.set(b.id, { ...fromPosted(edited.posted!, t.hall.catalogue), slot, pending: false });
    await settled(m, t, b.id);
  }
  toString = () => `edit(#${this.which}, "${this.label}", ${this.hours} h, ${this.rooms} room(s), ${this.status})`;
}

/**
 * Request changes of a confirmed booking without one pending (live notes: one pending change at a time), or confirm one
 * that is: of a confirmed booking only, since what confirming changes does to a requested booking's status is not shown.
 */
class Pending implements Command {
  constructor(
    readonly which: number,
    readonly confirm: boolean,
  ) {}
  private targets = (m: Readonly<SequenceModel>) =>
    [...m.bookings.values()].filter((b) => b.pending === this.confirm && b.status === 'Confirmed');
  check = (m: Readonly<SequenceModel>) => this.targets(m).length > 0;
  async run(m: SequenceModel, t: SequenceTarget): Promise<void> {
    const b = pick(this.targets(m), this.which)!;
    const status = await (this.confirm ? confirmChanges : requestChanges)(t.api, b.id);
    expect(status, `${this.confirm ? 'confirmBookingChanges' : 'requestBookingChanges'} ${b.id}`).toBeLessThan(400);
    b.pending = !this.confirm;
    await settled(m, t, b.id);
  }
  toString = () => `${this.confirm ? 'confirm' : 'request'}Changes(#${this.which})`;
}

class Delete implements Command {
  constructor(readonly which: number) {}
  check = (m: Readonly<SequenceModel>) => m.bookings.size > 0;
  async run(m: SequenceModel, t: SequenceTarget): Promise<void> {
    const b = pick(live(m), this.which)!;
    expect(await deleteBooking(t.api, b.id), `deleteBooking ${b.id}`).toBeLessThan(400);
    m.bookings.delete(b.id);
    m.deleted.set(b.id, b.slot);
    await settled(m, t);
  }
  toString = () => `delete(#${this.which})`;
}

/**
 * CheckAvailability of a confirmed booking's rooms and times answers unlike the same question on the next day, left free;
 * unless two free slots of that day are answered differently (the answer carries the question): then nothing compares.
 */
class Availability implements Command {
  constructor(readonly which: number) {}
  private confirmed = (m: Readonly<SequenceModel>) => [...m.bookings.values()].filter((b) => b.status === 'Confirmed' && b.roomIds.length);
  check = (m: Readonly<SequenceModel>) => this.confirmed(m).length > 0;
  async run(m: SequenceModel, t: SequenceTarget): Promise<void> {
    const b = pick(this.confirmed(m), this.which)!;
    const ask = (day: string, hours = 0) =>
      t.api.call('checkAvailability', {
        body: {
          Rooms: b.roomIds.map(Number),
          HallId: t.hall.hallId,
          StartDateTime: shiftLocal(`${day}${b.start.slice(10)}`, { hours }),
          EndDateTime: shiftLocal(`${day}${b.end.slice(10)}`, { hours }),
        },
      });
    const next = addDays(t.day, 1);
    const [held, open, control] = await Promise.all([ask(t.day), ask(next), ask(next, 1)]);
    if (JSON.stringify(open.json) !== JSON.stringify(control.json)) {
      const description = 'checkAvailability answers two free slots differently (the answer carries the question): not compared';
      if (!test.info().annotations.some((a) => a.description === description))
        test.info().annotations.push({ type: 'observed', description });
      return;
    }
    expect(JSON.stringify(held.json), `checkAvailability for booking ${b.id}'s slot answers as for the free day after`).not.toBe(
      JSON.stringify(open.json),
    );
  }
  toString = () => `checkAvailability(#${this.which})`;
}

/** The commands a sequence is made of, with their arguments. */
export function hallCommands(statuses: readonly string[], replayPath?: string): fc.Arbitrary<Iterable<Command>> {
  const label = fc.constantFrom(...LABELS);
  const [slot, hours, rooms, offset, which] = [
    fc.nat(SLOTS),
    fc.integer({ min: 1, max: 2 }),
    fc.integer({ min: 1, max: 3 }),
    fc.nat(5),
    fc.nat(5),
  ];
  const status = fc.constantFrom(...statuses);
  const create = fc.tuple(label, slot, hours, rooms, offset, status).map((a) => new Create(...a));
  return fc.commands(
    [
      // Creates three times as often as each other command: every other one needs a booking to act on.
      create,
      create,
      create,
      fc.tuple(which, label, slot, hours, rooms, offset, status).map((a) => new Edit(...a)),
      which.map((w) => new Pending(w, false)),
      which.map((w) => new Pending(w, true)),
      which.map((w) => new Delete(w)),
      which.map((w) => new Availability(w)),
    ],
    // Every run as long as the budget: short sequences are what shrinking is for.
    { maxCommands: STEPS, size: 'max', ...(replayPath && { replayPath }) },
  );
}

export { test };
