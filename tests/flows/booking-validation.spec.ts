// The booking form refuses bad input: a missing required field or an end
// before the start re-renders the form with a message, and nothing is created.
import { pagePath } from '../../contracts/index.js';
import { gridBookings, type BookingDraft, type BookingLedger } from '../../fixtures/bookings.js';
import type { HbClient } from '../../client/client.js';
import type { BookingFormPage, FormOutcome } from '../../fixtures/pages/booking-form-page.js';
import { doc, html } from '../../coverage/sources.js';
import { expect, test, type Slot } from './flows.fixture.js';

/** Bookings starting at `start` (the window was free, so any is this test's); tracked so cleanup removes a wrongly stored one. */
async function bookingsAt(api: HbClient, hallId: number, bookings: BookingLedger, start: string) {
  const day = start.slice(0, 10);
  const rows = (await gridBookings(api, hallId, day, day)).filter(
    (b) => b.StartDateTime.slice(0, 19) === start || b.BookingName.includes(bookings.tag),
  );
  for (const b of rows) bookings.track(b.BookingId);
  return rows.map((b) => `${b.BookingId} "${b.BookingName}" ${b.StartDateTime}–${b.EndDateTime}`);
}

/**
 * Refused: the page stays on the form (a redirect back to it counts; the interface doc shows
 * no status for validation failures, and a server error is none: RFC 9110, 15.6) and some
 * message says so. That nothing was created is checked through the grid by the caller, and is
 * the hard proof.
 */
async function assertRefused(outcome: FormOutcome, form: BookingFormPage, what: string) {
  const post = `submitCreateBookingForm: POST ${pagePath('submitCreateBookingForm')} with ${what}`;
  expect(outcome.kind, `${post} answered ${JSON.stringify(outcome)}; expected the form again`).not.toBe('other');
  // Said at once, not after waiting for a form the error page does not show.
  const status = outcome.kind === 're-rendered' ? outcome.status : 0;
  expect(status, `${post} answered ${JSON.stringify(outcome)}; a server error is no refusal`).toBeLessThan(500);
  await expect(
    form.form,
    `${post} answered ${JSON.stringify(outcome)}; the booking form is not on the page it led to (${form.page.url()})`,
  ).toHaveCount(1);
  expect(
    await form.messages(),
    `${post}: no message (role=alert, .validation-summary-errors, .field-validation-error, text by a field, aria-invalid, browser ` +
      `validation)`,
  ).not.toHaveLength(0);
}

/** A slot on a free day, what breaks it once the form is filled (if anything), and those words in the failure. */
interface RefusedCase {
  title: string;
  slot: Slot;
  breaks: (form: BookingFormPage) => Promise<void>;
  what: (draft: BookingDraft) => string;
}

test.describe(
  'booking form validation @write',
  {
    annotation: [
      doc('Bookings, Create booking (HTML form)', 'Required form fields: `Name`, `StartDate`, `EndDate`, …'),
      html('forms', 'a refused submission re-renders the form with its messages (role=alert, aria-invalid, validation classes)'),
    ],
  },
  () => {
    const cases: RefusedCase[] = [
      {
        title: 'submitCreateBookingForm without a Name re-renders the form with a message and creates nothing',
        slot: ['Flow missing name', '10:00', '11:00'],
        breaks: (form) => form.fillText('Name', ''),
        what: () => 'an empty Name',
      },
      {
        title: 'submitCreateBookingForm with the end before the start is refused and creates nothing',
        slot: ['Flow end before start', '15:00', '13:30'],
        breaks: async () => {},
        what: (draft) => `EndDate ${draft.end} before StartDate ${draft.start}`,
      },
    ];
    for (const { title, slot, breaks, what } of cases) {
      test(title, async ({ bookingForm, api, target, bookings }) => {
        const { form, draft } = await bookingForm.fill(...slot);
        await breaks(form);
        await assertRefused(await form.submit(), form, what(draft));
        expect(await bookingsAt(api, target.hallId, bookings, draft.start), 'grid after a refused create').toEqual([]);
      });
    }
  },
);
