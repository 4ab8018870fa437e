// The big hall (mock-server/seed-scale.ts, HB_MOCK_SEED_SCALE): a mock started in the worker with
// thousands of bookings lists them all on the grid, spread over past years and the months ahead,
// and the same on every start.
import { addDays, serviceToday } from '../../contracts/service-time.js';
import { expect, test } from '../../fixtures/index.js';
import { startMockServer } from '../../mock-server/server.js';
import { scaleBookings } from '../../mock-server/seed-scale.js';
import { MOCK_HALL_ID, seedState } from '../../mock-server/state.js';

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
});
