// Steps the booking flows share, each boxed so a failure points at the calling line: fill the create form with a
// draft of the page's own options, and create through the form, the booking found in the grid by name and start.
// What a flow then checks of the booking, it checks through the model of the hall (fixtures/hall.ts).
import type { Page } from '@playwright/test';
import { endpoints, pagePath, type Booking } from '../../contracts/index.js';
import { draftBooking, expect, fillBooking, test, type BookingDraft, type BookingLedger, type DraftSpec } from '../../fixtures/bookings.js';
import type { BrowserSession } from '../../fixtures/pages/browser-session.js';
import { BookingFormPage } from '../../fixtures/pages/booking-form-page.js';

const GRID = `listBookingsForHallGrid (GET ${endpoints.listBookingsForHallGrid.path})`;

/** A confirmed booking of `roomCount` room(s) on `day`, from `from` to `to` (HH:MM), named with the run marker. */
export const confirmedSpec = (bookings: BookingLedger, label: string, day: string, from: string, to: string, roomCount = 1): DraftSpec => ({
  name: bookings.name(label),
  start: `${day}T${from}:00`,
  end: `${day}T${to}:00`,
  roomCount,
  status: 'Confirmed',
});

/** What the form steps work with: the test's page, its browser session and its ledger. */
export interface FormParts {
  page: Page;
  browserSession: BrowserSession;
  bookings: BookingLedger;
}

/** Open the create form and fill it with a draft of `spec` (for the ledger's test customer); not submitted. */
export async function fillCreateForm(at: FormParts, spec: DraftSpec): Promise<{ form: BookingFormPage; draft: BookingDraft }> {
  const { page, browserSession, bookings } = at;
  return test.step(
    `fill the create form with "${spec.name}"`,
    async () => {
      const form = new BookingFormPage(page, browserSession);
      await form.openCreate();
      const draft = await draftBooking(form, spec, bookings.testCustomerId);
      await fillBooking(form, draft);
      return { form, draft };
    },
    { box: true },
  );
}

/** Create a booking through the real form and find it in the grid by name and start. */
export async function createThroughForm(at: FormParts, spec: DraftSpec): Promise<{ draft: BookingDraft; row: Booking }> {
  return test.step(
    `create "${spec.name}" through the booking form`,
    async () => {
      const { form, draft } = await fillCreateForm(at, spec);
      const outcome = await form.submit();
      expect(
        outcome,
        `submitCreateBookingForm: POST ${pagePath('submitCreateBookingForm')} answered ${JSON.stringify(outcome)}; a valid booking ` +
          `redirects`,
      ).toMatchObject({ kind: 'redirected' });
      const row = await at.bookings.find(draft.name, draft.start);
      // What the grid shows instead is read only when it lacks the booking.
      const seen = row ? '' : `: ${await at.bookings.seenAs(draft.name, draft.start)}`;
      expect(row, `${GRID} after a successful create${seen}`).toBeDefined();
      return { draft, row: row as Booking };
    },
    { box: true },
  );
}
