// From red to its cause: the mock plays one regression of each kind a red run meets (a field that breaks its contract,
// a create that drops one of its rooms, a grid an hour early, a grid that never answers), met through the suite's own
// client and checks. Each failure's evidence is the answer that broke, with the value; its cause is one entry at the top
// of the closing summary, whichever tests it failed. In the process, as the evidence fixture decides it
// (fixtures/evidence.ts); the canary checks the same decisions on a real run's reports (canary/evidence.spec.ts).
import { pagePath, type Booking } from '../../../contracts/index.js';
import { addDays, serviceToday } from '../../../contracts/service-time.js';
import { gridBookings } from '../../../client/booking-queries.js';
import { createBooking } from '../../../client/booking-writes.js';
import { HbClient } from '../../../client/client.js';
import { causeOf } from '../../../client/evidence/cause.js';
import { blames } from '../../../client/evidence/origin.js';
import { evidenceOf, evidenceText, failingEvidence, type Evidence } from '../../../client/evidence/text.js';
import { verdictOf } from '../../../client/evidence/verdict.js';
import type { Exchange } from '../../../client/exchange.js';
import { fromGridRow, fromPosted } from '../../../client/hall/booking.js';
import { wireTaps } from '../../../client/wire-tap.js';
import type { MockOverride } from '../../../mock-server/context.js';
import { headOf, rootCausesOf, type FailureEntry } from '../../../reporting/summary-details.js';
import type { RunSummary } from '../../../reporting/summary-model.js';
import { summaryLines } from '../../../reporting/summary-text.js';
import { expect, test } from '../../../fixtures/index.js';

const rowsOf = (data: unknown): Record<string, unknown>[] =>
  (Array.isArray(data) ? data : (data as { Data: Record<string, unknown>[] }).Data) as Record<string, unknown>[];
const onGrid = (change: (row: Record<string, unknown>) => void): MockOverride => ({
  json: (id, data) => {
    if (id === 'listBookingsForHallGrid') rowsOf(data).forEach(change);
    return data;
  },
});
const isGrid = (request: Request) => new URL(request.url).pathname.toLowerCase().includes('getforhallgrid');

/** A failure as the evidence fixture and the summary read it: its entry (message, cause) and its evidence's text. */
async function failureOf(title: string, run: () => Promise<unknown>): Promise<{ entry: FailureEntry; evidence: string }> {
  const seen: Evidence[] = [];
  const tap = (x: Exchange) => void seen.push(evidenceOf(x, verdictOf(x)));
  const since = performance.now();
  wireTaps.add(tap);
  const error = await run().then(
    () => new Error(`${title}: no failure`),
    (e: unknown) => e as Error,
  );
  wireTaps.delete(tap);
  const errors = [error.message];
  const failing = failingEvidence(
    seen,
    errors,
    [],
    blames.filter((b) => b.at >= since),
  );
  const cause = causeOf(errors, failing);
  const entry = { project: 'harness', location: `causes.spec.ts:${title}`, title, message: headOf(error.message), ...(cause && { cause }) };
  return { entry, evidence: failing.evidence ? evidenceText(failing.evidence, failing.blame) : '' };
}

test('each regression is one cause, first in the summary, with what was seen; its evidence is the answer that broke', async ({
  api,
  hall,
  mock,
}) => {
  const from = addDays(serviceToday(), -30);
  const to = addDays(serviceToday(), 60);
  const grid = () => gridBookings(api, hall.hallId, from, to);
  const failures = [];

  mock.use(onGrid((row) => (row.BookingId = String(row.BookingId))));
  const field = [await failureOf('field, once', grid), await failureOf('field, again', grid)];
  mock.resetHandlers();

  // The service takes the create and keeps the first of its rooms only.
  mock.use({
    intercept: async (request, next) => {
      if (request.method !== 'POST' || new URL(request.url).pathname.toLowerCase() !== pagePath('submitCreateBookingForm').toLowerCase())
        return next(request);
      const form = new URLSearchParams(await request.text());
      const ticked = [...form].filter(([k, v]) => /^BookingRoom\[\d+\]\.Selected$/.test(k) && v.toLowerCase() === 'true');
      form.delete(ticked.at(-1)?.[0] ?? '');
      return next(new Request(request.url, { method: 'POST', headers: request.headers, body: form.toString() }));
    },
  });
  const day = addDays(serviceToday(), 500);
  const write = await failureOf('write', async () => {
    const roomIds = [...hall.catalogue.roomNames.keys()].slice(0, 2);
    const created = await createBooking(api, hall.hallId, {
      name: 'Causes two rooms',
      start: `${day}T09:00:00`,
      end: `${day}T10:00:00`,
      roomIds,
      status: 'Confirmed',
    });
    await hall.expectViews(fromPosted(created.posted!, hall.catalogue), 'what was posted');
  });
  mock.resetHandlers();

  const row = (await grid()).find((b: Booking) => b.Status === 'Confirmed' && !b.IsRecurring)!;
  mock.use(
    onGrid(
      (b) => (b.StartDateTime = new Date(Date.parse(`${String(b.StartDateTime).slice(0, 19)}Z`) - 3_600_000).toISOString().slice(0, 19)),
    ),
  );
  const shifted = await failureOf('shifted', () => hall.expectViews(fromGridRow(row, hall.catalogue), 'the grid before'));
  mock.resetHandlers();

  mock.use({
    intercept: (request, next) => (isGrid(request) ? new Promise((done) => setTimeout(() => done(next(request)), 3_000)) : next(request)),
  });
  const impatient = new HbClient({ baseUrl: api.baseUrl, ...mock.credentials, hallId: hall.hallId, timeoutMs: 1_000, retries: 0 });
  await impatient.loadStorageState(await api.toStorageState());
  const hung = await failureOf('hung', () => gridBookings(impatient, hall.hallId, from));
  failures.push(...field, write, shifted, hung);

  const GRID = String.raw`listBookingsForHallGrid \$(?:\.Data)?\[\*\]`;
  expect(field[0]?.entry.cause).toMatch(new RegExp(`^${GRID}\\.BookingId$`));
  expect(field[1]?.entry.cause, 'the same break, met again').toBe(field[0]?.entry.cause);
  expect(field[0]?.entry.message).toMatch(/BookingId: expected number, received string/);
  expect(field[0]?.evidence).toMatch(/"BookingId":"\d+"/);

  expect(write.entry.cause).toMatch(new RegExp(`^${GRID}\\.RoomsUsed \\(the grid of its day: rooms\\)$`));
  expect(write.entry.message).toMatch(/rooms: what was posted has "[^",]+, [^",]+", the grid of its day "[^",]+"/);
  expect(write.evidence).toMatch(/^the value that broke: the grid of its day: rooms at \$\S*\.RoomsUsed: expected/);
  expect(write.evidence).toContain('Causes two rooms');

  expect(shifted.entry.cause).toMatch(new RegExp(`^${GRID}\\.StartDateTime \\(the grid of its day: start\\)$`));
  const [, before, seen] = /start: the grid before has "([^"]+)", the grid of its day "([^"]+)"/.exec(shifted.entry.message) ?? [];
  expect(Date.parse(`${before}Z`) - Date.parse(`${seen}Z`), 'an hour early, as seen').toBe(3_600_000);
  expect(shifted.evidence).toContain(`"StartDateTime":"${seen}`);

  expect(hung.entry.cause).toBe('listBookingsForHallGrid: no answer');
  expect(hung.evidence).toMatch(/^GET \S+GetForHallgrid\S* → no answer/im);

  // The closing summary's first lines after the verdict: every cause once, the break met twice one entry of two tests.
  const rootCauses = rootCausesOf(
    failures.map((f) => f.entry),
    [],
  );
  const summary = {
    target: 'built-in mock',
    status: 'failed',
    durationMs: 1000,
    counts: { total: 5, passed: 0, failed: 5, flaky: 0, skipped: 0 },
  };
  const lines = summaryLines({
    ...summary,
    byProject: {},
    reruns: {},
    skipReasons: [],
    failures: [],
    flakyTests: [],
    reports: [],
    rootCauses,
  } as unknown as RunSummary);
  expect(lines.slice(1, 3)).toEqual(['Summary: FAILED against built-in mock in 1s', 'Causes (4; 5 tests failed):']);
  for (const c of rootCauses)
    expect(
      lines.filter((l) => /^ {2}\d+\. /.test(l) && l.includes(c.cause)),
      c.cause,
    ).toHaveLength(1);
  expect(rootCauses[0]).toMatchObject({
    cause: field[0]?.entry.cause,
    failed: [expect.stringContaining('field, once'), expect.stringContaining('field, again')],
  });
});
