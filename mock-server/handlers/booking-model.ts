// What the booking pages read of mock.state at request time: a hall's rooms, a booking by its id,
// a status as the form's options carry it, a stored booking as the form shows it, and the read-only
// model of a booking that the View page and the scheduler's popup share.
import type { MockContext } from '../context.js';
import type { BookingViewModel } from '../html/booking-view.js';
import type { BookingRecord } from '../state.js';
import type { Submission } from './booking-submission.js';
import { bookingItem, roomsUsed } from './present.js';

/** The hall's bookable rooms, in their row order: the form's room choices. */
export const hallRooms = (mock: MockContext, hallId: number) =>
  mock.state.rooms.filter((r) => r.hallId === hallId && r.bookable).sort((a, b) => a.rowNumber - b.rowNumber);

/** The booking a route's `booking_id` names, if there is one. */
export const findBooking = (mock: MockContext, id: string | undefined) => mock.state.bookings.find((b) => b.id === Number(id));

/** Open point statusOptions: the option value is the status id or its name. */
export const statusOptionValue = (mock: MockContext, x: { id: number; name: string }) =>
  mock.readings.statusOptions === 'names' ? x.name : String(x.id);

const statusValueOf = (mock: MockContext, name: string) => {
  const x = mock.state.bookingStatuses.find((y) => y.name === name);
  return x ? statusOptionValue(mock, x) : '';
};

/** A stored booking as the Edit form shows it. */
export const storedSubmission = (mock: MockContext, b: BookingRecord): Submission => ({
  values: {
    Name: b.name,
    StartDate: b.start,
    EndDate: b.end,
    CustomerId: b.customerId,
    ActivityTypeId: String(b.activityTypeId),
    PriceRateId: String(b.priceRateId),
    BookingStatusId: statusValueOf(mock, b.status),
    Description: b.description,
    SendEmails: b.sendEmails,
  },
  selectedRoomIds: b.roomIds,
});

/** The read-only model of a booking, shared by the View page and the scheduler's popup. */
export function bookingViewModel(mock: MockContext, b: BookingRecord): BookingViewModel {
  const item = bookingItem(mock, b);
  return {
    id: b.id,
    name: b.name,
    start: b.start,
    end: b.end,
    status: b.status,
    customer: item.CustomerName,
    activity: item.ActivityType,
    priceRate: mock.state.priceRates.find((p) => p.id === b.priceRateId)?.name ?? '',
    rooms: roomsUsed(mock, b),
    description: b.description,
    pendingChange: b.pendingChange,
    hallId: b.hallId,
  };
}
