// The booking form's validation (interface doc, "Create booking", "Edit booking"): MVC's messages per
// field, a clash with another booking as a model-level error, and the record a valid submission stores.
import type { MockContext } from '../context.js';
import type { BookingRecord } from '../state.js';
import { clashingBookings } from './bookings.js';
import { hallRooms } from './booking-model.js';
import { parseLocalDateTime, type Submission } from './booking-submission.js';

type Parsed =
  | { ok: true; record: Omit<BookingRecord, 'id' | 'parentId' | 'isRecurring' | 'pendingChange'> }
  | { ok: false; errors: Record<string, string> };

/** Validate a submission for the session's hall; `self` is the booking being edited (not a conflict with itself). */
export function validateBooking(mock: MockContext, sub: Submission, hallId: number, self?: number): Parsed {
  const s = mock.state;
  const v = sub.values;
  const errors: Record<string, string> = {};
  if (!v.Name.trim()) errors.Name = 'The Booking name field is required.';
  const start = parseLocalDateTime(v.StartDate);
  const end = parseLocalDateTime(v.EndDate);
  if (!v.StartDate.trim()) errors.StartDate = 'The Start field is required.';
  else if (!start) errors.StartDate = 'The field Start must be a date.';
  if (!v.EndDate.trim()) errors.EndDate = 'The End field is required.';
  else if (!end) errors.EndDate = 'The field End must be a date.';
  if (start && end && end <= start) errors.EndDate = 'The end of the booking must be after its start.';
  const customer = s.customers.find((c) => c.hallId === hallId && !c.deleted && c.id.toLowerCase() === v.CustomerId.toLowerCase());
  if (!customer) errors.CustomerId = v.CustomerId ? 'Unknown customer.' : 'The Customer field is required.';
  const activity = s.activityTypes.find((a) => a.hallId === hallId && String(a.id) === v.ActivityTypeId);
  if (!activity) errors.ActivityTypeId = 'The Activity field is required.';
  const rate = s.priceRates.find((p) => p.hallId === hallId && String(p.id) === v.PriceRateId);
  if (!rate) errors.PriceRateId = 'The Price rate field is required.';
  // Live notes: the working client posts the status as a name; MVC binds an enum from its
  // name or its number, case-insensitively, whatever the options' values are.
  const posted = v.BookingStatusId.trim().toLowerCase();
  const status = posted ? s.bookingStatuses.find((x) => String(x.id) === posted || x.name.toLowerCase() === posted) : undefined;
  if (!status) errors.BookingStatusId = 'The Status field is required.';
  const roomIds = sub.selectedRoomIds.filter((id) => hallRooms(mock, hallId).some((r) => r.id === id));
  if (!roomIds.length) errors.BookingRoom = 'Select at least one room.';
  if (start && end && roomIds.length && !errors.EndDate) {
    const [clash] = clashingBookings(s.bookings, { hallId, roomIds, start, end, except: self });
    if (clash) errors[''] = `The selected rooms are not available: they are booked by "${clash.name}".`;
  }
  if (Object.keys(errors).length || !start || !end || !customer || !activity || !rate || !status) return { ok: false, errors };
  return {
    ok: true,
    record: {
      hallId,
      name: v.Name.trim(),
      start,
      end,
      status: status.name,
      customerId: customer.id,
      activityTypeId: activity.id,
      priceRateId: rate.id,
      roomIds,
      description: v.Description,
      sendEmails: v.SendEmails,
    },
  };
}
