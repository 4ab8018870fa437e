// The big hall (mock-server/seed-scale.ts, HB_MOCK_SEED_SCALE): a mock started in the worker with
// thousands of bookings lists them all on the grid, spread over past years and the months ahead,
// and the same on every start; its bookings index pages, as a grid does.
import * as cheerio from 'cheerio';
import { pagePath } from '../../../contracts/index.js';
import { addDays, serviceToday } from '../../../contracts/service-time.js';
import { HbClient } from '../../../client/client.js';
import { expect, test } from '../../../fixtures/index.js';
import { startMockServer } from '../../../mock-server/server.js';
import { scaleBookings } from '../../../mock-server/seed-scale.js';
import { MOCK_HALL_ID, MOCK_TEST_CUSTOMER_ID, seedState } from '../../../mock-server/state.js';
import { bookingValues } from '../../wire/booking-values.js';

const SCALE = 3000;

test.describe('big hall', () => {
  test('the seeded hall holds the bookings over past years and the months ahead, the same on every start', async () => {
    const mock = await startMockServer({ seedScale: SCALE });
    try {
      const days = mock.context.state.bookings.filter((b) => b.hallId === MOCK_HALL_ID).map((b) => b.start.slice(0, 10));
      const today = serviceToday();
      expect(days.length).toBeGreaterThanOrEqual(SCALE);
      expect(days.filter((d) => d < addDays(today, -2 * 365)).length, 'bookings more than two years back').toBeGreaterThan(SCALE / 5);
      expect(days.filter((d) => d > addDays(today, 90)).length, 'bookings more than three months ahead').toBeGreaterThan(SCALE / 20);
      const total = mock.context.state.bookings.length;
      mock.context.reset();
      expect(mock.context.state.bookings, 'bookings after a reset').toHaveLength(total);
    } finally {
      await mock.close();
    }
    const state = seedState();
    expect(scaleBookings(state, SCALE, MOCK_HALL_ID)).toEqual(scaleBookings(state, SCALE, MOCK_HALL_ID));
  });

  test("the big hall's bookings index shows one page of rows, a booking just made first, and a pager", async () => {
    const mock = await startMockServer({ seedScale: SCALE });
    try {
      const { email, password } = mock.context.credentials;
      const api = new HbClient({ baseUrl: mock.url, email, password, hallId: MOCK_HALL_ID, retries: 0 });
      await api.login();
      // Made through the create form, two years ahead, where the big hall holds no booking.
      const day = addDays(serviceToday(), 730);
      const room = mock.context.state.rooms.find((r) => r.hallId === MOCK_HALL_ID)!;
      const values = bookingValues('Made just now', `${day}T10:00:00`, `${day}T11:00:00`, MOCK_TEST_CUSTOMER_ID);
      const made = await api.submitForm('createBookingPage', {}, values, { rooms: [String(room.id)] });
      expect(made.location, `the create post: HTTP ${made.status}`).toBeTruthy();
      const id = mock.context.state.bookings.find((b) => b.name === 'Made just now')?.id;
      const total = mock.context.state.bookings.filter((b) => b.hallId === MOCK_HALL_ID && b.parentId === null).length;
      const index = pagePath('bookingsIndexPage', { hall_id: MOCK_HALL_ID });
      const ids = async (page: number) => {
        const $ = cheerio.load((await api.send(`${index}?page=${page}`, { endpointId: 'mock page' })).text);
        return {
          rows: $('#bookingsGrid tbody tr')
            .map((_, tr) => Number($(tr).attr('data-booking-id')))
            .get(),
          pager: $('.pager').text(),
        };
      };
      const first = await ids(1);
      expect(first.rows[0], 'the booking just made, first on the first page').toBe(id);
      expect(first.rows.length, 'a page, not the hall').toBeLessThan(100);
      const pages = Math.ceil(total / first.rows.length);
      expect(first.pager).toContain(`Page 1 of ${pages} (${total} bookings)`);
      const last = await ids(pages);
      expect(last.rows, 'the last page: the rest').toHaveLength(total - (pages - 1) * first.rows.length);
      expect(
        last.rows.filter((r) => first.rows.includes(r)),
        'rows on both the first page and the last',
      ).toEqual([]);
      expect((await ids(pages + 5)).rows, 'a page past the end shows the last').toEqual(last.rows);
    } finally {
      await mock.close();
    }
  });
});
