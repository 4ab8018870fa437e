// Writes of bookings through the wire client, as a browser posts them (client/form-post.ts): create and edit with the
// page's own form and options, request and confirm changes, delete. Each says what was posted in the model's terms
// (client/hall/booking.ts), so a write is held to the model in every view. No id comes back from a form post (live
// notes): a created booking is found in the grid by its name and start.
import { pagePath, type Booking, type BookingFormField } from '../contracts/index.js';
import type { HbClient } from './client.js';
import { deleteBooking, gridBookings } from './booking-queries.js';
import type { FormReply } from './form-post.js';
import { firstRealOption, realOptions, type FormOption, type ParsedForm } from './forms.js';
import type { PostedBooking } from './hall/booking.js';
import { blame, originOf } from './evidence/origin.js';

/** What a test posts: its own values; the rest is taken from the form's options. */
export interface BookingValues {
  name: string;
  /** `YYYY-MM-DDTHH:MM:00` local. */
  start: string;
  end: string;
  roomIds: readonly string[];
  /** The status option's text (interface doc: Requested, Confirmed). */
  status: string;
  /** The customer to book for, when the form offers it (HB_TEST_CUSTOMER_ID); else its first. */
  customerId?: string;
  description?: string;
}

/** A write's outcome: the form's answer, what was posted when the service took it (its id found), and what was seen. */
export interface Written {
  reply: FormReply;
  posted?: PostedBooking;
  /** What the service answered, in the domain's words: `taken`, or why the booking was not found. */
  seen: string;
}

const chosen = (form: ParsedForm, field: BookingFormField, match?: (o: FormOption) => boolean): FormOption | undefined => {
  const options = realOptions(form, field);
  return (match && options.find(match)) ?? options[0];
};

/** The form's fields for `v`, its options read from the page (live notes: option values are not known). */
function fields(form: ParsedForm, v: BookingValues): { overrides: Record<string, string | boolean>; posted: Omit<PostedBooking, 'id'> } {
  const customer = chosen(form, 'CustomerId', (o) => o.value.toLowerCase() === v.customerId?.toLowerCase());
  const activity = chosen(form, 'ActivityTypeId');
  const status = chosen(form, 'BookingStatusId', (o) => o.text.toLowerCase() === v.status.toLowerCase());
  const description = form.controls.some((c) => c.name === 'Description') ? v.description : undefined;
  const overrides = {
    Name: v.name,
    StartDate: v.start,
    EndDate: v.end,
    CustomerId: customer?.value ?? firstRealOption(form, 'CustomerId'),
    ActivityTypeId: activity?.value ?? firstRealOption(form, 'ActivityTypeId'),
    PriceRateId: chosen(form, 'PriceRateId')?.value ?? firstRealOption(form, 'PriceRateId'),
    BookingStatusId: status?.value ?? firstRealOption(form, 'BookingStatusId'),
    ...(form.controls.some((c) => c.name === 'SendEmails' && c.type === 'checkbox') ? { SendEmails: false } : {}),
    ...(description !== undefined ? { Description: description } : {}),
  };
  const posted = {
    name: v.name,
    start: v.start,
    end: v.end,
    status: status?.text ?? v.status,
    customerId: overrides.CustomerId,
    activityTypeId: overrides.ActivityTypeId,
    ...(activity && { activityText: activity.text }),
    roomIds: v.roomIds,
    ...(description !== undefined && { description }),
  };
  return { overrides, posted };
}

/** Whether a form post was taken: a redirect (interface doc: where it goes is not shown), not the form again. */
const taken = (reply: FormReply): boolean => reply.status >= 300 && reply.status < 400;

/**
 * What the grid of a booking's day shows of a name not found at its start, in the domain's words, its answer blamed: the
 * row of that name (`has "…" starting 08:00:00, posted 09:00:00`), else the whole grid (`lists no booking named …`).
 */
export function seenInGrid(rows: Booking[], name: string, start: string, when: string): string {
  const day = start.slice(0, 10);
  const named = rows.find((b) => b.BookingName === name);
  const origin = named ? originOf(named, 'StartDateTime') : originOf(rows);
  const seen = named ? `starting ${named.StartDateTime}` : 'not listed';
  const wrong = !named || named.StartDateTime.slice(0, 19) !== start.slice(0, 19);
  if (origin && wrong) blame(origin, { what: `the grid of its day: ${named ? 'start' : 'listed'}`, expected: start, seen });
  return named
    ? `the grid of ${day} has "${name}" starting ${named.StartDateTime}, posted ${start}`
    : `the grid of ${day} lists no booking named "${name}" (${when})`;
}

/** Create a booking through the create form; found in the grid by name and start when the service took it. */
export async function createBooking(api: HbClient, hallId: number, v: BookingValues): Promise<Written> {
  let posted: Omit<PostedBooking, 'id'> | undefined;
  const reply = await api.submitForm(
    'createBookingPage',
    {},
    (form) => {
      const f = fields(form, v);
      posted = f.posted;
      return f.overrides;
    },
    { rooms: v.roomIds },
  );
  if (!taken(reply) || !posted) return { reply, seen: `POST ${reply.url} → ${reply.status}: not taken (the form again)` };
  const day = v.start.slice(0, 10);
  const rows = await gridBookings(api, hallId, day, day);
  const row = rows.find((b) => b.BookingName === v.name && b.StartDateTime.slice(0, 19) === v.start);
  if (row) return { reply, posted: { ...posted, id: row.BookingId }, seen: 'taken' };
  return { reply, seen: seenInGrid(rows, v.name, v.start, `after the create post was taken (${reply.status})`) };
}

/** Edit a booking through its edit form, the form's own values kept where `v` gives none. */
export async function editBooking(api: HbClient, id: number, v: BookingValues): Promise<Written> {
  let posted: Omit<PostedBooking, 'id'> | undefined;
  const reply = await api.submitForm(
    'editBookingPage',
    { booking_id: id },
    (form) => {
      const f = fields(form, v);
      posted = f.posted;
      return f.overrides;
    },
    { rooms: v.roomIds },
  );
  return taken(reply) && posted
    ? { reply, posted: { ...posted, id }, seen: 'taken' }
    : { reply, seen: `POST ${reply.url} → ${reply.status}: not taken (the form again)` };
}

/** A GET action of one booking (interface doc: RequestChanges, ConfirmChanges); its status. */
async function action(api: HbClient, page: 'requestBookingChanges' | 'confirmBookingChanges', id: number): Promise<number> {
  await api.ensureSession();
  return (await api.send(pagePath(page, { booking_id: id }), { endpointId: page, retries: 0, follow: true })).status;
}

export const requestChanges = (api: HbClient, id: number) => action(api, 'requestBookingChanges', id);
export const confirmChanges = (api: HbClient, id: number) => action(api, 'confirmBookingChanges', id);
export { deleteBooking };
