// A booking form post as MVC's model binder reads it: indexed rooms, the checkbox and its hidden
// `false`, and local date-times in the forms the form accepts, refused when the calendar has no such day.
import { BOOKING_ROOM_FIELD } from '../../contracts/index.js';
import type { BookingFormValues } from '../html/booking-form.js';

/** A posted local date-time (`datetime-local`, ISO with seconds, or UK `dd/MM/yyyy HH:mm`) → `YYYY-MM-DDTHH:MM:SS`. */
export function parseLocalDateTime(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (m) return onCalendar(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}`);
  m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(s);
  if (m) return onCalendar(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:00`);
  return null;
}

/** The date-time when the calendar has it (MVC's binder refuses 30 February or hour 25), else null. */
const onCalendar = (iso: string): string | null => {
  const d = new Date(`${iso}Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 19) === iso ? iso : null;
};

export interface Submission {
  values: BookingFormValues;
  selectedRoomIds: number[];
}

/** Read the urlencoded post as MVC's model binder would: indexed rooms, checkbox + hidden `false`. */
export function readSubmission(form: URLSearchParams): Submission {
  const rooms = new Map<number, { roomId?: number; selected: boolean }>();
  for (const [name, value] of form) {
    const m = BOOKING_ROOM_FIELD.exec(name);
    if (!m) continue;
    const entry = rooms.get(Number(m[1])) ?? { selected: false };
    if (m[2] === 'RoomId') entry.roomId = Number(value);
    else if (value === 'true') entry.selected = true;
    rooms.set(Number(m[1]), entry);
  }
  const get = (k: string) => form.get(k) ?? '';
  return {
    values: {
      Name: get('Name'),
      StartDate: get('StartDate'),
      EndDate: get('EndDate'),
      CustomerId: get('CustomerId'),
      ActivityTypeId: get('ActivityTypeId'),
      PriceRateId: get('PriceRateId'),
      BookingStatusId: get('BookingStatusId'),
      Description: get('Description'),
      SendEmails: form.getAll('SendEmails').includes('true'),
    },
    selectedRoomIds: [...rooms.values()].filter((r) => r.selected && r.roomId !== undefined).map((r) => r.roomId as number),
  };
}
