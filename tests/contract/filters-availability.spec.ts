// Meaning, not only shape: checkAvailability answers a held slot unlike a free one, whatever
// its undocumented body says.
import { type Booking } from '../../contracts/index.js';
import type { HbClient } from '../../client/client.js';
import type { Facts } from '../../client/discovery.js';
import type { Seeding } from '../../fixtures/seeding.js';
import { saysUnavailable } from '../../client/booking-queries.js';
import { gridBookings } from '../../fixtures/bookings.js';
import { MARKER } from '../../client/run-marker.js';
import { expect, test } from '../../fixtures/index.js';
import { vacuous } from '../../fixtures/readings.js';
import { factIf } from '../../fixtures/seeding.js';
import { addDays, daysBetween, serviceToday } from '../../contracts/service-time.js';
import { doc } from '../../coverage/sources.js';
import { grid, label } from './grid.js';

/** Whether `b` and `held` overlap in the hours of the day (`HH:MM:SS`), whichever their days. */
const overlapsHours = (b: Booking, held: Booking): boolean =>
  b.StartDateTime.slice(11, 19) < held.EndDateTime.slice(11, 19) && b.EndDateTime.slice(11, 19) > held.StartDateTime.slice(11, 19);

/** A future booking of bookable rooms in `status`, made by no suite run, and how to read a booking's rooms. */
async function futureBooking(api: HbClient, facts: Facts, seeding: Seeding, status: 'Confirmed' | 'Cancelled' = 'Confirmed') {
  const rooms = seeding.factOrSkip(facts.rooms, 'bookable rooms');
  const today = serviceToday();
  const roomsOf = (b: Booking) => rooms.filter((r) => b.RoomsUsed.includes(r.name)).map((r) => r.id);
  // Not a booking of a suite run: a parallel test may delete its own before the question is asked.
  const theirs = (await grid(api, facts, { statusType: status, timerange: 5 })).items.filter(
    (b) => !b.IsRecurring && !MARKER.test(b.BookingName) && roomsOf(b).length,
  );
  const future = theirs.find((b) => b.StartDateTime.slice(0, 10) > today);
  const held = seeding.factOrSkip(
    factIf(!!future, () => future!, `no future ${status.toLowerCase()} booking names a bookable room in RoomsUsed`),
    `future ${status.toLowerCase()} booking of a bookable room`,
  );
  return { held, rooms, roomsOf };
}
const heldBooking = (api: HbClient, facts: Facts, seeding: Seeding) => futureBooking(api, facts, seeding);

/**
 * `b`'s question to checkAvailability and the same question on the two nearest later days the grid shows free of any
 * booking of its rooms at its hours (a busy hall has bookings every day), within three weeks: the free answers to
 * hold `b`'s to. Two, so that an answer which merely echoes the question shows (the two free answers then differ).
 */
async function againstFreeSlots(api: HbClient, facts: Facts, b: Booking, roomsOf: (b: Booking) => number[]) {
  // The three weeks are read once, as one range of start days, and the bookings sorted by that day.
  const days = Array.from({ length: 21 }, (_, i) => addDays(b.StartDateTime, i + 1));
  const busy = await gridBookings(api, facts.hallId, days[0] as string, days.at(-1), 'NotCancelled');
  const clashes = new Set(
    busy.filter((x) => roomsOf(x).some((r) => roomsOf(b).includes(r)) && overlapsHours(x, b)).map((x) => x.StartDateTime.slice(0, 10)),
  );
  const freeDays = days.filter((day) => !clashes.has(day)).slice(0, 2);
  expect(freeDays, `two days with its rooms free at its hours within three weeks after ${label(b)}`).toHaveLength(2);
  const ask = (day: string | null) =>
    api.call('checkAvailability', {
      body: {
        Rooms: roomsOf(b),
        HallId: facts.hallId,
        StartDateTime: day ? `${day}${b.StartDateTime.slice(10, 19)}` : b.StartDateTime.slice(0, 19),
        EndDateTime: day
          ? `${addDays(day, daysBetween(b.StartDateTime, b.EndDateTime))}${b.EndDateTime.slice(10, 19)}`
          : b.EndDateTime.slice(0, 19),
      },
    });
  const [own, free, control] = await Promise.all([ask(null), ask(freeDays[0] as string), ask(freeDays[1] as string)]);
  const show = (x: { json: unknown }) => JSON.stringify(x.json).slice(0, 200);
  test.info().annotations.push({
    type: 'observed',
    description: `${label(b)} → ${show(own)}; free ${freeDays.join(', ')} → ${show(free)}, ${show(control)}`,
  });
  const echoes = JSON.stringify(free.json) !== JSON.stringify(control.json);
  if (echoes)
    vacuous('two free slots were answered differently (the answer carries the question): its slot and a free one cannot be compared');
  return { own: JSON.stringify(own.json), free: JSON.stringify(free.json), freeDays, echoes };
}

test.describe('availability', () => {
  test(
    'checkAvailability answers a slot a confirmed booking holds unlike a free slot',
    {
      annotation: [
        doc('What the service does', 'JSON endpoints … checking availability'),
        doc('Bookings, POST /api/Bookings/CheckAvailability', 'Rooms | array of int (room ids); StartDateTime; EndDateTime; HallId'),
      ],
    },
    async ({ api, facts, seeding }) => {
      // The body is not shown, so no field is read: whatever it says, a held slot and a free one
      // of the same rooms cannot both be answered alike by a server that checks bookings.
      const { held, roomsOf } = await heldBooking(api, facts, seeding);
      const { own, free, freeDays, echoes } = await againstFreeSlots(api, facts, held, roomsOf);
      if (echoes) return;
      expect(own, `checkAvailability for ${label(held)}'s own slot and rooms answers as for the free days ${freeDays.join(', ')}`).not.toBe(
        free,
      );
    },
  );

  test(
    'checkAvailability answers the slot of a cancelled booking unlike a held slot: a cancelled booking holds nothing',
    {
      annotation: [
        doc('States and transitions', 'Of these, `Requested`, `Confirmed` and `Cancelled` are statuses of a booking'),
        doc('Bookings, POST /api/Bookings/CheckAvailability', 'Rooms | array of int (room ids); StartDateTime; EndDateTime; HallId'),
      ],
    },
    async ({ api, facts, seeding }) => {
      const { held: cancelled, roomsOf } = await futureBooking(api, facts, seeding, 'Cancelled');
      const [start, end] = [cancelled.StartDateTime.slice(0, 19), cancelled.EndDateTime.slice(0, 19)];
      const around = await gridBookings(api, facts.hallId, addDays(start, -1), end.slice(0, 10), 'NotCancelled');
      const holder = around.find(
        (b) =>
          b.StartDateTime.slice(0, 19) < end &&
          b.EndDateTime.slice(0, 19) > start &&
          roomsOf(b).some((r) => roomsOf(cancelled).includes(r)),
      );
      if (holder) {
        vacuous(`${label(holder)} holds ${label(cancelled)}'s rooms at its time: its slot is not free`);
        return;
      }
      const { own, free, echoes } = await againstFreeSlots(api, facts, cancelled, roomsOf);
      if (echoes || own === free) return;
      // Answered unlike a free slot (the body is not shown): "held" only where a field says it is not available, or where
      // the answer is the one a held slot gets.
      expect(saysUnavailable(JSON.parse(own)), `checkAvailability for ${label(cancelled)}'s slot and rooms: ${own}`).toBe(false);
      const { held } = await heldBooking(api, facts, seeding);
      const taken = await againstFreeSlots(api, facts, held, roomsOf);
      if (taken.echoes || taken.own === taken.free) return;
      expect(own, `checkAvailability for ${label(cancelled)}'s slot and rooms answers as for the slot ${label(held)} holds`).not.toBe(
        taken.own,
      );
    },
  );

  test(
    'checkAvailability answers a free room beside a booked one unlike the booked room, at the same time',
    {
      annotation: [
        doc('Bookings, POST /api/Bookings/CheckAvailability', 'Rooms | array of int (room ids); StartDateTime; EndDateTime; HallId'),
      ],
    },
    async ({ api, facts, seeding }) => {
      const { held, rooms, roomsOf } = await heldBooking(api, facts, seeding);
      const [start, end] = [held.StartDateTime.slice(0, 19), held.EndDateTime.slice(0, 19)];
      // Rooms of the hall that no booking (not cancelled) holds at any moment of the held booking.
      const around = await gridBookings(api, facts.hallId, addDays(start, -1), end.slice(0, 10), 'NotCancelled');
      const busy = new Set(around.filter((b) => b.StartDateTime.slice(0, 19) < end && b.EndDateTime.slice(0, 19) > start).flatMap(roomsOf));
      const free = rooms.find((r) => !busy.has(r.id) && !roomsOf(held).includes(r.id));
      if (!free) {
        vacuous(`every bookable room is held at ${label(held)}'s time: no free room beside it`);
        return;
      }
      const ask = (roomIds: number[]) =>
        api.call('checkAvailability', { body: { Rooms: roomIds, HallId: facts.hallId, StartDateTime: start, EndDateTime: end } });
      const [onHeld, onBeside] = await Promise.all([ask(roomsOf(held)), ask([free.id])]);
      const show = (x: { json: unknown }) => JSON.stringify(x.json).slice(0, 200);
      test.info().annotations.push({
        type: 'observed',
        description: `held ${label(held)} → ${show(onHeld)}; room ${free.id} (${free.name}) beside it → ${show(onBeside)}`,
      });
      expect(
        JSON.stringify(onBeside.json),
        `checkAvailability for the free room ${free.id} (${free.name}) at ${label(held)}'s time answers as for its booked rooms`,
      ).not.toBe(JSON.stringify(onHeld.json));
      if (saysUnavailable(onHeld.json)) {
        expect(saysUnavailable(onBeside.json), `room ${free.id} beside ${label(held)} reads as unavailable`).toBe(false);
      }
    },
  );
});
