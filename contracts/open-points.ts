// The points the interface document leaves open, each with the readings a faithful
// server may take. The suite asserts only what holds in every reading and records the
// reading it observes; the mock can play each reading (MockOptions.readings).
// docs/open-points.md is generated from this file and the specs' annotations.
import type { EndpointId, PageId } from './registry.js';

export interface Reading {
  /** Stable kebab-case id, as recorded and as passed to `npm run mock -- --reading point=id`. */
  id: string;
  description: string;
  /** Whether the mock can play it; an unplayable reading is still one a check must tolerate. */
  played: boolean;
}

export interface OpenPoint {
  question: string;
  /** Where the point is left open: the words of the interface document or the live notes. */
  source: string;
  readings: readonly Reading[];
  /** What the suite asserts, holding in every reading. */
  invariant: string;
  /** The endpoints and pages whose answers the reading changes. */
  decides: readonly (EndpointId | PageId)[];
}

const reading = (id: string, description: string, played = true): Reading => ({ id, description, played });

export const openPoints = {
  timerange: {
    question: 'What does a `timerange` of the bookings grid bound?',
    source:
      'interface doc, GET /api/bookings/GetForHallgrid: "timerange … 0=Today, 1=Last7Days, 2=LastMonth, 3=Last3Months, 4=LastYear, 5=All"',
    readings: [
      reading('start-window', 'bookings that start within the range, up to the end of today (future bookings excluded)'),
      reading('from-start', 'bookings that start on or after the first day of the range, future bookings included'),
      reading('created', 'bookings created within the range (no documented field carries a creation date)', false),
      reading(
        'calendar',
        'LastMonth, Last3Months and LastYear as calendar periods (the previous month, quarter, year), so Today is in none of them',
        false,
      ),
    ],
    invariant:
      'every range is within All, and Today within Last7Days; a booking (not a recurring series) that ended more ' +
      'than two years ago is in no range short of All (given it was entered before it ended)',
    // Every query that takes a `timerange` reads it as the grid does.
    decides: ['listBookingsForHallGrid', 'getBookingCountsForHall', 'listAudits'],
  },
  hallCustomers: {
    question: 'Whom does `getforhall` list without `customer=true`?',
    source: 'interface doc, GET /api/customers/getforhall: "customer … `true` restricts to customers"',
    readings: [
      reading('with-staff', 'every user of the hall, hall staff and admins included'),
      reading('customers-only', "the hall's customers, the same as with customer=true"),
    ],
    invariant: 'the customer=true list is within the unrestricted list, and within GetAllCustomer ("all customers across all halls")',
    decides: ['listCustomersForHall'],
  },
  statusOptions: {
    question: "What are the option values of the form's `BookingStatusId`?",
    source:
      'interface doc, "its allowed values are listed under Endpoints as unspecified"; live notes: "BookingStatusId was posted as a ' +
      'name … its option values on the real page are not known"',
    readings: [
      reading('ids', 'numbers, the option text naming the status'),
      reading('names', 'the status names themselves (Requested, Confirmed, Cancelled)'),
    ],
    invariant:
      'the form offers an option whose text names each of Requested and Confirmed; a post with the option value ' +
      "read from the page is stored; where the values are the names, a post of the name is stored (the live notes' client)",
    decides: ['createBookingPage', 'editBookingPage', 'submitCreateBookingForm', 'submitEditBookingForm'],
  },
  formRedirects: {
    question: 'Where do the create and edit posts redirect to?',
    source:
      'interface doc, "Optional fields and the response to the submission: not shown"; live notes: "Where the create and edit posts ' +
      'redirect to is not known"',
    readings: [
      reading('index-then-view', "create → the bookings index, edit → the booking's View page"),
      reading('view-then-index', "create → the new booking's View page, edit → the bookings index"),
    ],
    invariant: 'a stored post answers a redirect away from the form; the booking is then found in the grid by name and start',
    decides: ['submitCreateBookingForm', 'submitEditBookingForm'],
  },
  deleteEffect: {
    question: 'What does `GET /Admin/Bookings/Delete/{id}` do?',
    source:
      'interface doc, "Its effect and response: not shown"; live notes: "expect the booking to be gone from the not-cancelled grid ' +
      '(removed or cancelled: accept either)"',
    readings: [
      reading('remove', "the booking (and a series' children) is removed"),
      reading('cancel', 'the booking is kept with the status Cancelled'),
    ],
    invariant: 'the booking leaves the NotCancelled grid; a booking still in the All grid is Cancelled',
    decides: ['deleteBooking'],
  },
  roomLabels: {
    question: 'What markup surrounds the room colours of the scheduler page?',
    source:
      'interface doc, "Elements matching the selector `#RoomColorList .room-label` carry the room\'s background colour and its ' +
      'name"; live notes: "Parse the colour from the style robustly (spacing, `!important`, `rgb()`)"',
    readings: [
      reading(
        'live',
        'as on the live page: only `div.room-label` items, each `onclick="setRoom(id)"` and `style="background-color:#rrggbb!important;"`',
      ),
      reading('varied', 'other notations (`rgb()`, spaces, other properties first) and an "All rooms" item that is no `.room-label`'),
    ],
    invariant: 'one `#RoomColorList .room-label` per room of the hall, its name as text and a background colour readable from its style',
    decides: ['schedulerPage'],
  },
} as const satisfies Record<string, OpenPoint>;

export type OpenPointId = keyof typeof openPoints;

/** One reading per open point: what a mock plays. */
export type MockReadings = { [P in OpenPointId]: (typeof openPoints)[P]['readings'][number]['id'] };

/** The readings of a point the mock plays, its default (the live service as the live notes describe it) first. */
export const playedReadings = (point: OpenPointId): string[] => openPoints[point].readings.filter((r) => r.played).map((r) => r.id);

/**
 * Sets of readings that together play every played reading of every point: the default set first, then
 * each further one (a point with fewer played readings keeps its default there). The `readings` projects
 * run the service checks under each set after the first, so a reading added to a point is run with no other change.
 */
export const READING_SETS: readonly MockReadings[] = (() => {
  const points = Object.keys(openPoints) as OpenPointId[];
  const sets = Math.max(...points.map((p) => playedReadings(p).length));
  return Array.from(
    { length: sets },
    (_, k) => Object.fromEntries(points.map((p) => [p, playedReadings(p)[k] ?? playedReadings(p)[0]])) as MockReadings,
  );
})();

/** The mock's default: the first played reading of each point. */
export const DEFAULT_READINGS: MockReadings = READING_SETS[0] as MockReadings;

/** The next played reading of every point: `--readings alternate` of the mock, the recorder and the fuzz. */
export const ALTERNATE_READINGS: MockReadings = READING_SETS[1] ?? DEFAULT_READINGS;

/** Parse `point=reading` (the CLI's `--reading`), naming what is allowed on a mistake. */
export function parseReadingArg(arg: string): [OpenPointId, string] {
  const [point, value] = arg.split('=', 2);
  const known = Object.keys(openPoints);
  if (!point || !(point in openPoints)) throw new Error(`--reading: unknown open point "${point ?? ''}" (one of ${known.join(', ')})`);
  const readings = openPoints[point as OpenPointId].readings.filter((r) => r.played).map((r) => r.id);
  if (!value || !readings.includes(value)) {
    throw new Error(`--reading ${point}: "${value ?? ''}" is not a reading the mock plays (one of ${readings.join(', ')})`);
  }
  return [point as OpenPointId, value];
}
