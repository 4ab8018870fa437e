// What an open point decides for the browser flows, checked at the wire under every reading: the
// scheduler page's room labels (roomLabels) and what a delete does (deleteEffect). The browser flows
// assert the same invariants once, on the default reading; here each reading the mock plays is played
// in turn (`mock.play`), and against a remote target the target's own reading is the one checked.
import * as cheerio from 'cheerio/slim';
import {
  endpoints,
  itemsOf,
  playedReadings,
  pagePath,
  roomId,
  ROOM_COLOUR_LIST_ID,
  ROOM_COLOUR_SELECTOR,
  type OpenPointId,
} from '../../contracts/index.js';
import { backgroundColourOf } from '../../client/colour.js';
import { firstRealOption, roomSelection } from '../../client/forms.js';
import { gridBookings } from '../../fixtures/bookings.js';
import { expectPlayedReading, playReading, recordReading } from '../../fixtures/readings.js';
import { skipUnlessWrites } from '../../fixtures/read-only.js';
import { notes, openPoint } from '../../coverage/sources.js';
import { expect, test } from './wire.fixture.js';
import { loadEnv } from '../../settings/env.js';

const remote = loadEnv().target.kind === 'remote';
/** The readings a check runs under: every one the mock plays; against a remote target, the target's own (`undefined`). */
const readingsOf = (point: OpenPointId): (string | undefined)[] => (remote ? [undefined] : playedReadings(point));
const theTargets = "the target's";

for (const reading of readingsOf('roomLabels')) {
  test(
    `schedulerPage names each room once in #RoomColorList .room-label, colour readable (roomLabels ${reading ?? theTargets})`,
    {
      annotation: [
        notes('Scheduler', 'Parse the colour from the style robustly (spacing, `!important`, `rgb()`)'),
        openPoint('roomLabels'),
      ],
    },
    async ({ api, target }) => {
      playReading(target, 'roomLabels', reading);
      const [page, { data: grid }, { data: bookable }] = await Promise.all([
        api.send(pagePath('schedulerPage', { hall_id: target.hallId }), { endpointId: 'schedulerPage' }),
        api.call('listRoomsForGrid', { query: { id: target.hallId } }),
        api.call('listRoomsForBooking', { query: { hallid: target.hallId } }),
      ]);
      const $ = cheerio.load(page.text);
      const labels = $(ROOM_COLOUR_SELECTOR)
        .toArray()
        .map((el) => ({ name: $(el).text().replace(/\s+/g, ' ').trim(), style: $(el).attr('style') ?? '' }));
      const rooms = [...new Map([...itemsOf(grid), ...itemsOf(bookable)].map((r) => [roomId(r), r.Name])).values()];
      expect(rooms.length, 'rooms of the hall (listRoomsForGrid ∪ listRoomsForBooking)').toBeGreaterThan(0);
      for (const name of rooms) {
        expect(
          labels.filter((l) => l.name.toLowerCase() === name.trim().toLowerCase()),
          `the label of room "${name}"`,
        ).toHaveLength(1);
      }
      for (const l of labels) expect(backgroundColourOf(l.style), `colour of label "${l.name}" from style "${l.style}"`).toBeTruthy();
      const live = $(`#${ROOM_COLOUR_LIST_ID}`)
        .children()
        .toArray()
        .every(
          (el) => $(el).is('div.room-label') && /^background-color:#[0-9a-f]{6}!important;?$/i.test(($(el).attr('style') ?? '').trim()),
        );
      const seen = [live ? 'live' : 'varied'];
      await recordReading('roomLabels', seen, `${labels.length} .room-label item(s); live markup only: ${live}`, target.baseUrl);
      expectPlayedReading(target, 'roomLabels', seen);
    },
  );
}

for (const reading of readingsOf('deleteEffect')) {
  test(
    `deleteBooking takes the booking off the not-cancelled grid; a kept one is Cancelled (deleteEffect ${reading ?? theTargets}) @write`,
    {
      annotation: [
        notes('Booking form', 'After it, expect the booking to be gone from the not-cancelled grid (removed or cancelled: accept either)'),
        openPoint('deleteEffect'),
      ],
    },
    async ({ api, target, env, bookings }, testInfo) => {
      skipUnlessWrites(testInfo, env.allowWrites);
      playReading(target, 'deleteEffect', reading);
      const day = await bookings.freeDays(1);
      const name = bookings.name('Wire delete');
      const start = `${day}T10:00:00`;
      await api.submitForm('createBookingPage', {}, (form) => {
        const room = form.controls.find((c) => /^BookingRoom\[\d+\]\.RoomId$/.test(c.name));
        const first = (field: string) => firstRealOption(form, field);
        return {
          Name: name,
          StartDate: start,
          EndDate: `${day}T11:00:00`,
          CustomerId: first('CustomerId'),
          ActivityTypeId: first('ActivityTypeId'),
          PriceRateId: first('PriceRateId'),
          BookingStatusId: first('BookingStatusId'),
          ...(form.controls.some((c) => c.name === 'SendEmails' && c.type === 'checkbox') ? { SendEmails: false } : {}),
          ...roomSelection(form, room ? [room.value] : []).overrides,
        };
      });
      const made = await bookings.find(name, start);
      expect(made, `${endpoints.listBookingsForHallGrid.path}: "${name}" starting ${start} after the create post`).toBeDefined();
      const deleted = await api.send(pagePath('deleteBooking', { booking_id: made!.BookingId }), { endpointId: 'deleteBooking' });
      expect(deleted.status, `GET ${pagePath('deleteBooking', { booking_id: made!.BookingId })}`).toBeLessThan(400);
      const [notCancelled, everyStatus] = await Promise.all([
        gridBookings(api, target.hallId, day, day, 'NotCancelled'),
        gridBookings(api, target.hallId, day, day, 'All'),
      ]);
      expect(
        notCancelled.map((b) => b.BookingId),
        'the not-cancelled grid after the delete',
      ).not.toContain(made!.BookingId);
      const kept = everyStatus.find((b) => b.BookingId === made!.BookingId);
      if (kept)
        expect(kept.Status, `booking ${made!.BookingId} is still in the grid after the delete, so it must be cancelled`).toBe('Cancelled');
      const seen = [kept ? 'cancel' : 'remove'];
      await recordReading(
        'deleteEffect',
        seen,
        kept ? 'the grid still lists it, Cancelled' : 'the grid no longer lists it',
        target.baseUrl,
      );
      expectPlayedReading(target, 'deleteEffect', seen);
    },
  );
}
