// The mock's data: one in-memory model of halls, rooms, customers and bookings that
// every page and endpoint reads. Seeded relative to "now" so that every time range
// and status has examples; reset per test by the fixtures.
import { shiftLocal, startOfDay, toLocalIso } from '../contracts/service-time.js';
import type { BookingStatus } from '../contracts/index.js';

interface HallRecord {
  id: number;
  name: string;
}
export interface RoomRecord {
  id: number;
  hallId: number;
  name: string;
  colour: string;
  rowNumber: number;
  description: string;
  bookable: boolean;
}
export interface CustomerRecord {
  id: string;
  hallId: number;
  name: string;
  email: string;
  phone: string;
  organisation: string;
  blocked: boolean;
  deleted: boolean;
  isNew: boolean;
  verified: boolean;
  notes: string[];
  addresses: string[];
  /** Staff accounts are users of the hall but not customers (`customer=true` leaves them out). */
  staff: boolean;
}
export interface NamedRecord {
  id: number;
  hallId: number;
  name: string;
}
export interface BookingRecord {
  id: number;
  hallId: number;
  name: string;
  start: string;
  end: string;
  status: BookingStatus;
  customerId: string;
  activityTypeId: number;
  priceRateId: number;
  roomIds: number[];
  parentId: number | null;
  isRecurring: boolean;
  pendingChange: boolean;
  description: string;
  sendEmails: boolean;
}

export interface MockState {
  now: string;
  halls: HallRecord[];
  rooms: RoomRecord[];
  customers: CustomerRecord[];
  activityTypes: NamedRecord[];
  priceRates: NamedRecord[];
  lineItemGroups: (NamedRecord & { items: { Id: number; Name: string; Price: number }[] })[];
  bookings: BookingRecord[];
  audits: { Id: number; HallId: number; Date: string; Action: string }[];
  pins: string[];
  nextBookingId: number;
  /** Statuses of the form's `BookingStatusId` select; the options carry the id or the name (open point statusOptions). */
  bookingStatuses: { id: number; name: BookingStatus }[];
}

export interface MockCredentials {
  email: string;
  password: string;
}

/** The administrator the mock lets in, unless HB_MOCK_PASSWORD or a test names another password. */
export const DEFAULT_CREDENTIALS: MockCredentials = {
  email: 'admin@oldtown-hall.example',
  password: 'mock-password-not-secret',
};

/** Hall the standalone mock and the offline suite use. */
export const MOCK_HALL_ID = 42;
const OTHER_HALL_ID = 43;

const guid = (n: number) => `0000${n.toString(16)}`.slice(-4).padStart(8, 'a') + `-1b2c-4d3e-8f40-${n.toString(16).padStart(12, '0')}`;

/** The seeded customer the suite may block and book for (the mock's HB_TEST_CUSTOMER_ID). */
export const MOCK_TEST_CUSTOMER_ID = guid(6);

const seedHalls = (): HallRecord[] => [
  { id: MOCK_HALL_ID, name: 'Oldtown Village Hall' },
  { id: OTHER_HALL_ID, name: 'St Mary Chapel Hall' },
];

function seedRooms(): RoomRecord[] {
  return [
    {
      id: 101,
      hallId: MOCK_HALL_ID,
      name: 'Main Hall',
      colour: '#3A87AD',
      rowNumber: 1,
      description: 'Sprung floor, stage',
      bookable: true,
    },
    { id: 102, hallId: MOCK_HALL_ID, name: 'Committee Room', colour: '#8e44ad', rowNumber: 2, description: 'Seats 12', bookable: true },
    { id: 103, hallId: MOCK_HALL_ID, name: 'Kitchen', colour: '#27AE60', rowNumber: 3, description: 'Catering kitchen', bookable: true },
    {
      id: 104,
      hallId: MOCK_HALL_ID,
      name: 'Garden Room',
      colour: '#d35400',
      rowNumber: 4,
      description: 'Opens to the garden',
      bookable: true,
    },
    { id: 201, hallId: OTHER_HALL_ID, name: 'Chapel', colour: '#7f8c8d', rowNumber: 1, description: 'Small chapel', bookable: true },
  ];
}

const customer = (n: number, hallId: number, name: string, org: string, extra: Partial<CustomerRecord> = {}): CustomerRecord => ({
  id: guid(n),
  hallId,
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.org`,
  phone: `01632 96${String(1000 + n).slice(-4)}`,
  organisation: org,
  blocked: false,
  deleted: false,
  isNew: false,
  verified: true,
  staff: false,
  notes: [`Note on ${name}`],
  addresses: [`${n} High Street, Oldtown`],
  ...extra,
});

function seedCustomers(): CustomerRecord[] {
  return [
    customer(1, MOCK_HALL_ID, 'Ada Lovelace', 'Analytical Society'),
    customer(2, MOCK_HALL_ID, 'Brian Kernighan', 'Awk Club'),
    customer(3, MOCK_HALL_ID, 'Grace Hopper', 'Navy Reunion', { isNew: true }),
    customer(4, MOCK_HALL_ID, 'Edsger Dijkstra', 'Shortest Path Walkers', { verified: false }),
    customer(5, MOCK_HALL_ID, 'Barbara Liskov', 'Substitution Choir', { deleted: true }),
    customer(6, MOCK_HALL_ID, 'Test Customer', 'QA', {}),
    customer(7, OTHER_HALL_ID, 'Alan Turing', 'Bletchley Chess'),
    customer(8, MOCK_HALL_ID, 'Hall Manager', 'Oldtown Village Hall', { staff: true }),
  ];
}

/** The hall's catalogue: activity types, price rates and the line items a booking may add. */
function seedCatalog(): Pick<MockState, 'activityTypes' | 'priceRates' | 'lineItemGroups'> {
  return {
    activityTypes: [
      { id: 11, hallId: MOCK_HALL_ID, name: 'Party' },
      { id: 12, hallId: MOCK_HALL_ID, name: 'Meeting' },
      { id: 13, hallId: MOCK_HALL_ID, name: 'Class' },
      { id: 21, hallId: OTHER_HALL_ID, name: 'Service' },
    ],
    priceRates: [
      { id: 31, hallId: MOCK_HALL_ID, name: 'Standard' },
      { id: 32, hallId: MOCK_HALL_ID, name: 'Community' },
      { id: 41, hallId: OTHER_HALL_ID, name: 'Standard' },
    ],
    lineItemGroups: [
      {
        id: 51,
        hallId: MOCK_HALL_ID,
        name: 'Extras',
        items: [
          { Id: 511, Name: 'Projector', Price: 15 },
          { Id: 512, Name: 'Urn', Price: 5 },
        ],
      },
      { id: 52, hallId: MOCK_HALL_ID, name: 'Cleaning', items: [{ Id: 521, Name: 'Deep clean', Price: 40 }] },
    ],
  };
}

/** A maker of seeded bookings in the mock's hall, numbered from 1001 in the order they are made. */
function bookingMaker() {
  let id = 1000;
  return (
    name: string,
    start: string,
    hours: number,
    status: BookingStatus,
    customerId: string,
    roomIds: number[],
    extra: Partial<BookingRecord> = {},
  ): BookingRecord => ({
    id: ++id,
    hallId: MOCK_HALL_ID,
    name,
    start,
    end: shiftLocal(start, { hours }),
    status,
    customerId,
    activityTypeId: 11,
    priceRateId: 31,
    roomIds,
    parentId: null,
    isRecurring: false,
    pendingChange: false,
    description: `${name} (seeded)`,
    sendEmails: false,
    ...extra,
  });
}

/** Bookings on either side of `today`, in every status, with a weekly series and one in the other hall. */
function seedBookings(today: string): BookingRecord[] {
  const at = (days: number, hour: number) => shiftLocal(today, { days, hours: hour });
  const c = (n: number) => guid(n);
  const b = bookingMaker();
  const bookings: BookingRecord[] = [
    b('Annual General Meeting', at(-400, 19), 2, 'Confirmed', c(1), [101], { activityTypeId: 12 }),
    b('Spring Fair', at(-60, 10), 6, 'Confirmed', c(2), [101, 103]),
    b('Cancelled Quiz', at(-20, 19), 3, 'Cancelled', c(3), [102]),
    b('Yoga Taster', at(-3, 9), 1, 'Requested', c(4), [104], { activityTypeId: 13 }),
    b('Toddler Group', at(0, 10), 2, 'Confirmed', c(1), [104]),
    b('Evening Rehearsal', at(0, 19), 2, 'Requested', c(2), [101]),
    b('Birthday Party', at(2, 14), 4, 'Confirmed', c(6), [101, 103, 104], { pendingChange: true }),
    b('Book Club', at(3, 18), 2, 'Requested', c(3), [102]),
    b('Withdrawn Talk', at(5, 19), 2, 'Cancelled', c(4), [102]),
    b('Summer Fete', at(40, 11), 5, 'Confirmed', c(1), [101, 102, 103, 104]),
    // Outside every time range short of All in every reading of `timerange` (contracts/open-points.ts).
    b('Centenary Dinner', at(-800, 19), 3, 'Confirmed', c(1), [101]),
  ];
  const parent = b('Weekly Pilates', at(1, 9), 1, 'Confirmed', c(2), [102], { isRecurring: true, activityTypeId: 13 });
  bookings.push(parent);
  for (let w = 1; w <= 4; w++) {
    bookings.push(
      b(`Weekly Pilates (week ${w})`, at(1 + 7 * w, 9), 1, 'Confirmed', c(2), [102], { parentId: parent.id, activityTypeId: 13 }),
    );
  }
  bookings.push({
    ...b('Chapel Service', at(2, 10), 1, 'Confirmed', c(7), [201]),
    hallId: OTHER_HALL_ID,
    activityTypeId: 21,
    priceRateId: 41,
  });
  return bookings;
}

export function seedState(clock: Date = new Date()): MockState {
  const now = toLocalIso(clock);
  const bookings = seedBookings(startOfDay(now));
  return {
    now,
    halls: seedHalls(),
    rooms: seedRooms(),
    customers: seedCustomers(),
    ...seedCatalog(),
    bookings,
    audits: bookings.slice(0, 6).map((x, i) => ({ Id: 900 + i, HallId: x.hallId, Date: x.start, Action: `Created ${x.name}` })),
    pins: [],
    nextBookingId: 2000,
    bookingStatuses: [
      { id: 3, name: 'Requested' },
      { id: 5, name: 'Confirmed' },
      { id: 9, name: 'Cancelled' },
    ],
  };
}
