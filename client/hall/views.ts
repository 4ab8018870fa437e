// Every view of one booking, read through the wire client (GETs only: a read-only run reads them too): its row in
// the grid of its day (or its parent's child grid), its scheduler events, the View page, the scheduler popup and
// the edit form as the service pre-fills it. client/hall/compare.ts holds them to the model.
import * as cheerio from 'cheerio/slim';
import { itemsOf, pagePath, type Booking, type CalendarEvent } from '../../contracts/index.js';
import { addDays } from '../../contracts/service-time.js';
import type { HbClient } from '../client.js';
import { eventsOf, gridBookings, schedulerEvents } from '../booking-queries.js';
import { pickForm, type ParsedForm } from '../forms.js';
import { originOf, type Origin } from '../evidence/origin.js';

/** An HTML page as read: its status and what the model reads of it. */
interface PageRead {
  status: number;
  /** Its visible text, whitespace collapsed. */
  text: string;
  /** The answer it came from (left out of a report's JSON: the evidence shows it). */
  origin?: Origin;
}

/** What each view showed of one booking. */
export interface ObservedViews {
  /** The row in the grid of its day (a top-level booking) or its parent's child grid; null when none lists it. */
  row: Booking | null;
  /** The grid's answer (the evidence of a booking it does not list). */
  rowAnswer?: Origin;
  /** Its scheduler events over its days. */
  events: CalendarEvent[];
  /** The feed's answer. */
  feed?: Origin;
  view: PageRead;
  /** The popup, with the div after its `Rooms` label and beside its `Description` label (live notes). */
  popup: PageRead & { rooms?: string; description?: string };
  /** The edit form, pre-filled as the service serves it. */
  edit: PageRead & { form?: ParsedForm };
}

/** A booking to read: its id, its start (the day its views are read on) and its parent, for a child. */
export interface BookingRef {
  id: number;
  start: string;
  parentId?: number;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const textOf = (html: string): string => collapse(cheerio.load(html)('body').text() || cheerio.load(html).root().text());

/** The text of the element after a `label` that says `name` (live notes: the popup's Description and Rooms). */
function besideLabel(html: string, name: string): string | undefined {
  const $ = cheerio.load(html);
  const label = $('label')
    .toArray()
    .find((el) => $(el).attr('for') === name || collapse($(el).text()).replace(/:$/, '').toLowerCase() === name.toLowerCase());
  if (!label) return undefined;
  const sibling = $(label).nextAll('div').first();
  return sibling.length ? collapse(sibling.text()) : undefined;
}

async function page(api: HbClient, path: string, endpointId: string): Promise<{ status: number; html: string; origin: Origin }> {
  const reply = await api.send(path, { endpointId });
  return { status: reply.status, html: reply.text, origin: { exchange: reply.exchange } };
}

/** The booking's row: the grid of its day, or its parent's child grid. */
async function rowOf(api: HbClient, hallId: number, ref: BookingRef): Promise<{ row: Booking | null; rowAnswer?: Origin }> {
  const day = ref.start.slice(0, 10);
  const rows = ref.parentId
    ? itemsOf((await api.call('listChildBookings', { query: { id: ref.parentId } })).data)
    : await gridBookings(api, hallId, day, day);
  const rowAnswer = originOf(rows);
  return { row: rows.find((b) => b.BookingId === ref.id) ?? null, ...(rowAnswer && { rowAnswer }) };
}

/** Read every view of `ref`, the independent reads in flight together. */
export async function readViews(api: HbClient, hallId: number, ref: BookingRef): Promise<ObservedViews> {
  const day = ref.start.slice(0, 10);
  const id = { booking_id: ref.id };
  const [grid, events, view, popup, edit] = await Promise.all([
    rowOf(api, hallId, ref),
    schedulerEvents(api, hallId, addDays(day, -1), addDays(day, 2)),
    page(api, pagePath('viewBookingPage', id), 'viewBookingPage'),
    page(api, pagePath('bookingPopup', id), 'bookingPopup'),
    page(api, pagePath('editBookingPage', id), 'editBookingPage'),
  ]);
  let form: ParsedForm | undefined;
  try {
    form = edit.status === 200 ? pickForm(edit.html, { postPath: pagePath('submitEditBookingForm', id) }) : undefined;
  } catch {
    form = undefined;
  }
  return {
    ...grid,
    events: eventsOf(events, ref.id),
    feed: originOf(events),
    view: { status: view.status, text: textOf(view.html), origin: view.origin },
    popup: {
      status: popup.status,
      origin: popup.origin,
      text: textOf(popup.html),
      rooms: besideLabel(popup.html, 'Rooms'),
      description: besideLabel(popup.html, 'Description'),
    },
    edit: { status: edit.status, text: '', origin: edit.origin, ...(form && { form }) },
  };
}
