// Regressions of the hall as a whole, which no single answer shows: a view that disagrees with the others, text
// altered on store, a write that changes more of its booking than it should, a rule broken for one status, and an
// endpoint that answers in seconds (the model of the hall, client/hall/, and the answer-time budget catch them).
import { setTimeout as sleep } from 'node:timers/promises';
import { Booking, endpoints as E, mapItems, pages } from '../contracts/index.js';
import { shiftLocal } from '../contracts/service-time.js';
import { esc } from './html/layout.js';
import { isAt, isFormPost, onItems, rewriteHtml, set, withRawBody, type Mutant } from './mutant-kit.js';

/** The booking id at the end of a page path such as `/Admin/Bookings/View/{id}`. */
const idAtEnd = (request: Request) => Number(new URL(request.url).pathname.split('/').pop());
const hourEarlier = (iso: unknown) => (typeof iso === 'string' ? shiftLocal(iso.slice(0, 19), { hours: -1 }) : iso);
/** Text as a careless store keeps it: accents dropped (NFD, combining marks removed), anything past the BMP a `?`. */
const flattened = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u{10000}-\u{10FFFF}]/gu, '?');

export const hallMutants = [
  {
    id: 'grid-times-shifted',
    area: 'bookings',
    breaks: "a booking's times are the same in every view (interface doc, Booking; Calendar event): the grid shows them an hour early",
    json: onItems(Booking, ['listBookingsForHallGrid', 'listChildBookings'], (b) =>
      set(set(b, 'StartDateTime', hourEarlier(b.StartDateTime)), 'EndDateTime', hourEarlier(b.EndDateTime)),
    ),
  },
  {
    id: 'scheduler-event-in-another-room',
    area: 'scheduler',
    breaks: "a booking of several rooms has one event per booked room, in that room's colour (live notes, Scheduler)",
    json: (id, data, mock) => {
      if (id !== 'listSchedulerEvents') return data;
      const seen = new Set<unknown>();
      return mapItems(data, (e) => {
        const bookingId = e.id ?? e.Id;
        const booking = mock.state.bookings.find((b) => b.id === bookingId);
        const first = !seen.has(bookingId);
        seen.add(bookingId);
        const other = mock.state.rooms.find((r) => r.hallId === booking?.hallId && !booking.roomIds.includes(r.id));
        // The second event of a booking of several rooms is coloured as a room the booking does not take.
        return first || !booking || booking.roomIds.length < 2 || !other ? e : { ...e, color: other.colour.toLowerCase() };
      });
    },
  },
  {
    id: 'view-page-shows-another-name',
    area: 'pages',
    breaks: 'the View page shows the booking it is for (interface doc, View booking): it shows the name of the booking before it',
    intercept: async (request, next, mock) => {
      const response = await next(request);
      if (!isAt(request, pages.viewBookingPage)) return response;
      const id = idAtEnd(request);
      const booking = mock.state.bookings.find((b) => b.id === id);
      const other = mock.state.bookings.find((b) => b.id !== id && b.hallId === booking?.hallId && b.name !== booking.name);
      return booking && other ? rewriteHtml(response, (html) => html.split(esc(booking.name)).join(esc(other.name))) : response;
    },
  },
  {
    id: 'booking-name-flattened-on-store',
    area: 'pages',
    breaks: 'a booking name is stored as typed: accents, other scripts and emoji are kept (interface doc, Booking: BookingName string)',
    intercept: async (request, next) => {
      const form = isAt(request, pages.submitCreateBookingForm) || isAt(request, pages.submitEditBookingForm);
      if (!form || !isFormPost(request)) return next(request);
      const fields = new URLSearchParams(await request.clone().text());
      const name = fields.get('Name');
      if (name === null || flattened(name) === name) return next(request);
      fields.set('Name', flattened(name));
      return next(withRawBody(request, fields.toString()));
    },
  },
  {
    id: 'confirm-changes-moves-end',
    area: 'pages',
    breaks: "confirming a booking's change request changes its pending state, nothing else of it (live notes, Booking form)",
    intercept: async (request, next, mock) => {
      const response = await next(request);
      if (isAt(request, pages.confirmBookingChanges)) {
        const booking = mock.state.bookings.find((b) => b.id === idAtEnd(request));
        if (booking) booking.end = shiftLocal(booking.end, { minutes: 30 });
      }
      return response;
    },
  },
  {
    id: 'cancelled-booking-holds-its-slot',
    area: 'bookings',
    breaks: 'CheckAvailability counts the bookings that hold their slot: a Cancelled one holds none (interface doc, States)',
    intercept: async (request, next, mock) => {
      if (request.method !== 'POST' || !isAt(request, E.checkAvailability)) return next(request);
      const cancelled = mock.state.bookings.filter((b) => b.status === 'Cancelled');
      for (const b of cancelled) b.status = 'Confirmed';
      try {
        return await next(request);
      } finally {
        for (const b of cancelled) b.status = 'Cancelled';
      }
    },
  },
  {
    id: 'rooms-for-booking-slow',
    area: 'rooms',
    breaks: 'an endpoint answers in milliseconds, not seconds: GetForHallForBooking takes three seconds',
    intercept: async (request, next) => {
      if (isAt(request, E.listRoomsForBooking)) await sleep(3_000);
      return next(request);
    },
  },
] as const satisfies readonly Mutant[];
