// What a recording keeps of the answers it sees: the records the mock's state is made of (rooms
// and their colours, activity types, price rates, line item groups, customers, bookings, the
// form's status options) and the readings of the open points. Only answers that pass their
// contract are read; nothing of a request (passwords, cookies, tokens) is ever kept.
import { WireRecorder } from './wire-recorder.js';
import * as cheerio from 'cheerio/slim';
import {
  catalogId,
  customerName,
  eventId,
  itemsOf,
  roomId,
  type ActivityType,
  type Booking,
  type CalendarEvent,
  type Customer,
  type Room,
} from '../contracts/index.js';
import { pathMatches } from '../contracts/registry.js';
import { toLocalIso } from '../contracts/service-time.js';
import type { CustomerRecord } from '../mock-server/state.js';
import { parseForms } from '../client/forms.js';
import { roomLabelsOf } from '../client/colour.js';
import { contractAnswer, looseItem, redirectPath, type ObservedExchange } from './observed.js';
import { ReadingsObserver } from './readings-observer.js';

export interface SeenRoom {
  id: number;
  hallId: number;
  name: string;
  rowNumber: number;
  description: string;
  bookable?: boolean;
}
/** A customer as the lists show one: the mock's record less what no answer shows (notes, addresses, flags read from other lists). */
export type SeenCustomer = Pick<CustomerRecord, 'id' | 'hallId' | 'name' | 'email' | 'phone' | 'organisation' | 'blocked'>;
export interface SeenBooking {
  row: Booking;
  hallId: number;
  parentId?: number;
  priceRateId?: number;
}
export interface Named {
  id: number;
  hallId: number;
  name: string;
}

/** The id sets of the latest getforhall answer of each kind of query, to tell staff, deleted and new customers apart. */
type CustomerList = 'everyone' | 'customers' | 'withDeleted' | 'onlyNew';

const lastSegment = (url: string): number => Number(new URL(url).pathname.split('/').filter(Boolean).pop());

export class StateRecorder {
  readonly startedAt = new Date();
  readonly readings = new ReadingsObserver(toLocalIso(this.startedAt));
  hallId?: number;
  readonly rooms = new Map<number, SeenRoom>();
  readonly colours = new Map<number, string>();
  readonly activityTypes = new Map<number, Named>();
  readonly priceRates = new Map<number, Named>();
  readonly lineItemGroups = new Map<number, Named & { items: { Id: number; Name: string; Price: number }[] }>();
  readonly customers = new Map<string, SeenCustomer>();
  readonly customerLists: Partial<Record<CustomerList, Set<string>>> = {};
  readonly bookings = new Map<number, SeenBooking>();
  /** Ids the latest HasPending grid listed. */
  pending?: Set<number>;
  /** `BookingStatusId` options of the create or edit form: value and text. */
  statusOptions?: { value: string; text: string }[];
  /** Answers read into the state, per endpoint or page id. */
  readonly used: Record<string, number> = {};

  /** How its answers were put on the wire. */
  readonly wire = new WireRecorder();

  observe(x: ObservedExchange): void {
    this.wire.observe(x);
    if (this.page(x)) this.count(x.endpointId);
    const answer = contractAnswer(x);
    if (answer && this.json(answer.id, answer.query, answer.data)) this.count(answer.id);
  }

  private count(id: string): void {
    this.used[id] = (this.used[id] ?? 0) + 1;
  }

  private hall(value: string | undefined): number | undefined {
    const id = Number(value);
    if (!Number.isInteger(id)) return undefined;
    this.hallId ??= id;
    return id === this.hallId ? id : undefined;
  }

  /** Pages: the form's status options and a booking's price rate, the scheduler's colours, where posts and deletes led. */
  private page(x: ObservedExchange): boolean {
    const path = new URL(x.url).pathname;
    if (x.method === 'GET' && x.status === 200 && x.responseBody && /^(createBookingPage|editBookingPage)$/.test(x.endpointId)) {
      const form = parseForms(x.responseBody).find((f) => f.controls.some((c) => c.name === 'BookingStatusId'));
      const status = form?.controls.find((c) => c.name === 'BookingStatusId');
      if (!status) return false;
      const $ = cheerio.load(x.responseBody);
      this.statusOptions = $('select[name="BookingStatusId"] option')
        .toArray()
        .map((o) => ({ value: $(o).attr('value') ?? '', text: $(o).text().trim() }))
        .filter((o) => o.value.trim() !== '');
      this.readings.statusOptions(this.statusOptions.map((o) => o.value));
      const rate = form?.controls.find((c) => c.name === 'PriceRateId')?.options.find((o) => o.selected);
      const booking = x.endpointId === 'editBookingPage' ? this.bookings.get(lastSegment(x.url)) : undefined;
      if (booking && rate) booking.priceRateId = Number(rate.value);
      return true;
    }
    if (x.method === 'GET' && x.status === 200 && x.responseBody && x.endpointId === 'schedulerPage') {
      for (const { id, colour } of roomLabelsOf(x.responseBody)) if (id && colour) this.colours.set(Number(id), colour);
      this.readings.roomLabels(x.responseBody);
      return true;
    }
    const to = redirectPath(x);
    if (x.method === 'POST' && to && (x.endpointId === 'submitCreateBookingForm' || x.endpointId === 'submitEditBookingForm')) {
      this.readings.formRedirect(x.endpointId === 'submitCreateBookingForm' ? 'create' : 'edit', to);
      return true;
    }
    if (x.endpointId === 'deleteBooking' && x.status !== undefined && x.status < 400 && pathMatches('deleteBooking', path)) {
      this.readings.deleteRequested(lastSegment(x.url));
      return true;
    }
    return false;
  }

  private json(id: string, q: Record<string, string>, data: unknown): boolean {
    switch (id) {
      case 'listRoomsForBooking':
      case 'listRoomsForGrid': {
        const hallId = this.hall(q.hallid ?? q.id);
        if (hallId === undefined) return false;
        for (const r of data as Room[]) {
          const before = this.rooms.get(roomId(r));
          const bookable = id === 'listRoomsForBooking' ? true : before?.bookable;
          this.rooms.set(roomId(r), { id: roomId(r), hallId, name: r.Name, rowNumber: r.rowNumber, description: r.Description, bookable });
        }
        return true;
      }
      case 'listActivityTypes':
      case 'listPriceRates': {
        const hallId = this.hall(q.id);
        if (hallId === undefined) return false;
        const into = id === 'listActivityTypes' ? this.activityTypes : this.priceRates;
        for (const a of data as ActivityType[]) into.set(catalogId(a), { id: catalogId(a), hallId, name: a.Name });
        return true;
      }
      case 'listLineItemGroups': {
        const hallId = this.hall(q.id);
        if (hallId === undefined || !Array.isArray(data)) return false;
        for (const g of data.map(looseItem)) {
          if (g) this.lineItemGroups.set(g.id, { id: g.id, hallId, name: g.name, items: this.lineItemGroups.get(g.id)?.items ?? [] });
        }
        return true;
      }
      case 'listLineItems': {
        const group = this.lineItemGroups.get(Number(q.id));
        if (!group || !Array.isArray(data)) return false;
        group.items = data
          .map(looseItem)
          .filter((i) => i !== null)
          .map((i) => ({ Id: i.id, Name: i.name, Price: typeof i.rest.Price === 'number' ? i.rest.Price : 0 }));
        return true;
      }
      case 'listCustomersForHall':
        return this.customerList(q, data as Customer[]);
      case 'listBookingsForHallGrid':
        return this.grid(q, itemsOf(data as Booking[] | { Data: Booking[] }));
      case 'listChildBookings': {
        const parent = this.bookings.get(Number(q.id));
        if (!parent) return false;
        for (const row of itemsOf(data as Booking[] | { Data: Booking[] })) {
          this.bookings.set(row.BookingId, {
            ...this.bookings.get(row.BookingId),
            row,
            hallId: parent.hallId,
            parentId: parent.row.BookingId,
          });
        }
        return true;
      }
      case 'listSchedulerEvents': {
        if (this.hall(q.HallId) === undefined || (q.roomId && q.roomId !== '0')) return false;
        for (const e of data as CalendarEvent[]) this.eventColour(e);
        return true;
      }
      default:
        return false;
    }
  }

  /** A one-room event's colour is its room's, where the scheduler page was not seen. */
  private eventColour(e: CalendarEvent): void {
    const room = [...this.rooms.values()].find((r) => r.name === e.RoomsUsed.trim());
    const booking = this.bookings.get(eventId(e));
    if (room && booking && !this.colours.has(room.id)) this.colours.set(room.id, e.color.toLowerCase());
  }

  private customerList(q: Record<string, string>, list: Customer[]): boolean {
    const hallId = this.hall(q.id);
    if (hallId === undefined) return false;
    for (const c of list) {
      this.customers.set(c.UserId.toLowerCase(), {
        id: c.UserId,
        hallId,
        name: customerName(c),
        email: c.Email,
        phone: String(c.Phone ?? c.PhoneNumber ?? ''),
        organisation: c.Organisation,
        blocked: c.IsBlocked,
      });
    }
    const kind: CustomerList | undefined =
      q.includeDeleted === 'true' ? 'withDeleted' : q.onlyNew === 'true' ? 'onlyNew' : q.customer === 'true' ? 'customers' : 'everyone';
    if (q.includeDeleted === 'true' && (q.onlyNew === 'true' || q.customer === 'true')) return true;
    this.customerLists[kind] = new Set(list.map((c) => c.UserId.toLowerCase()));
    const { everyone, customers } = this.customerLists;
    if (everyone && customers) this.readings.hallCustomers(everyone, customers);
    return true;
  }

  private grid(q: Record<string, string>, rows: Booking[]): boolean {
    const hallId = this.hall(q.id);
    if (hallId === undefined) return false;
    for (const row of rows) this.bookings.set(row.BookingId, { ...this.bookings.get(row.BookingId), row, hallId });
    const status = q.statusType ?? 'All';
    const range = q.timerange === undefined ? 5 : Number(q.timerange);
    const unfiltered = !q.year && !q.startDateFrom && !q.startDateTo;
    if (status === 'HasPending' && range === 5 && unfiltered) this.pending = new Set(rows.map((r) => r.BookingId));
    if (status !== 'All' || !unfiltered) return true;
    if (range === 5) this.readings.allGrid(rows.map((r) => ({ id: r.BookingId, status: r.Status })));
    else {
      const known = [...this.bookings.values()]
        .filter((b) => b.parentId === undefined)
        .map((b) => ({ id: b.row.BookingId, start: b.row.StartDateTime }));
      this.readings.timerange(new Set(rows.map((r) => r.BookingId)), known);
    }
    return true;
  }
}
