// Every view of a booking held to the model (client/hall/booking.ts), field by field: each rule holds in every
// faithful reading of the interface document and the live notes (a view the document leaves open is not held to
// more than it says). A disagreement names the field, both views and both values.
import { BOOKING_ROOM_FIELD, type Booking, type CalendarEvent } from '../../contracts/index.js';
import { normaliseColour } from '../colour.js';
import type { ParsedForm } from '../forms.js';
import { bookingLabel, type HallBooking } from './booking.js';
import { roomsNamed, type HallCatalogue } from './catalogue.js';
import type { ObservedViews } from './views.js';
import { originOf, type Origin } from '../evidence/origin.js';

/** One field on which a view disagrees with the model. */
export interface Disagreement {
  field: string;
  /** The view that disagrees (`the scheduler feed`), and what it showed. */
  view: string;
  seen: string;
  /** What the model holds. */
  expected: string;
  /** The answer the view came from, and the value's path in it when it is JSON. */
  source?: Origin;
}

type Shown = string | number | boolean | undefined;
type Check = (field: string, view: string, expected: Shown, seen: Shown, source?: Origin) => void;

const rooms = (ids: readonly string[], cat: HallCatalogue) => ids.map((id) => cat.roomNames.get(id) ?? `room ${id}`).join(', ');

/** The row's fields against the model (a posted booking's row, or the grid of its day against the whole grid's row). */
function rowRules(b: HallBooking, row: Booking | null, gridAnswer: Origin | undefined, cat: HallCatalogue, check: Check): void {
  const grid = b.parentId ? 'the child grid' : 'the grid of its day';
  if (!row) return check('listed', grid, 'listed', 'not listed', gridAnswer);
  const at = (key: keyof Booking) => originOf(row, key);
  check('name', grid, b.name, row.BookingName, at('BookingName'));
  check('start', grid, b.start, row.StartDateTime.slice(0, 19), at('StartDateTime'));
  check('end', grid, b.end, row.EndDateTime.slice(0, 19), at('EndDateTime'));
  check('status', grid, b.status, row.Status, at('Status'));
  check('customer', grid, b.customerId, String(row.CustomerId).toLowerCase(), at('CustomerId'));
  if (b.customerName !== undefined) check('customer name', grid, b.customerName, row.CustomerName, at('CustomerName'));
  check('activity', grid, b.activity, row.ActivityType, at('ActivityType'));
  check('rooms', grid, rooms(b.roomIds, cat), rooms(roomsNamed(row.RoomsUsed, cat), cat), at('RoomsUsed'));
  check('recurring', grid, b.recurring, row.IsRecurring, at('IsRecurring'));
}

/**
 * The scheduler feed: one event per booked room, in that room's colour, with the booking's title and times (live notes,
 * "Scheduler"). A cancelled booking and a recurring parent may or may not show there (the document does not say).
 */
function feedRules(b: HallBooking, events: CalendarEvent[], answer: Origin | undefined, cat: HallCatalogue, check: Check): void {
  if (b.status === 'Cancelled' || b.recurring) return;
  const feed = 'the scheduler feed';
  if (b.roomsKnown) check('events (one per booked room)', feed, b.roomIds.length, events.length, answer);
  const colours = b.roomIds.map((id) => cat.roomColours.get(id));
  if (b.roomsKnown && colours.every(Boolean)) {
    const seen = events.map((e) => normaliseColour(e.color) ?? e.color).sort();
    check("events' colours (the booked rooms')", feed, (colours as string[]).sort().join(' '), seen.join(' '), answer);
  }
  for (const [i, e] of events.entries()) {
    const which = `${feed} (event ${i + 1} of ${events.length})`;
    check('title', which, b.name, e.title, originOf(e, 'title'));
    check('start', which, b.start, e.start.slice(0, 19), originOf(e, 'start'));
    check('end', which, b.end, e.end.slice(0, 19), originOf(e, 'end'));
  }
}

/** The View page and the popup: they show the booking's name and rooms; the popup its description when one was set. */
function pageRules(b: HallBooking, v: ObservedViews, cat: HallCatalogue, check: Check): void {
  check('answer', 'the View page', 'HTTP 200', `HTTP ${v.view.status}`);
  if (v.view.status === 200) {
    check('name', 'the View page', b.name, v.view.text.includes(b.name) ? b.name : `no "${b.name}" in its text`);
    for (const id of b.roomIds) {
      const name = cat.roomNames.get(id) ?? `room ${id}`;
      check('rooms', 'the View page', name, v.view.text.includes(name) ? name : `no "${name}" in its text`);
    }
  }
  if (b.status === 'Cancelled') return;
  check('answer', 'the popup', 'HTTP 200', `HTTP ${v.popup.status}`);
  if (v.popup.status !== 200) return;
  for (const id of b.roomIds) {
    const name = cat.roomNames.get(id) ?? `room ${id}`;
    const shown = v.popup.rooms ?? v.popup.text;
    check('rooms', 'the popup', name, shown.includes(name) ? name : `no "${name}" in "${shown}"`);
  }
  if (b.description !== undefined && v.popup.description !== undefined)
    check('description', 'the popup', b.description, v.popup.description);
}

/** A date-time as a form shows it, to the minute: ISO (`T` or a space) or day first (`dd/mm/yyyy HH:mm`, the live service's UK form). */
function formDateTime(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})/.exec(value.trim());
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})/.exec(value.trim());
  const pad = (n: string | undefined) => (n ?? '').padStart(2, '0');
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}T${pad(iso[4])}:${iso[5]}`;
  if (uk) return `${uk[3]}-${pad(uk[2])}-${pad(uk[1])}T${pad(uk[4])}:${uk[5]}`;
  return undefined;
}

/** The option a select shows: the selected one, else its first (HTML). */
const shownOption = (form: ParsedForm, name: string) => {
  const options = form.controls.find((c) => c.name === name)?.options ?? [];
  return options.find((o) => o.selected) ?? options[0];
};
const value = (form: ParsedForm, name: string) => form.controls.find((c) => c.name === name)?.value;

/** The booked rooms the edit form ticks: each ticked `BookingRoom[i].Selected` with its `BookingRoom[i].RoomId`. */
function tickedRooms(form: ParsedForm): string[] {
  const ids = new Map<string, string>();
  const ticked = new Set<string>();
  for (const c of form.controls) {
    const [, i, part] = BOOKING_ROOM_FIELD.exec(c.name) ?? [];
    if (i === undefined) continue;
    if (part === 'RoomId') ids.set(i, c.value);
    else if (c.checked) ticked.add(i);
  }
  return [...ticked].flatMap((i) => (ids.has(i) ? [ids.get(i) as string] : [])).sort();
}

/** The edit form, pre-filled: its values are the booking's (to the minute: a form may show no seconds). */
function formRules(b: HallBooking, v: ObservedViews, cat: HallCatalogue, check: Check): void {
  const form = 'the edit form';
  check('answer', form, 'HTTP 200 with the form', `HTTP ${v.edit.status}${v.edit.form ? ' with the form' : ' without the form'}`);
  const f = v.edit.form;
  if (!f) return;
  check('name', form, b.name, value(f, 'Name'));
  for (const [field, name, at] of [
    ['start', 'StartDate', b.start],
    ['end', 'EndDate', b.end],
  ] as const) {
    const shown = value(f, name) ?? '';
    // A form that shows date-times in a form the model does not read is not held to them.
    if (formDateTime(shown) !== undefined) check(field, form, at.slice(0, 16), formDateTime(shown));
  }
  // A customer a listing select does not offer (a staff member, one deleted since) it cannot show: held to those it lists.
  const offered = f.controls.find((c) => c.name === 'CustomerId')?.options ?? [];
  const unlisted = offered.some((o) => o.value) && !offered.some((o) => o.value.toLowerCase() === b.customerId);
  if (!unlisted) check('customer', form, b.customerId, shownOption(f, 'CustomerId')?.value.toLowerCase());
  const activity = shownOption(f, 'ActivityTypeId');
  if (activity) check('activity', form, b.activity, cat.activityNames.get(activity.value) ?? activity.text);
  // Its option values are not known (open point statusOptions): the status is the selected option's value or its text.
  const status = shownOption(f, 'BookingStatusId');
  const named = [status?.value, status?.text].map((x) => x?.trim().toLowerCase());
  check('status', form, b.status.toLowerCase(), named.includes(b.status.toLowerCase()) ? b.status.toLowerCase() : named[1]);
  if (b.roomsKnown) check('rooms', form, rooms(b.roomIds, cat), rooms(tickedRooms(f), cat));
}

/** Every view of the booking held to the model; an empty list when they all agree. */
export function disagreements(b: HallBooking, v: ObservedViews, cat: HallCatalogue): Disagreement[] {
  const out: Disagreement[] = [];
  // A page's disagreement is with its whole answer (HTML has no field path).
  const pages: Record<string, Origin | undefined> = {
    'the View page': v.view.origin,
    'the popup': v.popup.origin,
    'the edit form': v.edit.origin,
  };
  const check: Check = (field, view, expected, seen, source = pages[view]) => {
    const [e, s] = [String(expected ?? '(none)'), String(seen ?? '(none)')];
    if (e !== s) out.push({ field, view, expected: e, seen: s, ...(source && { source }) });
  };
  rowRules(b, v.row, v.rowAnswer, cat, check);
  feedRules(b, v.events, v.feed, cat, check);
  pageRules(b, v, cat, check);
  // A cancelled booking's popup and edit form: the document does not say a service still serves them.
  if (b.status !== 'Cancelled') formRules(b, v, cat, check);
  return out;
}

/**
 * `booking 480039 "…" (Confirmed, …): start: the model has "2027-04-06T18:00:00", the scheduler feed "2027-04-06T19:00:00"
 * (GET /api/Scheduler/GetEvents → 200, $[1].start)`.
 */
export const disagreementLine = (b: HallBooking, d: Disagreement, reference: string): string => {
  const values = `${reference} has ${JSON.stringify(d.expected)}, ${d.view} ${JSON.stringify(d.seen)}`;
  return `${bookingLabel(b)}: ${d.field}: ${values}${answerOf(d.source)}`;
};

/** ` (GET /api/bookings/GetForHallgrid → 200, $.Data[3].StartDateTime)`: where the view's value is on the wire. */
function answerOf(source: Origin | undefined): string {
  if (!source) return '';
  const x = source.exchange;
  return ` (${x.method} ${new URL(x.url).pathname} → ${x.status ?? 'no answer'}${source.path ? `, ${source.path}` : ''})`;
}
