// A booking as the hall must show it, whatever the view: the one model every check that reads a booking holds its
// views to (client/hall/compare.ts). Made from what was posted (a write's own values) or, for a booking the suite
// did not make, from its grid row (the reference of a read-only run).
import type { Booking } from '../../contracts/index.js';
import { roomsNamed, unnamedText, type HallCatalogue } from './catalogue.js';

/** What every view of a booking must agree on. */
export interface HallBooking {
  id: number;
  name: string;
  /** `YYYY-MM-DDTHH:MM:SS` local (interface doc: ISO 8601 local form). */
  start: string;
  end: string;
  /** `Requested`, `Confirmed` or `Cancelled` (interface doc, States). */
  status: string;
  /** The customer's UserId, lower case. */
  customerId: string;
  /** The customer's name, when known. */
  customerName?: string;
  /** The activity type's name. */
  activity: string;
  /** Booked room ids, sorted. */
  roomIds: string[];
  /** False when the grid names a room the catalogue does not list (a room no longer bookable): its room count is unknown. */
  roomsKnown: boolean;
  recurring: boolean;
  /** The recurring parent of a child booking (interface doc: children come from getforparentgrid). */
  parentId?: number;
  /** The description, when the writer set one (no view of a booking the suite did not make is held to it). */
  description?: string;
}

/** What was posted, as a write knows it: ids and option texts, rooms by id. */
export interface PostedBooking {
  id: number;
  name: string;
  start: string;
  end: string;
  /** The status option's text (`Confirmed`). */
  status: string;
  customerId: string;
  /** The activity type option's value. */
  activityTypeId: string;
  /** Its text, for a hall whose JSON API lists no name for it. */
  activityText?: string;
  roomIds: readonly string[];
  description?: string;
}

/** The model of a booking the suite posted: its own values, named through the hall's catalogue. */
export function fromPosted(p: PostedBooking, cat: HallCatalogue): HallBooking {
  const customerName = cat.customerNames.get(p.customerId.toLowerCase());
  return {
    id: p.id,
    name: p.name,
    start: p.start.slice(0, 19),
    end: p.end.slice(0, 19),
    status: p.status,
    customerId: p.customerId.toLowerCase(),
    ...(customerName !== undefined && { customerName }),
    activity: cat.activityNames.get(p.activityTypeId) ?? p.activityText ?? p.activityTypeId,
    roomIds: [...p.roomIds].map(String).sort(),
    roomsKnown: true,
    recurring: false,
    ...(p.description !== undefined && { description: p.description }),
  };
}

/** The model of a booking read from its grid (or child grid) row: the reference its other views are held to. */
export function fromGridRow(row: Booking, cat: HallCatalogue, parentId?: number): HallBooking {
  return {
    id: row.BookingId,
    name: row.BookingName,
    start: row.StartDateTime.slice(0, 19),
    end: row.EndDateTime.slice(0, 19),
    status: row.Status,
    customerId: String(row.CustomerId).toLowerCase(),
    customerName: row.CustomerName,
    activity: row.ActivityType,
    roomIds: roomsNamed(row.RoomsUsed, cat),
    roomsKnown: !/[\p{L}\p{N}]/u.test(unnamedText(row.RoomsUsed, cat)),
    recurring: row.IsRecurring,
    ...(parentId !== undefined && { parentId }),
  };
}

/** `booking 480039 "Parish meeting" (Confirmed, 2027-04-06T18:00:00)`: how a message names a booking. */
export const bookingLabel = (b: Pick<HallBooking, 'id' | 'name' | 'status' | 'start'>): string =>
  `booking ${b.id} "${b.name}" (${b.status}, ${b.start})`;
