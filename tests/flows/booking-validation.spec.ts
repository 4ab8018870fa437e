// The booking form refuses bad input (issue 4): a missing required field or an end
// before the start re-renders the form with a message, and nothing is created.
import { pagePath } from '../../contracts/index.js';
import { draftBooking, expect, fillBooking, gridBookings, test, type BookingLedger } from '../../fixtures/bookings.js';
import type { HbClient } from '../../fixtures/http/client.js';
import { BookingFormPage, type FormOutcome } from '../../fixtures/pages/booking-form-page.js';

/** Bookings starting at `start` (the window was free, so any is this test's); tracked so cleanup removes a wrongly stored one. */
async function bookingsAt(api: HbClient, hallId: number, bookings: BookingLedger, start: string) {
  const day = start.slice(0, 10);
  const rows = (await gridBookings(api, hallId, day, day)).filter((b) => b.StartDateTime.slice(0, 19) === start || b.BookingName.includes(bookings.tag));
  for (const b of rows) bookings.track(b.BookingId);
  return rows.map((b) => `${b.BookingId} "${b.BookingName}" ${b.StartDateTime}–${b.EndDateTime}`);
}

function assertRefused(outcome: FormOutcome, form: BookingFormPage, what: string) {
  const post = `submitCreateBookingForm: POST ${pagePath('submitCreateBookingForm')}`;
  expect(['re-rendered', 'refused-in-browser'], `${post} with ${what} answered ${JSON.stringify(outcome)}; expected the form again (HTTP 200) with a message`).toContain(outcome.kind);
  if (outcome.kind === 're-rendered') expect(outcome.status, `${post} with ${what}`).toBe(200);
  const messages: string[] = outcome.kind === 'other' || outcome.kind === 'redirected' ? [] : outcome.messages;
  expect(messages, `${post} with ${what}: validation messages`).not.toHaveLength(0);
  return expect(form.form, `${post} with ${what}: the booking form is shown again`).toHaveCount(1);
}

test.describe('booking form validation @flow @ui @write', () => {
  test('submitCreateBookingForm without a Name re-renders the form with a message and creates nothing', async ({ page, api, target, bookings, browserSession }) => {
    const day = await bookings.freeDays();
    const form = new BookingFormPage(page, browserSession);
    await form.openCreate();
    const draft = await draftBooking(form, {
      name: bookings.name('Flow missing name'), start: `${day}T10:00:00`, end: `${day}T11:00:00`, roomCount: 1, status: 'Confirmed',
    }, bookings.testCustomerId);
    await fillBooking(form, draft);
    await form.fillText('Name', '');
    await assertRefused(await form.submit(), form, 'an empty Name');
    expect(await bookingsAt(api, target.hallId, bookings, draft.start), 'grid after a refused create').toEqual([]);
  });

  test('submitCreateBookingForm with the end before the start is refused and creates nothing', async ({ page, api, target, bookings, browserSession }) => {
    const day = await bookings.freeDays();
    const form = new BookingFormPage(page, browserSession);
    await form.openCreate();
    const draft = await draftBooking(form, {
      name: bookings.name('Flow end before start'), start: `${day}T15:00:00`, end: `${day}T13:30:00`, roomCount: 1, status: 'Confirmed',
    }, bookings.testCustomerId);
    await fillBooking(form, draft);
    await assertRefused(await form.submit(), form, `EndDate ${draft.end} before StartDate ${draft.start}`);
    expect(await bookingsAt(api, target.hallId, bookings, draft.start), 'grid after a refused create').toEqual([]);
  });
});
