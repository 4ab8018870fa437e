// The read-only booking page and the scheduler's quick popup fragment (interface doc,
// "View booking"; live notes, "Scheduler": Description and Rooms labels with the text
// in a sibling div).
import { pagePath } from '../../contracts/index.js';
import { ukDateTime } from './dates.js';
import { esc, layout } from './layout.js';

export interface BookingViewModel {
  id: number;
  name: string;
  start: string;
  end: string;
  status: string;
  customer: string;
  activity: string;
  priceRate: string;
  rooms: string;
  description: string;
  pendingChange: boolean;
  hallId: number;
}

export function bookingView(m: BookingViewModel, token: string, user: string, notice = ''): string {
  const row = (label: string, value: string) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`;
  return layout({
    title: `Booking ${m.name}`,
    token,
    user,
    body: `<h2>${esc(m.name)}</h2>
${notice ? `<div class="alert alert-info" role="status">${esc(notice)}</div>` : ''}
${m.pendingChange ? '<div class="alert alert-warning">The customer has requested changes to this booking.</div>' : ''}
<dl class="dl-horizontal">
  ${row('Booking name', m.name)}
  ${row('Start', ukDateTime(m.start))}
  ${row('End', ukDateTime(m.end))}
  ${row('Status', m.status)}
  ${row('Customer', m.customer)}
  ${row('Activity', m.activity)}
  ${row('Price rate', m.priceRate)}
  ${row('Rooms', m.rooms)}
  ${row('Description', m.description)}
</dl>
<p>
  <a href="${pagePath('editBookingPage', { booking_id: m.id })}">Edit</a> |
  <a href="${pagePath('requestBookingChanges', { booking_id: m.id })}">Request changes</a> |
  <a href="${pagePath('confirmBookingChanges', { booking_id: m.id })}">Confirm changes</a> |
  <a href="${pagePath('deleteBooking', { booking_id: m.id })}">Delete</a> |
  <a href="${pagePath('bookingsIndexPage', { hall_id: m.hallId })}">Back to list</a>
</p>`,
  });
}

/** The popup is a fragment: no layout, no token. */
export function bookingPopup(m: BookingViewModel): string {
  const until = m.end.slice(0, 10) === m.start.slice(0, 10) ? m.end.slice(11, 16) : ukDateTime(m.end);
  return `<div class="booking-popup" data-booking="${m.id}">
  <h4 class="popup-title">${esc(m.name)}</h4>
  <div class="popup-row"><label>When</label><div>${esc(ukDateTime(m.start))} – ${esc(until)}</div></div>
  <div class="popup-row"><label for="Description">Description</label><div class="popup-value">${esc(m.description)}</div></div>
  <div class="popup-row"><label>Rooms</label><div class="popup-value">${esc(m.rooms)}</div></div>
  <div class="popup-row"><label>Status</label><div>${esc(m.status)}</div></div>
  <a href="${pagePath('viewBookingPage', { booking_id: m.id })}">Open booking</a>
</div>`;
}
