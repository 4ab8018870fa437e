// HTML routes of the bookings domain (interface doc, "Create booking", "Edit booking",
// "View booking", "Delete booking", "Request / confirm changes"): forms bound the MVC
// way, validation that re-renders with 200 and stores nothing, redirects on success.
// Every route reads and writes mock.state at request time.
import { HttpResponse } from 'msw';
import { pagePath, pages } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { bookingForm, emptyBookingForm } from '../html/booking-form.js';
import { bookingView, type BookingViewModel } from '../html/booking-view.js';
import { ukDateTime } from '../html/dates.js';
import { esc, layout } from '../html/layout.js';
import type { BookingRecord } from '../state.js';
import { htmlWithToken, notFoundPage, pageRoute } from '../routes.js';
import { clashingBookings } from './bookings.js';
import { parseLocalDateTime, readSubmission, type Submission } from './booking-submission.js';
import { bookingItem, roomsUsed } from './present.js';

/** Rows on one page of the bookings index. */
const INDEX_PAGE_SIZE = 50;

const redirect = (location: string) => new HttpResponse(null, { status: 302, headers: { Location: location } });

/** The read-only model of a booking, shared by the View page and the scheduler's popup. */
export function bookingViewModel(mock: MockContext, b: BookingRecord): BookingViewModel {
  const item = bookingItem(mock, b);
  return {
    id: b.id,
    name: b.name,
    start: b.start,
    end: b.end,
    status: b.status,
    customer: item.CustomerName,
    activity: item.ActivityType,
    priceRate: mock.state.priceRates.find((p) => p.id === b.priceRateId)?.name ?? '',
    rooms: roomsUsed(mock, b),
    description: b.description,
    pendingChange: b.pendingChange,
    hallId: b.hallId,
  };
}

export function bookingPageHandlers(mock: MockContext) {
  const s = () => mock.state;
  const hallRooms = (hallId: number) =>
    s()
      .rooms.filter((r) => r.hallId === hallId && r.bookable)
      .sort((a, b) => a.rowNumber - b.rowNumber);
  const find = (id: string | undefined) => s().bookings.find((b) => b.id === Number(id));
  /** Open point statusOptions: the option value is the status id or its name. */
  const statusOptionValue = (x: { id: number; name: string }) => (mock.readings.statusOptions === 'names' ? x.name : String(x.id));
  const statusValueOf = (name: string) => {
    const x = s().bookingStatuses.find((y) => y.name === name);
    return x ? statusOptionValue(x) : '';
  };

  type Parsed =
    | { ok: true; record: Omit<BookingRecord, 'id' | 'parentId' | 'isRecurring' | 'pendingChange'> }
    | { ok: false; errors: Record<string, string> };

  /** Validate a submission for the session's hall; `self` is the booking being edited (not a conflict with itself). */
  function validate(sub: Submission, hallId: number, self?: number): Parsed {
    const v = sub.values;
    const errors: Record<string, string> = {};
    if (!v.Name.trim()) errors.Name = 'The Booking name field is required.';
    const start = parseLocalDateTime(v.StartDate);
    const end = parseLocalDateTime(v.EndDate);
    if (!v.StartDate.trim()) errors.StartDate = 'The Start field is required.';
    else if (!start) errors.StartDate = 'The field Start must be a date.';
    if (!v.EndDate.trim()) errors.EndDate = 'The End field is required.';
    else if (!end) errors.EndDate = 'The field End must be a date.';
    if (start && end && end <= start) errors.EndDate = 'The end of the booking must be after its start.';
    const customer = s().customers.find((c) => c.hallId === hallId && !c.deleted && c.id.toLowerCase() === v.CustomerId.toLowerCase());
    if (!customer) errors.CustomerId = v.CustomerId ? 'Unknown customer.' : 'The Customer field is required.';
    const activity = s().activityTypes.find((a) => a.hallId === hallId && String(a.id) === v.ActivityTypeId);
    if (!activity) errors.ActivityTypeId = 'The Activity field is required.';
    const rate = s().priceRates.find((p) => p.hallId === hallId && String(p.id) === v.PriceRateId);
    if (!rate) errors.PriceRateId = 'The Price rate field is required.';
    // Live notes: the working client posts the status as a name; MVC binds an enum from its
    // name or its number, case-insensitively, whatever the options' values are.
    const posted = v.BookingStatusId.trim().toLowerCase();
    const status = posted ? s().bookingStatuses.find((x) => String(x.id) === posted || x.name.toLowerCase() === posted) : undefined;
    if (!status) errors.BookingStatusId = 'The Status field is required.';
    const roomIds = sub.selectedRoomIds.filter((id) => hallRooms(hallId).some((r) => r.id === id));
    if (!roomIds.length) errors.BookingRoom = 'Select at least one room.';
    if (start && end && roomIds.length && !errors.EndDate) {
      const [clash] = clashingBookings(s().bookings, { hallId, roomIds, start, end, except: self });
      if (clash) errors[''] = `The selected rooms are not available: they are booked by "${clash.name}".`;
    }
    if (Object.keys(errors).length || !start || !end || !customer || !activity || !rate || !status) return { ok: false, errors };
    return {
      ok: true,
      record: {
        hallId,
        name: v.Name.trim(),
        start,
        end,
        status: status.name,
        customerId: customer.id,
        activityTypeId: activity.id,
        priceRateId: rate.id,
        roomIds,
        description: v.Description,
        sendEmails: v.SendEmails,
      },
    };
  }

  function formPage(
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
        rooms: hallRooms(hallId),
        customers: s().customers.filter((c) => c.hallId === hallId && !c.deleted && !c.staff),
        activityTypes: s().activityTypes.filter((a) => a.hallId === hallId),
        priceRates: s().priceRates.filter((p) => p.hallId === hallId),
        statuses: s().bookingStatuses.map((x) => ({ value: statusOptionValue(x), text: x.name })),
        bookingId: editing?.id,
      }),
    );
  }

  const storedSubmission = (b: BookingRecord): Submission => ({
    values: {
      Name: b.name,
      StartDate: b.start,
      EndDate: b.end,
      CustomerId: b.customerId,
      ActivityTypeId: String(b.activityTypeId),
      PriceRateId: String(b.priceRateId),
      BookingStatusId: statusValueOf(b.status),
      Description: b.description,
      SendEmails: b.sendEmails,
    },
    selectedRoomIds: b.roomIds,
  });

  const viewModel = (b: BookingRecord) => bookingViewModel(mock, b);
  const view = (b: BookingRecord) => pagePath('viewBookingPage', { booking_id: b.id });
  const index = (b: BookingRecord) => pagePath('bookingsIndexPage', { hall_id: b.hallId });

  return [
    // A grid pages on the server, as a Kendo grid does: one page of rows (`?page=N`, from 1), so the
    // page weighs the same for a hall of ten bookings and one of thousands. The newest first (the state keeps
    // the order bookings were made in; a big hall's ids lie above the new ones): a booking just made, where a
    // create post leads, is on the first page.
    pageRoute(mock, pages.bookingsIndexPage, ({ request, user, params }) => {
      const hallId = Number(params.hall_id);
      const all = s()
        .bookings.filter((b) => b.hallId === hallId && b.parentId === null)
        .reverse();
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

    // Live notes: Create has no hall id in its URL; the hall comes from the session.
    pageRoute(mock, pages.createBookingPage, ({ request, user }) =>
      formPage(request, user, { values: emptyBookingForm(), selectedRoomIds: [] }, {}),
    ),

    pageRoute(mock, pages.submitCreateBookingForm, ({ request, user, form }) => {
      const sub = readSubmission(form);
      const result = validate(sub, mock.hallId);
      if (!result.ok) return formPage(request, user, sub, result.errors);
      const created: BookingRecord = {
        ...result.record,
        id: s().nextBookingId++,
        parentId: null,
        isRecurring: false,
        pendingChange: false,
      };
      s().bookings.push(created);
      // Open point formRedirects: where create and edit lead is not known (live notes).
      return redirect(mock.readings.formRedirects === 'index-then-view' ? index(created) : view(created));
    }),

    pageRoute(mock, pages.editBookingPage, ({ request, user, params }) => {
      const b = find(params.booking_id);
      return b ? formPage(request, user, storedSubmission(b), {}, b) : notFoundPage();
    }),

    pageRoute(mock, pages.submitEditBookingForm, ({ request, user, params, form }) => {
      const b = find(params.booking_id);
      if (!b) return notFoundPage();
      const sub = readSubmission(form);
      const result = validate(sub, b.hallId, b.id);
      if (!result.ok) return formPage(request, user, sub, result.errors, b);
      Object.assign(b, result.record);
      return redirect(mock.readings.formRedirects === 'index-then-view' ? view(b) : index(b));
    }),

    pageRoute(mock, pages.viewBookingPage, ({ request, user, params }) => {
      const b = find(params.booking_id);
      return b ? htmlWithToken(mock, request, user, (token) => bookingView(viewModel(b), token, user ?? '')) : notFoundPage();
    }),

    // Open point deleteEffect (live notes: "removed or cancelled: accept either"): the booking
    // and a series' children are removed, or kept with the status Cancelled.
    pageRoute(mock, pages.deleteBooking, ({ params }) => {
      const b = find(params.booking_id);
      if (!b) return notFoundPage();
      const affected = (x: BookingRecord) => x.id === b.id || x.parentId === b.id;
      if (mock.readings.deleteEffect === 'cancel') {
        for (const x of s().bookings.filter(affected)) x.status = 'Cancelled';
      } else {
        s().bookings = s().bookings.filter((x) => !affected(x));
      }
      return redirect(pagePath('bookingsIndexPage', { hall_id: b.hallId }));
    }),

    // Live notes: one pending change at a time; a second request leaves the first in place.
    pageRoute(mock, pages.requestBookingChanges, ({ request, user, params }) => {
      const b = find(params.booking_id);
      if (!b) return notFoundPage();
      if (b.pendingChange) {
        return htmlWithToken(mock, request, user, (token) =>
          bookingView(viewModel(b), token, user ?? '', 'This booking already has a change request awaiting confirmation.'),
        );
      }
      b.pendingChange = true;
      return redirect(pagePath('viewBookingPage', { booking_id: b.id }));
    }),

    pageRoute(mock, pages.confirmBookingChanges, ({ params }) => {
      const b = find(params.booking_id);
      if (!b) return notFoundPage();
      b.pendingChange = false;
      return redirect(pagePath('viewBookingPage', { booking_id: b.id }));
    }),
  ];
}
