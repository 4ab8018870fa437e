// Which reading of each open point (contracts/open-points.ts) the recorded server showed, read
// from the answers as they pass. A point no answer decided stays out of the seed: the mock then
// plays its default, and the file says it was not observed.
import * as cheerio from 'cheerio/slim';
import { BookingStatus, ROOM_COLOUR_LIST_ID, type MockReadings } from '../contracts/index.js';
import { pathMatches } from '../contracts/registry.js';
import { shiftLocal, startOfDay } from '../contracts/service-time.js';

type Observed = Partial<MockReadings>;

/** The live markup of a room label (live notes, "Scheduler"); any other notation is the `varied` reading. */
const LIVE_LABEL_STYLE = /^background-color:#[0-9a-f]{6}!important;?$/i;

export class ReadingsObserver {
  readonly observed: Observed = {};
  /** Bookings deleted through the recording, waiting for a grid to show what the delete did. */
  private readonly deleted = new Set<number>();

  constructor(private readonly now: string) {}

  private set<P extends keyof MockReadings>(point: P, reading: MockReadings[P]): void {
    this.observed[point] = reading;
  }

  /** `BookingStatusId`'s option values: numbers, or the status names themselves. */
  statusOptions(values: string[]): void {
    const real = values.filter((v) => v.trim() !== '');
    if (!real.length) return;
    if (real.every((v) => /^\d+$/.test(v))) this.set('statusOptions', 'ids');
    else if (real.every((v) => BookingStatus.safeParse(v).success)) this.set('statusOptions', 'names');
  }

  /** The scheduler page's room list: live markup only, or another notation or an item that is no room label. */
  roomLabels(html: string): void {
    const $ = cheerio.load(html);
    const list = $(`#${ROOM_COLOUR_LIST_ID}`);
    if (!list.length) return;
    const items = list.children().toArray();
    const live = items.every((el) => $(el).is('div.room-label') && LIVE_LABEL_STYLE.test(($(el).attr('style') ?? '').trim()));
    this.set('roomLabels', live ? 'live' : 'varied');
  }

  /** getforhall without and with `customer=true`: staff listed in the first only, or the same people. */
  hallCustomers(everyone: Set<string>, customers: Set<string>): void {
    const staff = [...everyone].some((id) => !customers.has(id));
    const same = !staff && everyone.size === customers.size;
    if (staff) this.set('hallCustomers', 'with-staff');
    else if (same) this.set('hallCustomers', 'customers-only');
  }

  /**
   * A ranged grid answer (`timerange` 0–4, no other filter) against the known bookings: a booking
   * that starts after today in it is `from-start`; a known future booking left out is `start-window`.
   */
  timerange(inAnswer: Set<number>, known: { id: number; start: string }[]): void {
    const tomorrow = shiftLocal(startOfDay(this.now), { days: 1 });
    const future = known.filter((b) => b.start >= tomorrow);
    if (future.some((b) => inAnswer.has(b.id))) this.set('timerange', 'from-start');
    else if (future.length) this.set('timerange', 'start-window');
  }

  /** Where a create or edit post redirected to. */
  formRedirect(form: 'create' | 'edit', to: string): void {
    const toView = pathMatches('viewBookingPage', to);
    const toIndex = pathMatches('bookingsIndexPage', to);
    if (!toView && !toIndex) return;
    const createsToIndex = form === 'create' ? toIndex : toView;
    this.set('formRedirects', createsToIndex ? 'index-then-view' : 'view-then-index');
  }

  deleteRequested(id: number): void {
    this.deleted.add(id);
  }

  /** An unfiltered grid (every status, every time) after a delete: the booking gone, or kept as Cancelled. */
  allGrid(rows: { id: number; status: string }[]): void {
    for (const id of this.deleted) {
      const row = rows.find((r) => r.id === id);
      if (!row) this.set('deleteEffect', 'remove');
      else if (row.status === 'Cancelled') this.set('deleteEffect', 'cancel');
    }
  }

  /** Bookings deleted and not kept: the seed leaves them out. */
  removed(): Set<number> {
    return this.observed.deleteEffect === 'cancel' ? new Set() : new Set(this.deleted);
  }
}
