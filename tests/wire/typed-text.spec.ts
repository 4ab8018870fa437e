// What people type comes back exactly, in every view: names with accents, other scripts, dashes, quotes, emoji and
// markup characters, at the length the form allows, created and then edited through the forms, each held to what was
// posted in the grid, the scheduler feed, the View page, the popup and the edit form (client/hall/). A name the
// service refuses is answered with the create form again, never stored altered.
import { pagePath } from '../../contracts/index.js';
import { createBooking, editBooking, type BookingValues } from '../../client/booking-writes.js';
import { pickForm } from '../../client/forms.js';
import { fromPosted } from '../../client/hall/booking.js';
import { expect, test } from './wire.fixture.js';
import { doc } from '../../coverage/sources.js';

/** Text people type: each a name of its own (no brackets: the live notes do not say how the request filter reads values). */
const TYPED = {
  accents: 'Café Ünïcödé crème brûlée',
  scripts: 'Ελληνικά · Кириллица · العربية · 中文会议',
  dashes: 'en–dash em—dash minus−sign non‑breaking',
  quotes: `Quotes "double" 'single' ‘curly’ “curly”`,
  emoji: 'Emoji 🎉 👩‍👩‍👧 🇬🇧',
  markup: 'Markup <b>bold</b> &amp; &lt;tag&gt; a&b',
} as const;

/** The form's own limit on Name (`maxlength`), else a generous one. */
const nameLimit = (html: string): number =>
  Number(
    /<input\b[^>]*\bname="Name"[^>]*\bmaxlength="(\d+)"/i.exec(html)?.[1] ??
      /\bmaxlength="(\d+)"[^>]*\bname="Name"/i.exec(html)?.[1] ??
      100,
  );

const SOURCES = {
  annotation: [
    doc('Booking (grid item)', 'BookingName | string'),
    doc('Bookings, Create booking (HTML form)', 'Required form fields: `Name`, `StartDate`, `EndDate`'),
  ],
};

test.describe('typed text @write', SOURCES, () => {
  for (const [kind, text] of Object.entries(TYPED)) {
    test(`a name with ${kind} comes back exactly in every view, created and edited`, async ({ api, bookings, hall, target }) => {
      const [day, room] = [await bookings.freeDays(1), [...hall.catalogue.roomNames.keys()][0] as string];
      const values: BookingValues = {
        name: bookings.name(text),
        start: `${day}T10:00:00`,
        end: `${day}T11:00:00`,
        roomIds: [room],
        status: 'Confirmed',
        customerId: bookings.testCustomerId,
        // The same text as the description, which the popup shows.
        description: text,
      };
      const created = await createBooking(api, target.hallId, values);
      expect(created.posted, `createBooking "${values.name}": ${created.seen}`).toBeDefined();
      bookings.track(created.posted!.id);
      await hall.expectViews(fromPosted(created.posted!, hall.catalogue), 'what was posted');
      const renamed = { ...values, name: bookings.name(`${text} (edited)`) };
      const edited = await editBooking(api, created.posted!.id, renamed);
      expect(edited.posted, `editBooking ${created.posted!.id}: ${edited.seen}`).toBeDefined();
      await hall.expectViews(fromPosted(edited.posted!, hall.catalogue), 'what was posted');
    });
  }

  test('a name at the length the form allows comes back whole, or is refused with the form message, never cut', async ({
    api,
    bookings,
    hall,
    target,
  }) => {
    const page = await api.send(pagePath('createBookingPage'), { endpointId: 'createBookingPage' });
    pickForm(page.text, { postPath: pagePath('submitCreateBookingForm') });
    const limit = nameLimit(page.text);
    // The test's tag first: a name cut short keeps it, so the test finds (and its cleanup deletes) what was stored.
    const name = `${bookings.name('').trim()} ${'Ünïcödé long name 名 — '.repeat(20)}`.slice(0, limit);
    const day = await bookings.freeDays(1);
    const room = [...hall.catalogue.roomNames.keys()][0] as string;
    const values: BookingValues = { name, start: `${day}T12:00:00`, end: `${day}T13:00:00`, roomIds: [room], status: 'Confirmed' };
    const created = await createBooking(api, target.hallId, { ...values, customerId: bookings.testCustomerId });
    if (created.posted) {
      bookings.track(created.posted.id);
      await hall.expectViews(fromPosted(created.posted, hall.catalogue), 'what was posted');
      return;
    }
    // Not found under the name posted: stored under no other name (cut short), and answered with the create form again
    // (the document shows no error status or message format for a refused form).
    const stored = await bookings.mine();
    expect(
      stored.map((b) => `${b.BookingId} "${b.BookingName}"`),
      `a ${name.length}-character name not stored as posted is stored under no other name`,
    ).toEqual([]);
    expect(
      () => pickForm(created.reply.text, { postPath: pagePath('submitCreateBookingForm') }),
      `the create post of a ${name.length}-character name, not taken: the create form again (${created.seen})`,
    ).not.toThrow();
  });
});
