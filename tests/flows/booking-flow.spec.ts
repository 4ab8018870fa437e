// The hall administrator's booking flows in Chromium: create, edit, request and
// confirm changes, delete, each verified through the JSON API and the pages.
import { addDays, endpoints, eventId, pagePath } from '../../contracts/index.js';
import { draftBooking, fillBooking, gridBookings, hallCatalogue, schedulerEvents, truthyAnswer } from '../../fixtures/bookings.js';
import { BookingFormPage } from '../../fixtures/pages/booking-form-page.js';
import { BookingActions } from '../../fixtures/pages/booking-view-page.js';
import { recordReading } from '../../fixtures/readings.js';
import { doc, notes, openPoint } from '../../coverage/sources.js';
import { assertGridRow, assertPagesShow, assertSchedulerEvents, roomColours } from './flow-steps.js';
import { expect, test } from './flows.fixture.js';

const FORM = doc(
  'Bookings, Create booking (HTML form)',
  'GET `/Admin/Bookings/Create` returns an HTML form. The client reads the field names and the anti-forgery token from it',
);
const FIND = notes('Booking form', "no public client finds the new booking's id. Find it from the bookings grid (name and start)");

test.describe('booking flows @write', { annotation: [FORM, FIND, openPoint('formRedirects'), openPoint('statusOptions')] }, () => {
  const ONE_ROOM = 'submitCreateBookingForm with one room shows the booking in the grid, the scheduler feed, the View page and the popup';

  test(ONE_ROOM, async ({ bookingForm, page, api, target, bookings, browserSession }) => {
    const { day, draft, row } = await bookingForm.create('Flow one room', '09:00', '10:30');
    const [mine, cat] = await Promise.all([bookings.mine('NotCancelled'), hallCatalogue(api, target.hallId)]);
    expect(mine, 'bookings this test made: one create, one booking').toHaveLength(1);
    await assertGridRow(row, draft, cat);
    // The page and the feed are independent reads: the page loads while the feed is read.
    const [colours, events] = await Promise.all([
      roomColours(page, browserSession, target.hallId, cat),
      schedulerEvents(api, target.hallId, day, addDays(day, 1)),
    ]);
    await assertSchedulerEvents(events, row.BookingId, draft, colours, cat);
    await assertPagesShow(page, browserSession, row.BookingId, draft, cat);
  });

  test(
    'submitCreateBookingForm with several rooms gives one scheduler event per room, each in its colour',
    {
      annotation: [notes('Scheduler', "A booking over several rooms comes back as one event per room, each in that room's colour")],
    },
    async ({ bookingForm, page, api, target, browserSession }) => {
      const cat = await hallCatalogue(api, target.hallId);
      test.skip(cat.roomNames.size < 2, `the hall offers ${cat.roomNames.size} bookable room(s); several rooms need two or more`);
      const { day, draft, row } = await bookingForm.create('Flow several rooms', '11:15', '14:45', Math.min(3, cat.roomNames.size));
      expect(row.RoomsUsed, 'grid RoomsUsed of a several-room booking').not.toBe('');
      await assertGridRow(row, draft, cat);
      const [colours, events] = await Promise.all([
        roomColours(page, browserSession, target.hallId, cat),
        schedulerEvents(api, target.hallId, day, addDays(day, 1)),
      ]);
      await assertSchedulerEvents(events, row.BookingId, draft, colours, cat);
      await assertPagesShow(page, browserSession, row.BookingId, draft, cat, { popup: false });
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
    async ({ bookingForm, page, api, target, bookings, browserSession }) => {
      const [{ day, draft, row }, cat] = await Promise.all([
        bookingForm.create('Flow before edit', '09:00', '10:00'),
        hallCatalogue(api, target.hallId),
      ]);
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
      await assertGridRow(after!, edited, cat);
      const [colours, events] = await Promise.all([
        roomColours(page, browserSession, target.hallId, cat),
        schedulerEvents(api, target.hallId, day, addDays(day, 2)),
      ]);
      await assertSchedulerEvents(events, row.BookingId, edited, colours, cat);
      await assertPagesShow(page, browserSession, row.BookingId, edited, cat, { absent: [draft.name] });
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
    async ({ bookingForm, page, api, target, browserSession }) => {
      const { day, row } = await bookingForm.create('Flow pending change', '18:00', '20:00');
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

      expect(
        (await actions.confirmChanges(row.BookingId)).status,
        `GET ${pagePath('confirmBookingChanges', { booking_id: row.BookingId })}`,
      ).toBeLessThan(400);
      expect(await pendingIds(), 'HasPending filter after confirmBookingChanges').not.toContain(row.BookingId);
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
    async ({ bookingForm, page, api, target, browserSession }) => {
      const { day, row } = await bookingForm.create('Flow delete', '08:00', '09:00');
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
      if (any)
        expect(any.Status, `booking ${row.BookingId} is still in the grid after deleteBooking, so it must be cancelled`).toBe('Cancelled');
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
