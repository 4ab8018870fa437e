// Steps the booking flows share, each boxed so a failure points at the calling line:
// create through the form, read room colours from the scheduler page, and check a
// booking in the grid, the scheduler feed, the View page and the popup.
import type { Page } from '@playwright/test';
import { endpoints, pagePath, type Booking, type CalendarEvent } from '../../contracts/index.js';
import {
  draftBooking,
  eventsOf,
  expect,
  fillBooking,
  test,
  type BookingDraft,
  type BookingLedger,
  type DraftSpec,
  type HallCatalogue,
} from '../../fixtures/bookings.js';
import type { BrowserSession } from '../../fixtures/pages/browser-session.js';
import { BookingFormPage } from '../../fixtures/pages/booking-form-page.js';
import { BookingPopup, BookingViewPage } from '../../fixtures/pages/booking-view-page.js';
import { normaliseColour } from '../../client/colour.js';
import { SchedulerPage } from '../../fixtures/pages/scheduler-page.js';

const GRID = `listBookingsForHallGrid (GET ${endpoints.listBookingsForHallGrid.path})`;
const FEED = `listSchedulerEvents (GET ${endpoints.listSchedulerEvents.path})`;

/** A confirmed booking of `roomCount` room(s) on `day`, from `from` to `to` (HH:MM), named with the run marker. */
export const confirmedSpec = (bookings: BookingLedger, label: string, day: string, from: string, to: string, roomCount = 1): DraftSpec => ({
  name: bookings.name(label),
  start: `${day}T${from}:00`,
  end: `${day}T${to}:00`,
  roomCount,
  status: 'Confirmed',
});

/** Booked room's display name: the JSON API's name for its id, else the form's label. */
const roomName = (cat: HallCatalogue, room: { roomId: string; label: string }) => cat.roomNames.get(room.roomId) ?? room.label;

/** What the form steps work with: the test's page, its browser session and its ledger. */
export interface FormParts {
  page: Page;
  browserSession: BrowserSession;
  bookings: BookingLedger;
}

/** Open the create form and fill it with a draft of `spec` (for the ledger's test customer); not submitted. */
export async function fillCreateForm(at: FormParts, spec: DraftSpec): Promise<{ form: BookingFormPage; draft: BookingDraft }> {
  const { page, browserSession, bookings } = at;
  return test.step(
    `fill the create form with "${spec.name}"`,
    async () => {
      const form = new BookingFormPage(page, browserSession);
      await form.openCreate();
      const draft = await draftBooking(form, spec, bookings.testCustomerId);
      await fillBooking(form, draft);
      return { form, draft };
    },
    { box: true },
  );
}

/** Create a booking through the real form and find it in the grid by name and start. */
export async function createThroughForm(at: FormParts, spec: DraftSpec): Promise<{ draft: BookingDraft; row: Booking }> {
  return test.step(
    `create "${spec.name}" through the booking form`,
    async () => {
      const { form, draft } = await fillCreateForm(at, spec);
      const outcome = await form.submit();
      expect(
        outcome,
        `submitCreateBookingForm: POST ${pagePath('submitCreateBookingForm')} answered ${JSON.stringify(outcome)}; a valid booking ` +
          `redirects`,
      ).toMatchObject({ kind: 'redirected' });
      const row = await at.bookings.find(draft.name, draft.start);
      expect(row, `${GRID}: no booking named "${draft.name}" starting ${draft.start} after a successful create`).toBeDefined();
      return { draft, row: row as Booking };
    },
    { box: true },
  );
}

/** Room id → `#rrggbb` from the scheduler page's `#RoomColorList .room-label` (by setRoom id, else by name). */
export async function roomColours(
  page: Page,
  browserSession: BrowserSession,
  hallId: number,
  cat: HallCatalogue,
): Promise<Map<string, string>> {
  return test.step(
    'read room colours from the scheduler page',
    async () => {
      const scheduler = new SchedulerPage(page, browserSession);
      expect(await scheduler.open(hallId), `GET /Scheduler/View/${hallId}`).toBe(200);
      const labels = await scheduler.roomColours();
      const out = new Map<string, string>();
      for (const [id, name] of cat.roomNames) {
        const label =
          labels.find((l) => l.roomId !== null && String(l.roomId) === id) ??
          labels.find((l) => l.name.toLowerCase() === name.trim().toLowerCase());
        if (label?.colour) out.set(id, label.colour);
      }
      return out;
    },
    { box: true },
  );
}

/** Every grid field of the row matches what was filled in. */
export async function assertGridRow(row: Booking, draft: BookingDraft, cat: HallCatalogue): Promise<void> {
  await test.step(
    `grid row ${row.BookingId} matches the form`,
    () => {
      const at = `${GRID} row ${row.BookingId}`;
      expect(row.BookingName, `${at}: BookingName`).toBe(draft.name);
      expect(row.StartDateTime.slice(0, 19), `${at}: StartDateTime`).toBe(draft.start);
      expect(row.EndDateTime.slice(0, 19), `${at}: EndDateTime`).toBe(draft.end);
      expect(row.Status, `${at}: Status (option "${draft.status.text}")`).toBe(draft.status.text);
      expect(row.CustomerId.toLowerCase(), `${at}: CustomerId`).toBe(draft.customer.value.toLowerCase());
      const customer = cat.customerNames.get(draft.customer.value.toLowerCase());
      if (customer) expect(row.CustomerName, `${at}: CustomerName`).toBe(customer);
      else expect(draft.customer.text, `${at}: CustomerName within the option text`).toContain(row.CustomerName);
      expect(row.ActivityType, `${at}: ActivityType`).toBe(cat.activityNames.get(draft.activity.value) ?? draft.activity.text);
      expect(row.IsRecurring, `${at}: IsRecurring`).toBe(false);
      const booked = draft.rooms.map((r) => roomName(cat, r));
      for (const name of booked) expect(row.RoomsUsed, `${at}: RoomsUsed names booked room "${name}"`).toContain(name);
      for (const [id, name] of cat.roomNames) {
        const bookedHere = draft.rooms.some((r) => r.roomId === id);
        if (!bookedHere && !booked.some((b) => b.includes(name))) {
          expect(row.RoomsUsed, `${at}: RoomsUsed names room "${name}", which is not booked`).not.toContain(name);
        }
      }
      return Promise.resolve();
    },
    { box: true },
  );
}

/** One feed event per booked room, each in that room's colour, with the booking's title and times. */
export async function assertSchedulerEvents(
  events: CalendarEvent[],
  bookingId: number,
  draft: BookingDraft,
  colours: Map<string, string>,
  cat: HallCatalogue,
): Promise<void> {
  await test.step(
    `scheduler feed shows booking ${bookingId} once per room`,
    () => {
      const mine = eventsOf(events, bookingId);
      expect(mine, `${FEED}: events of booking ${bookingId}; the live notes say one per booked room (${draft.rooms.length})`).toHaveLength(
        draft.rooms.length,
      );
      const expected = draft.rooms
        .map((r) => {
          const colour = colours.get(r.roomId);
          expect(colour, `scheduler page: no #RoomColorList .room-label colour for room ${r.roomId} "${roomName(cat, r)}"`).toBeDefined();
          return colour as string;
        })
        .sort();
      const actual = mine.map((e) => normaliseColour(e.color) ?? e.color).sort();
      expect(actual, `${FEED}: colours of booking ${bookingId}'s events vs the booked rooms' colours on the scheduler page`).toEqual(
        expected,
      );
      for (const e of mine) {
        expect(e.title, `${FEED}: title of booking ${bookingId}`).toBe(draft.name);
        expect(e.start.slice(0, 19), `${FEED}: start of booking ${bookingId}`).toBe(draft.start);
        expect(e.end.slice(0, 19), `${FEED}: end of booking ${bookingId}`).toBe(draft.end);
      }
      return Promise.resolve();
    },
    { box: true },
  );
}

/**
 * The View page names the booking and its rooms, and none of `absent` (an old name: read from the
 * same load, not a second one); the popup shows its description and rooms.
 */
export async function assertPagesShow(
  page: Page,
  browserSession: BrowserSession,
  bookingId: number,
  draft: BookingDraft,
  cat: HallCatalogue,
  { popup = true, absent = [] as string[] } = {},
): Promise<void> {
  await test.step(
    `View page${popup ? ' and popup' : ''} show booking ${bookingId}`,
    async () => {
      const view = new BookingViewPage(page, browserSession);
      expect((await view.open(bookingId)).status, `GET /Admin/Bookings/View/${bookingId}`).toBe(200);
      const text = await view.text();
      expect(text, `View page of booking ${bookingId}: name`).toContain(draft.name);
      for (const gone of absent) expect(text, `View page of booking ${bookingId}: the old name`).not.toContain(gone);
      for (const r of draft.rooms) expect(text, `View page of booking ${bookingId}: room`).toContain(roomName(cat, r));
      if (!popup) return;
      const quick = new BookingPopup(page, browserSession);
      expect((await quick.open(bookingId)).status, `GET /Scheduler/ViewBooking/${bookingId}`).toBe(200);
      await expect(quick.rooms, `popup of booking ${bookingId}: the div after the Rooms label`).toBeVisible();
      const rooms = await quick.roomsText();
      for (const r of draft.rooms) expect(rooms, `popup of booking ${bookingId}: Rooms`).toContain(roomName(cat, r));
      // Only a filled Description can come back: the fields the live notes list for the booking form name none.
      if (draft.descriptionFilled)
        expect(await quick.descriptionText(), `popup of booking ${bookingId}: Description`).toBe(draft.description);
    },
    { box: true },
  );
}
