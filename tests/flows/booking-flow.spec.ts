// The hall administrator's booking flows in Chromium: create, edit, request and confirm changes, delete, each held
// to what was posted in every view of the booking (the model of the hall, fixtures/hall.ts): the grid, the
// scheduler feed, the View page, the popup and the edit form.
import { addDays, endpoints, eventId, pagePath } from '../../contracts/index.js';
import { fromPosted } from '../../client/hall/booking.js';
import { draftBooking, fillBooking, gridBookings, postedOf, schedulerEvents, truthyAnswer } from '../../fixtures/bookings.js';
import { BookingFormPage } from '../../fixtures/pages/booking-form-page.js';
import { BookingActions } from '../../fixtures/pages/booking-actions.js';
import { recordReading } from '../../fixtures/readings.js';
import { doc, notes, openPoint } from '../../coverage/sources.js';
import { expect, test } from './flows.fixture.js';

const POSTED = 'what was posted';

const FORM = doc(
  'Bookings, Create booking (HTML form)',
  'GET `/Admin/Bookings/Create` returns an HTML form. The client reads the field names and the anti-forgery token from it',
);
const FIND = notes('Booking form', "no public client finds the new booking's id. Find it from the bookings grid (name and start)");

test.describe('booking flows @write', { annotation: [FORM, FIND, openPoint('formRedirects'), openPoint('statusOptions')] }, () => {
  const ONE_ROOM = 'submitCreateBookingForm with one room shows the booking in the grid, the scheduler feed, the View page and the popup';

  test(ONE_ROOM, async ({ bookingForm, bookings, hall }) => {
    const { draft, row } = await bookingForm.create('Flow one room', '09:00', '10:30');
    expect(await bookings.mine('NotCancelled'), 'bookings this test made: one create, one booking').toHaveLength(1);
    await hall.expectViews(fromPosted(postedOf(draft, row.BookingId), hall.catalogue), POSTED);
  });

  test(
    'submitCreateBookingForm with several rooms gives one scheduler event per room, each in its colour',
    {
      annotation: [notes('Scheduler', "A booking over several rooms comes back as one event per room, each in that room's colour")],
    },
    async ({ bookingForm, hall }) => {
      const rooms = hall.catalogue.roomNames.size;
      test.skip(rooms < 2, `the hall offers ${rooms} bookable room(s); several rooms need two or more`);
      const { draft, row } = await bookingForm.create('Flow several rooms', '11:15', '14:45', Math.min(3, rooms));
      await hall.expectViews(fromPosted(postedOf(draft, row.BookingId), hall.catalogue), POSTED);
    },
  );

  test(
    'submitEditBookingForm saves name, times, rooms and status to the grid, the scheduler feed and the View page',
    {
      annotation: [
        doc(
          'Bookings, Edit booking (HTML form)',
          'GET `/Admin/Bookings/Edit/{booking_id}` returns the current values; POST … submits changes',
        ),
      ],
    },
    async ({ bookingForm, page, bookings, browserSession, hall }) => {
      const { day, draft, row } = await bookingForm.create('Flow before edit', '09:00', '10:00');
      const next = addDays(day, 1);
      const form = new BookingFormPage(page, browserSession);
      await form.openEdit(row.BookingId);
      expect(await form.values(['Name']), `editBookingPage ${row.BookingId}: pre-filled Name`).toEqual({ Name: draft.name });
      expect(
        (await form.rooms()).filter((r) => r.checked).map((r) => r.roomId),
        `editBookingPage ${row.BookingId}: pre-ticked rooms`,
      ).toEqual(draft.rooms.map((r) => r.roomId));
      const roomCount = (await form.rooms()).length;
      // Other rooms than before where the hall has them, so a room change is visible.
      const roomOffset = roomCount > 1 ? 1 : 0;
      const edited = await draftBooking(
        form,
        {
          name: bookings.name('Flow after edit'),
          start: `${next}T13:15:00`,
          end: `${next}T15:45:00`,
          roomCount: Math.min(2, roomCount - roomOffset),
          roomOffset,
          status: 'Requested',
          description: 'Edited by the contract suite; safe to delete.',
        },
        bookings.testCustomerId,
      );
      await fillBooking(form, edited);
      const outcome = await form.submit();
      expect(
        outcome,
        `submitEditBookingForm: POST ${pagePath('submitEditBookingForm', { booking_id: row.BookingId })} answered ` +
          `${JSON.stringify(outcome)}`,
      ).toMatchObject({ kind: 'redirected' });

      const [after, before] = await Promise.all([bookings.find(edited.name, edited.start), bookings.find(draft.name, draft.start)]);
      expect(after?.BookingId, `${endpoints.listBookingsForHallGrid.path}: the edited booking under its new name and start`).toBe(
        row.BookingId,
      );
      expect(before, 'the grid still lists the booking under its old name and start').toBeUndefined();
      const views = await hall.expectViews(fromPosted(postedOf(edited, row.BookingId), hall.catalogue), POSTED);
      expect(views.view.text, `the View page of booking ${row.BookingId} after the edit: the old name`).not.toContain(draft.name);
    },
  );

  test(
    'requestBookingChanges marks the booking pending until confirmBookingChanges clears it',
    {
      annotation: [
        notes(
          'Booking form',
          'Customers "request changes" to a booking and an admin confirms them; one pending change at a time. ' +
            '`HasPendingBookingChanges` and the `HasPending` filter reflect that state',
        ),
      ],
    },
    async ({ bookingForm, page, api, target, browserSession, hall }) => {
      const { day, draft, row } = await bookingForm.create('Flow pending change', '18:00', '20:00');
      // A change request and its confirmation change the booking's pending state, nothing else of it.
      const model = fromPosted(postedOf(draft, row.BookingId), hall.catalogue);
      const pendingIds = async () => (await gridBookings(api, target.hallId, day, day, 'HasPending')).map((b) => b.BookingId);
      expect(await pendingIds(), 'HasPending filter before any request').not.toContain(row.BookingId);

      const actions = new BookingActions(page, browserSession);
      expect(
        (await actions.requestChanges(row.BookingId)).status,
        `GET ${pagePath('requestBookingChanges', { booking_id: row.BookingId })}`,
      ).toBeLessThan(400);
      // The filter names this booking, so it is the proof; the flag takes only a hall id (interface doc),
      // so another booking may raise it.
      const [pending, flag] = await Promise.all([pendingIds(), api.call('hasPendingBookingChanges', { query: { hallid: target.hallId } })]);
      expect(pending, 'HasPending filter after requestBookingChanges').toContain(row.BookingId);
      expect(truthyAnswer(flag.json), `hasPendingBookingChanges after a request answered ${JSON.stringify(flag.json)}`).toBe(true);
      await hall.expectViews(model, 'what was posted, before the change request');

      expect(
        (await actions.confirmChanges(row.BookingId)).status,
        `GET ${pagePath('confirmBookingChanges', { booking_id: row.BookingId })}`,
      ).toBeLessThan(400);
      expect(await pendingIds(), 'HasPending filter after confirmBookingChanges').not.toContain(row.BookingId);
      await hall.expectViews(model, 'what was posted, before the change request');
    },
  );

  test(
    'deleteBooking takes the booking off the not-cancelled grid, and off the scheduler feed unless it is kept as cancelled',
    {
      annotation: [
        notes('Booking form', 'After it, expect the booking to be gone from the not-cancelled grid (removed or cancelled: accept either)'),
        openPoint('deleteEffect'),
      ],
    },
    async ({ bookingForm, page, api, target, browserSession, hall }) => {
      const { day, draft, row } = await bookingForm.create('Flow delete', '08:00', '09:00');
      const eventIds = async () => (await schedulerEvents(api, target.hallId, day, addDays(day, 1))).map(eventId);
      expect(await eventIds(), 'scheduler feed before the delete').toContain(row.BookingId);

      const actions = new BookingActions(page, browserSession);
      expect((await actions.delete(row.BookingId)).status, `GET ${pagePath('deleteBooking', { booking_id: row.BookingId })}`).toBeLessThan(
        400,
      );

      // Three independent reads after the delete; the feed is needed unless the grid shows the booking cancelled.
      const [notCancelled, everyStatus, feedAfter] = await Promise.all([
        gridBookings(api, target.hallId, day, day, 'NotCancelled'),
        gridBookings(api, target.hallId, day, day, 'All'),
        eventIds(),
      ]);
      expect(
        notCancelled.map((b) => b.BookingId),
        `${endpoints.listBookingsForHallGrid.path}?statusType=NotCancelled after deleteBooking`,
      ).not.toContain(row.BookingId);
      // Live notes: removed or cancelled, either is accepted.
      const any = everyStatus.find((b) => b.BookingId === row.BookingId);
      if (any) {
        expect(any.Status, `booking ${row.BookingId} is still in the grid after deleteBooking, so it must be cancelled`).toBe('Cancelled');
        // Kept as cancelled: everything else of it as it was.
        await hall.expectViews({ ...fromPosted(postedOf(draft, row.BookingId), hall.catalogue), status: 'Cancelled' }, POSTED);
      }
      await recordReading(
        'deleteEffect',
        [any ? 'cancel' : 'remove'],
        any ? 'the grid still lists it, Cancelled' : 'the grid no longer lists it',
        target.baseUrl,
      );
      // Nothing documented says a cancelled booking leaves the feed, so its events may stay only when the grid shows it cancelled.
      if (any?.Status !== 'Cancelled') {
        const feed = endpoints.listSchedulerEvents.path;
        const removed = `${feed} after deleteBooking, which removed booking ${row.BookingId} from the grid`;
        expect(feedAfter, removed).not.toContain(row.BookingId);
      }
    },
  );
});
