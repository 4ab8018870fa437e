// The canary's file for the root causes: the mock plays one regression of each kind a red run meets, through the
// suite's own clients and checks: a field that breaks its contract (twice: one cause, two tests), a create that drops
// one of its rooms, a grid that shows every booking an hour early, a grid that never answers. The closing summary
// names each once, with what was seen, and its evidence is the answer that broke (causes.spec.ts).
import { repoModule } from '../../../../child-runs/child-run.js';

/** The titles, by kind; the check finds each cause's tests by them. */
export const CAUSE_TITLES = {
  field: ['cause: a grid id as a string, read once', 'cause: a grid id as a string, read again'],
  write: 'cause: a create that drops a room',
  shifted: 'cause: a grid an hour early',
  hung: 'cause: a grid that never answers',
} as const;

/** The name of the booking the write regression creates (its evidence holds it). */
export const DROPPED_ROOM_BOOKING = 'Causes two rooms';

export const CAUSES_FILES = {
  'causes.spec.ts': `import { pagePath } from ${repoModule('contracts/index.ts')};
import { addDays, serviceToday } from ${repoModule('contracts/service-time.ts')};
import { gridBookings } from ${repoModule('client/booking-queries.ts')};
import { createBooking } from ${repoModule('client/booking-writes.ts')};
import { fromGridRow, fromPosted } from ${repoModule('client/hall/booking.ts')};
import { expect, test } from ${repoModule('fixtures/index.ts')};

// Each failure is the regression's, once: a retry would only repeat it.
test.describe.configure({ retries: 0 });
const TITLES = ${JSON.stringify(CAUSE_TITLES)};
const rowsOf = (data: any): any[] => (Array.isArray(data) ? data : data.Data);
const isGrid = (request: Request) => new URL(request.url).pathname.toLowerCase().includes('getforhallgrid');

for (const title of TITLES.field) {
  test(title, async ({ api, mock, target }) => {
    mock.use({ json: (id, data) => {
      if (id === 'listBookingsForHallGrid') for (const row of rowsOf(data)) row.BookingId = String(row.BookingId);
      return data;
    } });
    await gridBookings(api, target.hallId, addDays(serviceToday(), -30), addDays(serviceToday(), 60));
  });
}

test(TITLES.write, async ({ api, hall, mock, target }) => {
  // The service takes the post and keeps the first of its rooms only.
  const post = pagePath('submitCreateBookingForm').toLowerCase();
  mock.use({ intercept: async (request, next) => {
    if (request.method !== 'POST' || new URL(request.url).pathname.toLowerCase() !== post) return next(request);
    const form = new URLSearchParams(await request.text());
    const ticked = [...form].filter(([k, v]) => /^BookingRoom\\[\\d+\\]\\.Selected$/.test(k) && v.toLowerCase() === 'true');
    form.delete(ticked.at(-1)![0]);
    return next(new Request(request.url, { method: 'POST', headers: request.headers, body: form.toString() }));
  } });
  const day = addDays(serviceToday(), 500);
  const roomIds = [...hall.catalogue.roomNames.keys()].slice(0, 2);
  const created = await createBooking(api, target.hallId, {
    name: ${JSON.stringify(DROPPED_ROOM_BOOKING)}, start: day + 'T09:00:00', end: day + 'T10:00:00', roomIds, status: 'Confirmed',
  });
  expect(created.posted, created.seen).toBeDefined();
  await hall.expectViews(fromPosted(created.posted!, hall.catalogue), 'what was posted');
});

test(TITLES.shifted, async ({ api, hall, mock, target }) => {
  const rows = await gridBookings(api, target.hallId, addDays(serviceToday(), -30), addDays(serviceToday(), 60));
  const row = rows.find((b) => b.Status === 'Confirmed' && !b.IsRecurring)!;
  mock.use({ json: (id, data) => {
    if (id !== 'listBookingsForHallGrid') return data;
    for (const b of rowsOf(data)) {
      const early = new Date(Date.parse(b.StartDateTime.slice(0, 19) + 'Z') - 3_600_000);
      b.StartDateTime = early.toISOString().slice(0, 19);
    }
    return data;
  } });
  await hall.expectViews(fromGridRow(row, hall.catalogue), 'the grid before');
});

test(TITLES.hung, async ({ api, mock, target }) => {
  test.setTimeout(3_000);
  mock.use({ intercept: (request, next) =>
    isGrid(request) ? new Promise((done) => setTimeout(() => done(next(request)), 10_000)) : next(request) });
  await gridBookings(api, target.hallId, serviceToday());
});
`,
};
