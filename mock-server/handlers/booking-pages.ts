// HTML routes of the bookings domain: the admin bookings page (a logged-in page that
// carries a fresh token, live notes "Login and tokens").
import { pages } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { esc, layout } from '../html/layout.js';
import { htmlWithToken, pageRoute } from '../routes.js';
import { bookingItem } from './present.js';

export function bookingPageHandlers(ctx: MockContext) {
  return [
    pageRoute(ctx, pages.bookingsIndexPage, ({ request, user, params }) => {
      const hallId = Number(params.hall_id);
      const rows = ctx.state.bookings
        .filter((b) => b.hallId === hallId && b.parentId === null)
        .map((b) => bookingItem(ctx, b))
        .map((b) => `<tr data-booking-id="${b.BookingId}"><td>${esc(b.BookingName)}</td><td>${esc(b.StartDateTime)}</td><td>${esc(b.EndDateTime)}</td><td>${esc(b.Status)}</td><td>${esc(b.RoomsUsed)}</td></tr>`)
        .join('\n');
      return htmlWithToken(ctx, request, user, (token) => layout({
        title: 'Bookings', token, user: user ?? '',
        body: `<h1>Bookings</h1>
<form id="bookingsGridForm"><input name="__RequestVerificationToken" type="hidden" value="${esc(token)}" /></form>
<a href="/Admin/Bookings/Create">New booking</a>
<table id="bookingsGrid"><thead><tr><th>Name</th><th>Start</th><th>End</th><th>Status</th><th>Rooms</th></tr></thead>
<tbody>${rows}</tbody></table>`,
      }));
    }),
  ];
}
