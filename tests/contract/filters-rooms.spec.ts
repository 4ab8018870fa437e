// Meaning, not only shape: the bookable rooms are rooms of the hall's grid, and the grid's
// bookings name rooms of the hall.
import { roomId } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { serviceToday, slashDate } from '../../contracts/service-time.js';
import { doc } from '../../coverage/sources.js';
import { grid, HALL_SCOPED, label } from './grid.js';

test.describe('hall scoping through rooms', () => {
  test(
    'listBookingsForHallGrid bookings name a room of the hall in RoomsUsed',
    {
      annotation: [
        HALL_SCOPED,
        doc('Booking (grid item)', 'RoomsUsed | string | Display text of the room(s) booked'),
        doc('Room', 'HallId | int'),
      ],
    },
    async ({ api, facts, seeding }) => {
      // Rooms belong to one hall (Room.HallId), so another hall's booking names none of this hall's
      // rooms, even where the grid items carry no HallId (the document names none on them). Only
      // bookings from today on (read so, not the hall's years before): an old one may name a room since renamed or removed.
      const today = serviceToday();
      const [{ data: gridRooms }, { data: bookable }, ahead] = await Promise.all([
        api.call('listRoomsForGrid', { query: { id: facts.hallId } }),
        api.call('listRoomsForBooking', { query: { hallid: facts.hallId } }),
        grid(api, facts, { statusType: 'All', timerange: 5, startDateFrom: slashDate(today) }),
      ]);
      const names = [...new Set([...gridRooms, ...bookable].map((r) => r.Name).filter(Boolean))];
      const named = ahead.items.filter((b) => b.RoomsUsed.trim() && b.StartDateTime.slice(0, 10) >= today);
      seeding.expectSome(
        names.length ? named.length : 0,
        `bookings from ${today} on with RoomsUsed, and ${names.length} room name(s) of the hall`,
      );
      if (!named.length || !names.length) return;
      expect(
        named.filter((b) => !names.some((n) => b.RoomsUsed.includes(n))).map((b) => `${label(b)} RoomsUsed "${b.RoomsUsed}"`),
        `bookings naming none of the hall's rooms (${names.join(', ')})`,
      ).toEqual([]);
    },
  );
});

test.describe('rooms', () => {
  test(
    'listRoomsForBooking rooms are rooms of the hall grid',
    {
      annotation: [
        doc(
          'Rooms (GET)',
          '/api/Rooms/GetForHallForBooking … Array of Room; rooms available for booking; /api/rooms/GetForHallGrid … Array of Room, ' +
            'same format; admin grid view',
        ),
      ],
    },
    async ({ api, facts }) => {
      // Interface doc: both answer "Array of Room, same format"; rooms available for booking are rooms of the hall.
      const [{ data: bookable }, { data: gridRooms }] = await Promise.all([
        api.call('listRoomsForBooking', { query: { hallid: facts.hallId } }),
        api.call('listRoomsForGrid', { query: { id: facts.hallId } }),
      ]);
      const ids = new Set(gridRooms.map(roomId));
      expect(
        bookable.filter((r) => !ids.has(roomId(r))).map((r) => `${roomId(r)} ${r.Name}`),
        'bookable rooms missing from GetForHallGrid',
      ).toEqual([]);
    },
  );
});
