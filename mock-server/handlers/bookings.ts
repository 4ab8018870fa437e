// JSON endpoints of the Bookings domain, all reading mock state.
import { HttpResponse } from 'msw';
import { endpoints as E, type MockReadings, type StatusType } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import type { BookingRecord } from '../state.js';
import { shiftLocal, startOfDay } from '../../contracts/service-time.js';
import { jsonRoute } from '../routes.js';
import { bookingItem, list } from './present.js';

/**
 * Bounds of each `timerange` (0=Today … 4=LastYear); 5=All has none. The lower bound is the
 * same in both readings of the open point: `start-window` ends every range with today,
 * `from-start` leaves it open (future bookings included).
 */
function timeRangeWindow(now: string, range: number, reading: MockReadings['timerange']): { from: string | null; to: string | null } {
  const today = startOfDay(now);
  const to = reading === 'from-start' ? null : shiftLocal(today, { days: 1 });
  const days = [0, 7, 31, 92, 366][range];
  return { from: days === undefined ? null : shiftLocal(today, { days: -days }), to: days === undefined ? null : to };
}

/** Whether a record dated `date` (a booking's start, an audit's date) falls in the range. */
export function inTimeRange(now: string, date: string, range: number | undefined, reading: MockReadings['timerange']): boolean {
  if (range === undefined || range === 5) return true;
  const { from, to } = timeRangeWindow(now, range, reading);
  return (from === null || date >= from) && (to === null || date < to);
}

function matchesStatus(b: BookingRecord, status: StatusType | undefined): boolean {
  switch (status) {
    case undefined:
    case 'All':
      return true;
    case 'NotCancelled':
      return b.status !== 'Cancelled';
    case 'HasPending':
      return b.pendingChange;
    default:
      return b.status === status;
  }
}

/**
 * The room-clash rule: the hall's bookings, other than `except` and not cancelled, that hold one
 * of `roomIds` for part of `start`–`end` (local date-times, end exclusive). CheckAvailability
 * answers with them; the booking form refuses a post they clash with.
 */
export function clashingBookings(
  bookings: BookingRecord[],
  slot: { hallId: number; roomIds: number[]; start: string; end: string; except?: number },
): BookingRecord[] {
  return bookings.filter(
    (b) =>
      b.id !== slot.except &&
      b.hallId === slot.hallId &&
      b.status !== 'Cancelled' &&
      b.roomIds.some((r) => slot.roomIds.includes(r)) &&
      b.start < slot.end &&
      slot.start < b.end,
  );
}

const slashDay = (s: string) => s.slice(0, 10).replace(/\//g, '-');

export function bookingHandlers(mock: MockContext) {
  const hallBookings = (hallId: number) => mock.state.bookings.filter((b) => b.hallId === hallId);
  const topLevel = (hallId: number) => hallBookings(hallId).filter((b) => b.parentId === null);
  // Grid and counts read `timerange` the same way, as the server's reading says.
  const inRange = (b: BookingRecord, range: number | undefined) => inTimeRange(mock.state.now, b.start, range, mock.readings.timerange);
  return [
    jsonRoute(mock, E.listBookingsForHallGrid, ({ query: q }) => {
      const rows = topLevel(q.id)
        .filter((b) => matchesStatus(b, q.statusType))
        .filter((b) => inRange(b, q.timerange))
        .filter((b) => q.year === undefined || Number(b.start.slice(0, 4)) === q.year)
        .filter((b) => !q.startDateFrom || b.start.slice(0, 10) >= slashDay(q.startDateFrom))
        .filter((b) => !q.startDateTo || b.start.slice(0, 10) <= slashDay(q.startDateTo))
        .sort((a, b) => a.start.localeCompare(b.start));
      return list(
        mock,
        rows.map((b) => bookingItem(mock, b)),
      );
    }),
    jsonRoute(mock, E.listChildBookings, ({ query: q }) =>
      list(
        mock,
        mock.state.bookings.filter((b) => b.parentId === q.id).map((b) => bookingItem(mock, b)),
      ),
    ),
    jsonRoute(mock, E.getBookingCountsForHall, ({ query: q }) => {
      const rows = topLevel(q.id).filter((b) => inRange(b, q.timerange));
      const count = (s: StatusType) => rows.filter((b) => matchesStatus(b, s)).length;
      return { Requested: count('Requested'), Confirmed: count('Confirmed'), Cancelled: count('Cancelled'), Total: rows.length };
    }),
    jsonRoute(mock, E.getBookingTimeRangeCountsForHall, ({ query: q }) => {
      const rows = topLevel(q.id);
      const n = (r: number) => rows.filter((b) => inRange(b, r)).length;
      return { Today: n(0), Last7Days: n(1), LastMonth: n(2), Last3Months: n(3), LastYear: n(4), All: n(5) };
    }),
    jsonRoute(mock, E.getRequestedBookingsCount, ({ query: q }) => hallBookings(q.hallid).filter((b) => b.status === 'Requested').length),
    jsonRoute(mock, E.hasPendingBookingChanges, ({ query: q }) => hallBookings(q.hallid).some((b) => b.pendingChange)),
    jsonRoute(mock, E.checkAvailability, ({ body }) => {
      const conflicts = clashingBookings(mock.state.bookings, {
        hallId: body.HallId,
        roomIds: body.Rooms,
        start: body.StartDateTime.slice(0, 19),
        end: body.EndDateTime.slice(0, 19),
      });
      return { IsAvailable: conflicts.length === 0, ConflictingBookingIds: conflicts.map((b) => b.id) };
    }),
    jsonRoute(mock, E.getCostOfBooking, ({ body }) => {
      const rate = mock.state.priceRates.find((p) => p.id === body.PriceRateId && p.hallId === body.HallId);
      if (!rate) return HttpResponse.json({ Message: `Unknown price rate ${body.PriceRateId}` }, { status: 400 });
      const span = Date.parse(`${body.EndDateTime.slice(0, 19)}Z`) - Date.parse(`${body.StartDateTime.slice(0, 19)}Z`);
      // A date-time the calendar lacks (hour 25, month 13) is a bad request, as MVC's binder makes it.
      if (Number.isNaN(span)) return HttpResponse.json({ Message: 'StartDateTime and EndDateTime must be date-times' }, { status: 400 });
      const hours = Math.max(0, span / 3.6e6);
      const perHour = rate.name === 'Community' ? 12 : 20;
      return { Cost: Math.round(hours * perHour * body.Rooms.length * 100) / 100, Currency: 'GBP', PriceRate: rate.name };
    }),
    jsonRoute(mock, E.previewEmailContent, ({ body }) => ({
      Subject: 'Your booking at Oldtown Village Hall',
      Body: `<p>Preview for ${JSON.stringify(body).length} bytes of booking data.</p>`,
    })),
  ];
}
