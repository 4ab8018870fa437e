// What a stored booking's pages must do: carry its name as text, never as markup (the injected
// element or attribute of the markup probes must not exist in the parsed page), and once it is
// deleted, be gone (live notes: removed or cancelled, accept either; a removed one is not found).
// The grid is read on the post's day: a hall with years of bookings costs no whole grid per post.
import * as cheerio from 'cheerio';
import { endpoints, itemsOf, pagePath, type Booking, type PageId } from '../contracts/index.js';
import { BookingList } from '../contracts/bookings.js';
import { startDayBounds } from '../contracts/service-time.js';
import { deleteBooking } from '../client/booking-queries.js';
import type { HbClient } from '../client/client.js';
import { MARKUP_PROBE } from './values.js';

/** Every page that may show a booking's name (interface doc: View, Edit, the admin index, the scheduler popup). */
const PAGES_OF_BOOKING: readonly PageId[] = ['viewBookingPage', 'editBookingPage', 'bookingPopup'];

/**
 * Grid rows starting on `day` (and on the next day, where the upper bound counts whole days; the whole grid
 * without a day), every status or the not cancelled.
 */
async function grid(client: HbClient, statusType: 'All' | 'NotCancelled', day?: string): Promise<Booking[]> {
  const query = new URLSearchParams({ id: String(client.hallId), statusType, timerange: '5' });
  if (day) for (const [bound, value] of Object.entries(startDayBounds(day))) query.set(bound, value);
  const reply = await client.send(`${endpoints.listBookingsForHallGrid.path}?${query}`, { endpointId: 'listBookingsForHallGrid' });
  const parsed = BookingList.safeParse(JSON.parse(reply.text));
  return parsed.success ? itemsOf(parsed.data) : [];
}

/** The hall's count of bookings of every status (getBookingCountsForHall, timerange=5), when it answers one. */
async function bookingTotal(client: HbClient): Promise<number | undefined> {
  const reply = await client.send(`${endpoints.getBookingCountsForHall.path}?id=${client.hallId}&timerange=5`, {
    endpointId: 'getBookingCountsForHall',
  });
  try {
    const total = (JSON.parse(reply.text) as { Total?: unknown }).Total;
    return typeof total === 'number' ? total : undefined;
  } catch {
    return undefined;
  }
}

/** What a post is compared with: the ids of the bookings on its day (every status) and the hall's count. */
export interface BeforePost {
  day: string;
  ids: Set<number>;
  total: number | undefined;
}

export async function beforePost(client: HbClient, day: string): Promise<BeforePost> {
  const [rows, total] = await Promise.all([grid(client, 'All', day), bookingTotal(client)]);
  return { day, ids: new Set(rows.map((b) => b.BookingId)), total };
}

/**
 * Grid rows (every status) new since `before`, named `name` or starting at `start`: what a post stored. Rows
 * that were there before (an earlier run's cancelled booking in the same slot) are not this post's. Read on
 * the post's day; when the hall's count grew by more than that day shows (a post stored on another day than
 * it asked for, or another client's write), the whole grid is read for the post's name.
 */
export async function storedWith(client: HbClient, before: BeforePost, name: string, start: string): Promise<Booking[]> {
  // The marker and the post's sequence number end every generated name: unique to this post.
  const suffix = name.slice(name.indexOf('[hb-suite'));
  const named = (b: Booking) => b.BookingName === name || b.BookingName.endsWith(suffix);
  const [rows, total] = await Promise.all([grid(client, 'All', before.day), bookingTotal(client)]);
  const onDay = rows.filter((b) => !before.ids.has(b.BookingId) && (named(b) || b.StartDateTime.slice(0, 19) === start));
  if (total !== undefined && before.total !== undefined && total - before.total <= onDay.length) return onDay;
  const ids = new Set(onDay.map((b) => b.BookingId));
  return [...onDay, ...(await grid(client, 'All')).filter((b) => named(b) && !ids.has(b.BookingId))];
}

/** The markup probes that became elements or attributes of the page: none when the name was escaped. */
function injected(html: string): number {
  const $ = cheerio.load(html);
  return $(`[${MARKUP_PROBE}]`).length;
}

export async function escapedOnPages(client: HbClient, id: number, name: string): Promise<string | null> {
  const paths = [
    ...PAGES_OF_BOOKING.map((p) => pagePath(p, { booking_id: id })),
    pagePath('bookingsIndexPage', { hall_id: client.hallId }),
  ];
  for (const path of paths) {
    const reply = await client.send(path, { endpointId: 'booking page', retries: 0 });
    if (reply.status >= 500) return `GET ${reply.url} → HTTP ${reply.status}: a server error on a page of booking ${id}`;
    if (reply.status === 200 && injected(reply.text)) {
      return `GET ${reply.url} → HTTP 200: booking ${id}'s name ${JSON.stringify(name)} is written into the page as markup (unescaped)`;
    }
  }
  return null;
}

const notFound = (status: number, text: string, name: string) =>
  (status >= 400 && status < 500) || /Page Not Found!/i.test(text) || !text.includes(name.slice(0, 40).replace(/[<>&"']/g, ''));

/**
 * Remove what this generated run stored (its tag in the name, `FormRun.tag`), whatever the checks found, like
 * the suite's ledger: nothing else, not even another test's booking of the same suite run.
 */
export async function sweepRun(client: HbClient, tag: string): Promise<number> {
  const mine = (await grid(client, 'NotCancelled')).filter((b) => b.BookingName.includes(tag));
  for (const b of mine) await deleteBooking(client, b.BookingId);
  return mine.length;
}

/** Delete through the documented GET; then out of the not-cancelled grid, and when removed, its pages not found. */
export async function afterDelete(client: HbClient, stored: Booking, name: string): Promise<string | null> {
  const id = stored.BookingId;
  const day = stored.StartDateTime.slice(0, 10);
  await deleteBooking(client, id);
  if ((await grid(client, 'NotCancelled', day)).some((b) => b.BookingId === id)) {
    return `deleteBooking ${id}: the not-cancelled grid still lists it after GET ${pagePath('deleteBooking', { booking_id: id })}`;
  }
  // Open point deleteEffect: a cancelled booking may keep its pages.
  if ((await grid(client, 'All', day)).some((b) => b.BookingId === id)) return null;
  for (const page of PAGES_OF_BOOKING) {
    const reply = await client.send(pagePath(page, { booking_id: id }), { endpointId: page, retries: 0, follow: true });
    if (reply.status >= 500) return `GET ${reply.url} → HTTP ${reply.status} for a deleted booking: a server error`;
    if (!notFound(reply.status, reply.text, name)) {
      return `GET ${reply.url} → HTTP ${reply.status}: booking ${id} was removed, yet its page still shows it (expected not found)`;
    }
  }
  return null;
}
