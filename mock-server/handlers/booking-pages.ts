// HTML routes of the bookings domain (interface doc, "Create booking", "Edit booking",
// "View booking", "Delete booking", "Request / confirm changes"): forms bound the MVC
// way, validation that re-renders with 200 and stores nothing, redirects on success.
// Every route reads and writes mock.state at request time.
import { HttpResponse } from 'msw';
import { pagePath, pages } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { bookingForm, emptyBookingForm } from '../html/booking-form.js';
import { bookingView } from '../html/booking-view.js';
import { ukDateTime } from '../html/dates.js';
import { esc, layout } from '../html/layout.js';
import type { BookingRecord } from '../state.js';
import { htmlWithToken, notFoundPage, pageRoute } from '../routes.js';
import { bookingViewModel, findBooking, hallRooms, statusOptionValue, storedSubmission } from './booking-model.js';
import { readSubmission, type Submission } from './booking-submission.js';
import { validateBooking } from './booking-validation.js';
import { bookingItem } from './present.js';

/** Rows on one page of the bookings index. */
const INDEX_PAGE_SIZE = 50;

const redirect = (location: string) => new HttpResponse(null, { status: 302, headers: { Location: location } });
const view = (b: BookingRecord) => pagePath('viewBookingPage', { booking_id: b.id });
const index = (b: BookingRecord) => pagePath('bookingsIndexPage', { hall_id: b.hallId });

function formPage(
  mock: MockContext,
  request: Request,
  user: string | null,
  sub: Submission,
  errors: Record<string, string>,
  editing?: BookingRecord,
): Response {
  const hallId = editing?.hallId ?? mock.hallId;
  return htmlWithToken(mock, request, user, (token) =>
    bookingForm({
      heading: editing ? `Edit booking: ${editing.name}` : 'New booking',
      action: editing ? pagePath('submitEditBookingForm', { booking_id: editing.id }) : pagePath('submitCreateBookingForm'),
      cancelHref: pagePath('bookingsIndexPage', { hall_id: hallId }),
      token,
      user: user ?? '',
      hallId,
      values: sub.values,
      selectedRoomIds: sub.selectedRoomIds,
      errors,
      rooms: hallRooms(mock, hallId),
      customers: mock.state.customers.filter((c) => c.hallId === hallId && !c.deleted && !c.staff),
      activityTypes: mock.state.activityTypes.filter((a) => a.hallId === hallId),
      priceRates: mock.state.priceRates.filter((p) => p.hallId === hallId),
      statuses: mock.state.bookingStatuses.map((x) => ({ value: statusOptionValue(mock, x), text: x.name })),
      bookingId: editing?.id,
    }),
  );
}

// A grid pages on the server, as a Kendo grid does: one page of rows (`?page=N`, from 1), so the
// page weighs the same for a hall of ten bookings and one of thousands. The newest first (the state keeps
// the order bookings were made in; a big hall's ids lie above the new ones): a booking just made, where a
// create post leads, is on the first page.
function indexPageHandlers(mock: MockContext) {
  return [
    pageRoute(mock, pages.bookingsIndexPage, ({ request, user, params }) => {
      const hallId = Number(params.hall_id);
      const all = mock.state.bookings.filter((b) => b.hallId === hallId && b.parentId === null).reverse();
      const pageCount = Math.max(1, Math.ceil(all.length / INDEX_PAGE_SIZE));
      const asked = Number(new URL(request.url).searchParams.get('page'));
      const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pageCount) : 1;
      const pageLink = (n: number, text: string) =>
        `<a href="${pagePath('bookingsIndexPage', { hall_id: hallId })}?page=${n}" rel="${n < page ? 'prev' : 'next'}">${text}</a>`;
      const pager =
        `<p class="pager">Page ${page} of ${pageCount} (${all.length} bookings)` +
        (page > 1 ? ` ${pageLink(page - 1, 'Previous')}` : '') +
        (page < pageCount ? ` ${pageLink(page + 1, 'Next')}` : '') +
        '</p>';
      const rows = all
        .slice((page - 1) * INDEX_PAGE_SIZE, page * INDEX_PAGE_SIZE)
        .map((b) => bookingItem(mock, b))
        .map(
          (b) =>
            `<tr data-booking-id="${b.BookingId}">` +
            `<td><a href="${pagePath('viewBookingPage', { booking_id: b.BookingId })}">${esc(b.BookingName)}</a></td>` +
            [ukDateTime(b.StartDateTime), ukDateTime(b.EndDateTime), b.Status, b.RoomsUsed].map((v) => `<td>${esc(v)}</td>`).join('') +
            '</tr>',
        )
        .join('\n');
      return htmlWithToken(mock, request, user, (token) =>
        layout({
          title: 'Bookings',
          token,
          user: user ?? '',
          body: `<h1>Bookings</h1>
<form id="bookingsGridForm"><input name="__RequestVerificationToken" type="hidden" value="${esc(token)}" /></form>
<a href="${pagePath('createBookingPage')}">New booking</a>
<table id="bookingsGrid"><thead><tr><th>Name</th><th>Start</th><th>End</th><th>Status</th><th>Rooms</th></tr></thead>
<tbody>${rows}</tbody></table>
${pager}`,
        }),
      );
    }),
  ];
}

function formHandlers(mock: MockContext) {
  return [
    // Live notes: Create has no hall id in its URL; the hall comes from the session.
    pageRoute(mock, pages.createBookingPage, ({ request, user }) =>
      formPage(mock, request, user, { values: emptyBookingForm(), selectedRoomIds: [] }, {}),
    ),

    pageRoute(mock, pages.submitCreateBookingForm, ({ request, user, form }) => {
      const sub = readSubmission(form);
      const result = validateBooking(mock, sub, mock.hallId);
      if (!result.ok) return formPage(mock, request, user, sub, result.errors);
      const created: BookingRecord = {
        ...result.record,
        id: mock.state.nextBookingId++,
        parentId: null,
        isRecurring: false,
        pendingChange: false,
      };
      mock.state.bookings.push(created);
      // Open point formRedirects: where create and edit lead is not known (live notes).
      return redirect(mock.readings.formRedirects === 'index-then-view' ? index(created) : view(created));
    }),

    pageRoute(mock, pages.editBookingPage, ({ request, user, params }) => {
      const b = findBooking(mock, params.booking_id);
      return b ? formPage(mock, request, user, storedSubmission(mock, b), {}, b) : notFoundPage();
    }),

    pageRoute(mock, pages.submitEditBookingForm, ({ request, user, params, form }) => {
      const b = findBooking(mock, params.booking_id);
      if (!b) return notFoundPage();
      const sub = readSubmission(form);
      const result = validateBooking(mock, sub, b.hallId, b.id);
      if (!result.ok) return formPage(mock, request, user, sub, result.errors, b);
      Object.assign(b, result.record);
      return redirect(mock.readings.formRedirects === 'index-then-view' ? view(b) : index(b));
    }),
  ];
}

function viewHandlers(mock: MockContext) {
  return [
    pageRoute(mock, pages.viewBookingPage, ({ request, user, params }) => {
      const b = findBooking(mock, params.booking_id);
      return b ? htmlWithToken(mock, request, user, (token) => bookingView(bookingViewModel(mock, b), token, user ?? '')) : notFoundPage();
    }),
  ];
}

function changeHandlers(mock: MockContext) {
  return [
    // Open point deleteEffect (live notes: "removed or cancelled: accept either"): the booking
    // and a series' children are removed, or kept with the status Cancelled.
    pageRoute(mock, pages.deleteBooking, ({ params }) => {
      const b = findBooking(mock, params.booking_id);
      if (!b) return notFoundPage();
      const affected = (x: BookingRecord) => x.id === b.id || x.parentId === b.id;
      if (mock.readings.deleteEffect === 'cancel') {
        for (const x of mock.state.bookings.filter(affected)) x.status = 'Cancelled';
      } else {
        mock.state.bookings = mock.state.bookings.filter((x) => !affected(x));
      }
      return redirect(pagePath('bookingsIndexPage', { hall_id: b.hallId }));
    }),

    // Live notes: one pending change at a time; a second request leaves the first in place.
    pageRoute(mock, pages.requestBookingChanges, ({ request, user, params }) => {
      const b = findBooking(mock, params.booking_id);
      if (!b) return notFoundPage();
      if (b.pendingChange) {
        return htmlWithToken(mock, request, user, (token) =>
          bookingView(bookingViewModel(mock, b), token, user ?? '', 'This booking already has a change request awaiting confirmation.'),
        );
      }
      b.pendingChange = true;
      return redirect(pagePath('viewBookingPage', { booking_id: b.id }));
    }),

    pageRoute(mock, pages.confirmBookingChanges, ({ params }) => {
      const b = findBooking(mock, params.booking_id);
      if (!b) return notFoundPage();
      b.pendingChange = false;
      return redirect(pagePath('viewBookingPage', { booking_id: b.id }));
    }),
  ];
}

export function bookingPageHandlers(mock: MockContext) {
  return [...indexPageHandlers(mock), ...formHandlers(mock), ...viewHandlers(mock), ...changeHandlers(mock)];
}
