// Form posts carry a token of their own session (interface doc, "Endpoints", common rule 3;
// "Authentication, Anti-forgery token use"): the create, edit and log-off posts with a token another
// browser session of the same user was given are refused and change nothing, as the JSON posts are.
import { BOOKING_ROOM_FIELD, TOKEN_FIELD, endpoints, pagePath } from '../../contracts/index.js';
import { parseForms, roomSelection, type FormOverrides, type ParsedForm } from '../../client/forms.js';
import type { HbClient } from '../../client/client.js';
import { doc, notes } from '../../coverage/sources.js';
import { vacuous } from '../../fixtures/readings.js';
import { bookingValues } from './booking-values.js';
import { expect, test } from './wire.fixture.js';

/** ASP.NET refuses a failed anti-forgery check with 400 (the mock does too); the document names no status. */
const refused = (status: number) => status >= 400;

/** A whole booking of the create form, in its first room, so that only the token can keep it from being stored. */
const wholeBooking =
  (values: (form: ParsedForm) => FormOverrides) =>
  (form: ParsedForm): FormOverrides => {
    const room = form.controls.find((c) => BOOKING_ROOM_FIELD.test(c.name) && c.name.endsWith('.RoomId'));
    return { ...values(form), ...roomSelection(form, room ? [room.value] : []).overrides };
  };

/** A token another session of the same user was given: the post must not serve this one. */
const foreignToken = async (freshClient: () => Promise<HbClient>) => (await freshClient()).antiForgeryToken();

test.describe(
  "form posts with another session's token",
  {
    annotation: [
      doc('Endpoints, common rule 3', 'A form POST carries the field `__RequestVerificationToken`'),
      doc('Authentication, Login flow', 'the session cookies obtained at login; the anti-forgery token read from the page'),
      notes('Login and tokens', 'A page may hold more than one token input (a logout form in the layout); any of them is valid'),
    ],
  },
  () => {
    test('the create post is refused and stores nothing @write', async ({ api, bookings, freshClient }) => {
      const [day, token] = await Promise.all([bookings.freeDays(1), foreignToken(freshClient)]);
      const name = bookings.name('Foreign token create');
      const start = `${day}T10:00:00`;
      const reply = await api.submitForm('createBookingPage', {}, (form) => ({
        ...wholeBooking(bookingValues(name, start, `${day}T11:00:00`, bookings.testCustomerId))(form),
        [TOKEN_FIELD]: token,
      }));
      expect(refused(reply.status), `POST ${reply.url} with another session's ${TOKEN_FIELD} → ${reply.status}`).toBe(true);
      expect(await bookings.find(name, start), `${endpoints.listBookingsForHallGrid.path} after the refused post`).toBeUndefined();
    });

    test('the edit post is refused and changes nothing @write', async ({ api, bookings, freshClient }) => {
      const [day, token] = await Promise.all([bookings.freeDays(1), foreignToken(freshClient)]);
      const name = bookings.name('Foreign token edit');
      const start = `${day}T10:00:00`;
      const made = await api.submitForm(
        'createBookingPage',
        {},
        wholeBooking(bookingValues(name, start, `${day}T11:00:00`, bookings.testCustomerId)),
      );
      const stored = await bookings.find(name, start);
      expect(stored, `POST ${made.url} → ${made.status}: the booking to edit is in the grid`).toBeDefined();
      const renamed = bookings.name('Renamed with a foreign token');
      const reply = await api.submitForm('editBookingPage', { booking_id: stored!.BookingId }, { Name: renamed, [TOKEN_FIELD]: token });
      expect(refused(reply.status), `POST ${reply.url} with another session's ${TOKEN_FIELD} → ${reply.status}`).toBe(true);
      expect((await bookings.find(name, start))?.BookingName, 'the name after the refused edit').toBe(name);
    });

    test('the log-off post is refused and the session lives on', async ({ freshClient }) => {
      const [ours, token] = await Promise.all([freshClient(), foreignToken(freshClient)]);
      const page = await ours.send(pagePath('bookingsIndexPage', { hall_id: ours.hallId }), { endpointId: 'bookingsIndexPage' });
      // Live notes: the layout may hold a logout form; its action is not named, so it is found by its words.
      const logout = parseForms(page.text).find((f) => f.method === 'POST' && /log\s*-?\s*(off|out)/i.test(f.action));
      if (!logout) {
        vacuous('no logout form on the bookings page: log-off unchecked');
        return;
      }
      const reply = await ours.submitForm(
        'bookingsIndexPage',
        { hall_id: ours.hallId },
        { [TOKEN_FIELD]: token },
        {
          formSelector: `form[action="${logout.action}"]`,
        },
      );
      expect(refused(reply.status), `POST ${reply.url} with another session's ${TOKEN_FIELD} → ${reply.status}`).toBe(true);
      expect(await ours.sessionAlive(), 'the session after a refused log-off').toBe(true);
    });
  },
);
