// The edit form's boundary posts: a booking made through the create form for the run, then its edit form
// posted with one boundary (the create form's: a name at and past the conventional limit, the time range
// reversed and of no length, no room selected). Each may be refused or saved, never answered with a server
// error or a dropped connection; the booking is deleted after (interface doc, "Edit booking").
import { pagePath } from '../contracts/index.js';
import { deleteBooking } from '../client/booking-queries.js';
import type { HbClient } from '../client/client.js';
import { nextPost, postAt, postForm, type FormCase, type FormRun } from './form-cases.js';
import { beforePost, storedWith } from './form-checks.js';

const VALID: FormCase = { check: 'form', kind: 'valid', label: 'to edit', change: {}, rawBrackets: false };

export async function judgeEditCase(client: HbClient, run: FormRun, c: FormCase): Promise<string | null> {
  const made = nextPost(run, VALID);
  const before = await beforePost(client, made.day);
  const created = await postForm(client, pagePath('createBookingPage'), 'submitCreateBookingForm', VALID, made, run.testCustomerId);
  const [booking] = await storedWith(client, before, made.name, made.slot.start);
  if (!booking) return `${created.where}: a valid post stored nothing, so the edit form's ${c.kind} could not be sent`;
  try {
    // The booking's own name and slot, shaped as the case says.
    const { name, slot } = postAt(run, made.n, c);
    const { sent, where } = await postForm(
      client,
      pagePath('editBookingPage', { booking_id: booking.BookingId }),
      'submitEditBookingForm',
      c,
      { name, slot },
      run.testCustomerId,
    );
    if (!sent.ok) return `${where} (a dropped connection without a literal bracket in the body)`;
    return sent.reply.status >= 500 ? `${where}: a server error` : null;
  } finally {
    await deleteBooking(client, booking.BookingId);
  }
}
