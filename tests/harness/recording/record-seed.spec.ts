// Recording a hall through the proxy and seeding a mock from the file: the seeded mock answers
// as the recorded one did (rooms, colours, option values, readings, bookings), dates keep their
// distance from today, and neither secrets nor people's data reach the file unless asked for.
import { readFileSync } from 'node:fs';
import { ALTERNATE_READINGS, itemsOf, mapItems, pagePath, roomId, ROOM_COLOUR_SELECTOR } from '../../../contracts/index.js';
import { shiftLocal } from '../../../contracts/service-time.js';
import { expect, test } from '../../../fixtures/index.js';
import { MARKER } from '../../../client/run-marker.js';
import { EnvError, loadEnv } from '../../../settings/env.js';
import { HbClient } from '../../../client/client.js';
import { realOptions, pickForm } from '../../../client/forms.js';
import { recordHall } from '../../../recording/record-run.js';
import { backgroundColourOf } from '../../../client/colour.js';
import { stateFromSeed } from '../../../mock-server/seed-file.js';
import { readSeedFile, type SeedFile } from '../../../settings/seed-file.js';
import { startMockServer, type MockServer } from '../../../mock-server/server.js';
import * as cheerio from 'cheerio/slim';

const clientOf = (mock: MockServer) =>
  new HbClient({ baseUrl: mock.url, ...mock.context.credentials, hallId: mock.context.hallId, maxConcurrency: 4, timeoutMs: 10_000 });

/** What a client sees of a hall: the facts a recording must carry over, people's names left out (they are pseudonymised). */
async function hallAsSeen(mock: MockServer) {
  const api = clientOf(mock);
  await api.login();
  const hallId = mock.context.hallId;
  const [rooms, grid, customers, scheduler, create] = await Promise.all([
    api.call('listRoomsForBooking', { query: { hallid: hallId } }),
    api.call('listBookingsForHallGrid', { query: { id: hallId, statusType: 'All' } }),
    api.call('listCustomersForHall', { query: { id: hallId, customer: 'true' } }),
    api.send(pagePath('schedulerPage', { hall_id: hallId })),
    api.send(pagePath('createBookingPage')),
  ]);
  const $ = cheerio.load(scheduler.text);
  const parents = itemsOf(grid.data).filter((b) => b.IsRecurring);
  const children = await Promise.all(parents.map((b) => api.call('listChildBookings', { query: { id: b.BookingId } })));
  const form = pickForm(create.text, { postPath: pagePath('submitCreateBookingForm') });
  return {
    readings: mock.context.readings,
    rooms: itemsOf(rooms.data).map((r) => ({ id: roomId(r), name: r.Name, rowNumber: r.rowNumber })),
    colours: $(ROOM_COLOUR_SELECTOR)
      .toArray()
      .map((el) => [$(el).text().trim(), backgroundColourOf($(el).attr('style') ?? '')]),
    statusOptions: realOptions(form, 'BookingStatusId').map((o) => o.value),
    // The recording's own probe booking (run marker) is the suite's, never the hall's: it is not seeded.
    bookings: [...itemsOf(grid.data), ...children.flatMap((c) => itemsOf(c.data))]
      .filter((b) => !MARKER.test(b.BookingName))
      .map(({ CustomerName: _, ...b }) => b),
    customers: customers.data.map((c) => ({ id: c.UserId, blocked: c.IsBlocked })),
  };
}

/** The wire of a hall's answers as a client reads them raw: each list's shape and its items' keys (names are pseudonymised). */
async function wireAsSeen(mock: MockServer): Promise<Record<string, { shape: string; keys: string[]; rooms?: string[] }>> {
  const api = clientOf(mock);
  await api.login();
  const hallId = mock.context.hallId;
  const reads = {
    listBookingsForHallGrid: api.call('listBookingsForHallGrid', { query: { id: hallId, statusType: 'All' } }),
    listCustomersForHall: api.call('listCustomersForHall', { query: { id: hallId } }),
    listRoomsForBooking: api.call('listRoomsForBooking', { query: { hallid: hallId } }),
    listPriceRates: api.call('listPriceRates', { query: { id: hallId } }),
  };
  const out: Record<string, { shape: string; keys: string[]; rooms?: string[] }> = {};
  for (const [id, read] of Object.entries(reads)) {
    const { json } = await read;
    const items = (Array.isArray(json) ? json : (json as { Data: Record<string, unknown>[] }).Data) as Record<string, unknown>[];
    const shape = Array.isArray(json) ? '[…]' : 'Total' in (json as object) ? '{Data, Total}' : '{Data}';
    const keys = [...new Set(items.flatMap((i) => Object.keys(i)))].sort();
    out[id] = {
      shape,
      keys,
      ...(id === 'listBookingsForHallGrid' && { rooms: items.map((i) => `${String(i.BookingId)}:${String(i.Room)}`).sort() }),
    };
  }
  return out;
}

test.describe('record and seed', () => {
  test('a recording of the mock under its alternate readings seeds a mock that answers the same', async ({}, testInfo) => {
    const recorded = await startMockServer({ readings: ALTERNATE_READINGS });
    let seeded: MockServer | undefined;
    try {
      const file = testInfo.outputPath('hall.seed.json');
      const { credentials, hallId, testCustomerId } = recorded.context;
      const { failedReads } = await recordHall({ baseUrl: recorded.url, ...credentials, hallId, testCustomerId }, { file, writes: true });
      expect(failedReads, 'every read of the recording passed its contract').toBe(0);
      await testInfo.attach('hall.seed.json', { path: file, contentType: 'application/json' });
      const seed = readSeedFile(file);
      expect(seed.readings, 'every open point observed, as the recorded mock plays it').toEqual(recorded.context.readings);
      seeded = await startMockServer({ seed });
      const [before, after] = await Promise.all([hallAsSeen(recorded), hallAsSeen(seeded)]);
      expect(after).toEqual(before);
    } finally {
      await Promise.all([recorded.close(), seeded?.close()]);
    }
  });

  test('a recording of {Data, Total} lists, the other spellings and extra fields seeds a mock that answers so', async ({}, testInfo) => {
    const recorded = await startMockServer({ listShape: 'data', aliases: 'alternate' });
    // A field the contract does not name, on every grid row: the seeded mock answers it too, on the same booking.
    recorded.context.use({
      json: (id, data) => (id === 'listBookingsForHallGrid' ? mapItems(data, (b) => ({ ...b, Room: `R${String(b.BookingId)}` })) : data),
    });
    let seeded: MockServer | undefined;
    try {
      const file = testInfo.outputPath('hall.seed.json');
      const { credentials, hallId, testCustomerId } = recorded.context;
      await recordHall({ baseUrl: recorded.url, ...credentials, hallId, testCustomerId }, { file, writes: false, keepPersonalData: true });
      seeded = await startMockServer({ seed: readSeedFile(file) });
      const [before, after] = await Promise.all([wireAsSeen(recorded), wireAsSeen(seeded)]);
      expect(after).toEqual(before);
      expect(before.listBookingsForHallGrid, 'the recorded grid as staging sends it').toMatchObject({ shape: '{Data, Total}' });
      expect(before.listBookingsForHallGrid?.keys).toContain('Room');
      expect(before.listCustomersForHall?.keys).toEqual(expect.arrayContaining(['FullName', 'PhoneNumber']));
    } finally {
      await Promise.all([recorded.close(), seeded?.close()]);
    }
  });

  test('the seed file holds no password, cookie, token or person of the target, unless people are kept', async ({}, testInfo) => {
    const issued: string[] = [];
    const recorded = await startMockServer({ credentials: { email: 'rec@example.org', password: `pw-${Date.now().toString(36)}x9` } });
    recorded.context.keys.onIssue = (secret) => issued.push(secret);
    try {
      const { credentials, hallId, testCustomerId } = recorded.context;
      const people = recorded.context.state.customers.filter((c) => c.hallId === hallId).flatMap((c) => [c.name, c.email, c.phone]);
      const record = async (keepPersonalData: boolean) => {
        const file = testInfo.outputPath(`seed-${keepPersonalData}.json`);
        await recordHall({ baseUrl: recorded.url, ...credentials, hallId, testCustomerId }, { file, writes: false, keepPersonalData });
        return readFileSync(file, 'utf8');
      };
      const [pseudonymised, kept] = [await record(false), await record(true)];
      expect(issued.length, 'the recording logged in and was handed cookies and tokens').toBeGreaterThan(0);
      for (const secret of [credentials.password, ...issued]) expect(pseudonymised).not.toContain(secret);
      expect(people.filter((p) => pseudonymised.includes(p))).toEqual([]);
      expect(
        people.filter((p) => !kept.includes(p)),
        '--keep-personal-data keeps them: the search above can find them',
      ).toEqual([]);
      expect((JSON.parse(pseudonymised) as SeedFile).personalData.replaced.names).toBeGreaterThan(0);
    } finally {
      await recorded.close();
    }
  });

  test('seeded dates keep their distance from today, or stay as recorded with asRecorded', async ({}, testInfo) => {
    const recorded = await startMockServer();
    try {
      const file = testInfo.outputPath('hall.seed.json');
      const { credentials, hallId, testCustomerId } = recorded.context;
      await recordHall({ baseUrl: recorded.url, ...credentials, hallId, testCustomerId }, { file, writes: false });
      const seed = readSeedFile(file);
      const later = new Date(Date.now() + 30 * 86_400_000);
      const moved = stateFromSeed(seed, { clock: later });
      const fixed = stateFromSeed(seed, { clock: later, asRecorded: true });
      for (const [i, b] of seed.bookings.entries()) {
        expect(moved.bookings[i]?.start).toBe(shiftLocal(b.start, { days: 30 }));
        expect(fixed.bookings[i]?.start).toBe(b.start);
      }
    } finally {
      await recorded.close();
    }
  });

  test('HB_MOCK_SEED naming a file that is no seed stops the run with the variable named', ({}, testInfo) => {
    expect(() => loadEnv({ HB_MOCK_SEED: testInfo.outputPath('absent.json') })).toThrow(EnvError);
    expect(() => loadEnv({ HB_MOCK_SEED: testInfo.outputPath('absent.json') })).toThrow(
      /HB_MOCK_SEED: seed file: no such file .*absent\.json/,
    );
  });
});
