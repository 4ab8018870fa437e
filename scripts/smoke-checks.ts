// The checks of `npm run smoke`, each with the sentence of the interface document it rests
// on (docs/open-points.md lists them). Reads only.
import { addDays, itemsOf } from '../contracts/index.js';
import type { HbClient } from '../client/client.js';
import { doc, notes } from '../coverage/sources.js';

export interface Check {
  name: string;
  /** What the check rests on (coverage/sources.ts). */
  source: string;
  run: () => Promise<string | void>;
}

const count = (list: unknown[] | { Data: unknown[] }) => `${itemsOf(list).length} items`;
/** A scheduler window around today, in the documented UTC form `YYYY-MM-DDT00:00:00Z`. */
const day = (offset: number) => `${addDays(new Date().toISOString(), offset)}T00:00:00Z`;
const src = (a: { description?: string }) => a.description ?? '';

export function smokeChecks(client: HbClient, hall: number): { login: Check; reads: Check[] } {
  return {
    login: {
      name: 'login',
      source: src(doc('Authentication, Login flow', 'Success: HTTP 302 redirect to the dashboard, and session cookies are set')),
      run: () => client.login(),
    },
    reads: [
      {
        name: 'keepalive (checkSession)',
        source: src(doc('Authentication, Session check', 'GET /api/Scheduler/HasJustLoggedIn returns 200 when authenticated')),
        run: async () => {
          const state = await client.keepalive();
          if (state !== 'alive') throw new Error('the session was gone right after login (keepalive had to log in again)');
        },
      },
      {
        name: 'anti-forgery token',
        source: src(notes('Login and tokens', 'Pages that did carry a fresh `__RequestVerificationToken` … Try several, in order')),
        run: async () => void (await client.antiForgeryToken()),
      },
      {
        name: 'listBookingsForHallGrid',
        source: src(
          doc('Bookings, GET /api/bookings/GetForHallgrid', 'either a JSON array of Booking items, or an object `{Data: [Booking items]}`'),
        ),
        run: async () =>
          count((await client.call('listBookingsForHallGrid', { query: { id: hall, statusType: 'All', timerange: 5 } })).data),
      },
      {
        name: 'listRoomsForBooking',
        source: src(doc('Rooms (GET)', '/api/Rooms/GetForHallForBooking | hallid (int) | Array of Room')),
        run: async () => count((await client.call('listRoomsForBooking', { query: { hallid: hall } })).data),
      },
      {
        name: 'listCustomersForHall',
        source: src(doc('Customers, GET /api/customers/getforhall', 'Response: JSON array of Customer items')),
        run: async () => count((await client.call('listCustomersForHall', { query: { id: hall } })).data),
      },
      {
        name: 'listSchedulerEvents',
        source: src(doc('Scheduler, GET /api/Scheduler/GetBookings', 'Response: JSON array of Calendar event')),
        run: async () => count((await client.call('listSchedulerEvents', { query: { HallId: hall, start: day(-31), end: day(62) } })).data),
      },
      {
        name: 'listActivityTypes',
        source: src(doc('Hall configuration', '/api/ActivityTypes/GetForHall | id (hall id) | Array of Activity type')),
        run: async () => count((await client.call('listActivityTypes', { query: { id: hall } })).data),
      },
    ],
  };
}
