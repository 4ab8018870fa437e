// HTML routes of the scheduler (interface doc, "Rooms" and "Scheduler"): the week view
// with the room colour list, and the quick booking popup fragment.
import { HttpResponse } from 'msw';
import { pages } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { bookingPopup } from '../html/booking-view.js';
import { esc } from '../html/layout.js';
import { schedulerPage } from '../html/scheduler.js';
import { shiftLocal, startOfDay } from '../../contracts/service-time.js';
import { htmlWithToken, notFoundPage, pageRoute } from '../routes.js';
import { bookingViewModel } from './booking-model.js';

/** Monday 00:00 of the week holding `iso` (a UK calendar week). */
function weekStart(iso: string): string {
  const day = startOfDay(iso);
  const weekday = new Date(`${day}Z`).getUTCDay();
  return shiftLocal(day, { days: -((weekday + 6) % 7) });
}

export function schedulerPageHandlers(mock: MockContext) {
  return [
    pageRoute(mock, pages.schedulerPage, ({ request, user, params }) => {
      const hallId = Number(params.hall_id);
      const hall = mock.state.halls.find((h) => h.id === hallId);
      if (!hall) return notFoundPage();
      // `?date=YYYY-MM-DD` (the page's own week navigation writes it) shows that day's week; else this week.
      const asked = new URL(request.url).searchParams.get('date') ?? '';
      const day = /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? `${asked}T00:00:00` : mock.state.now;
      return htmlWithToken(mock, request, user, (token) =>
        schedulerPage({
          hallId,
          hallName: hall.name,
          token,
          user: user ?? '',
          rooms: mock.state.rooms.filter((r) => r.hallId === hallId).sort((a, b) => a.rowNumber - b.rowNumber),
          weekStart: weekStart(day),
          today: mock.state.now.slice(0, 10),
          roomLabels: mock.readings.roomLabels,
        }),
      );
    }),

    pageRoute(mock, pages.bookingPopup, ({ params }) => {
      const b = mock.state.bookings.find((x) => x.id === Number(params.booking_id));
      if (!b) return HttpResponse.html(`<div class="booking-popup">${esc('Page Not Found!')}</div>`, { status: 404 });
      return HttpResponse.html(bookingPopup(bookingViewModel(mock, b)));
    }),
  ];
}
