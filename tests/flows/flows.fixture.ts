// The booking form as the flows use it: a confirmed booking on a free day of the test's ledger,
// filled (not submitted) or created and found in the grid, in one call.
import { test as base, type BookingDraft } from '../../fixtures/bookings.js';
import type { Booking } from '../../contracts/index.js';
import type { BookingFormPage } from '../../fixtures/pages/booking-form-page.js';
import { confirmedSpec, createThroughForm, fillCreateForm } from './flow-steps.js';

export { expect } from '../../fixtures/bookings.js';

/** A confirmed booking named `label` (with the run marker), from `from` to `to` (HH:MM) on a free day. */
export type Slot = [label: string, from: string, to: string, roomCount?: number];

export interface BookingForm {
  /** The create form filled with the slot on a free day; not submitted. */
  fill(...slot: Slot): Promise<{ day: string; form: BookingFormPage; draft: BookingDraft }>;
  /** The slot created through the form on a free day, and its grid row. */
  create(...slot: Slot): Promise<{ day: string; draft: BookingDraft; row: Booking }>;
}

export const test = base.extend<{ bookingForm: BookingForm }>({
  bookingForm: async ({ page, browserSession, bookings }, use) => {
    const onFreeDay = async (label: string, from: string, to: string, roomCount = 1) => {
      const day = await bookings.freeDays();
      return { day, spec: confirmedSpec(bookings, label, day, from, to, roomCount) };
    };
    await use({
      fill: async (...slot) => {
        const { day, spec } = await onFreeDay(...slot);
        return { day, ...(await fillCreateForm({ page, browserSession, bookings }, spec)) };
      },
      create: async (...slot) => {
        const { day, spec } = await onFreeDay(...slot);
        return { day, ...(await createThroughForm({ page, browserSession, bookings }, spec)) };
      },
    });
  },
});
