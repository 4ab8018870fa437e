// The default mock meets a client written against the live service, as a mock that real clients can use must:
// the form post, the room-colour scrape and the header-led decoding that the
// working public clients do, each built exactly as the live notes describe them.
import { test as base, expect } from '../../../fixtures/index.js';
import { load } from 'cheerio/slim';
import {
  type Booking,
  type BookingFormField,
  bookingRoomField,
  CalendarEvent,
  DEFAULT_READINGS,
  endpoints,
  Guid,
  LOGIN_PATH,
  pagePath,
  ROOM_COLOUR_LIST_ID,
  TOKEN_FIELD,
} from '../../../contracts/index.js';
import { PlainClient } from '../../../client/plain-client.js';
import { addDays, serviceToday } from '../../../contracts/service-time.js';
import { startMockServer, type MockServer } from '../../../mock-server/server.js';

// One default mock for the file, started by its first test and reset before each: a test-scoped
// fixture over it keeps the file in the harness's shared workers (a worker fixture would start its own).
let shared: Promise<MockServer> | undefined;
const test = base.extend<{ defaultMock: MockServer }>({
  defaultMock: async ({}, use) => {
    shared ??= startMockServer();
    const server = await shared;
    server.context.reset();
    await use(server);
  },
});

test.afterAll(async () => {
  await (await shared)?.close();
  shared = undefined;
});

const loggedIn = async (server: MockServer): Promise<PlainClient> => {
  const client = new PlainClient(server.url);
  const { email, password } = server.context.credentials;
  const reply = await client.logIn(email, password);
  expect(reply.status, 'login answers a redirect').toBe(302);
  expect(reply.location?.toLowerCase(), 'login redirects away from the login page').not.toContain(LOGIN_PATH.toLowerCase());
  return client;
};

/** The naive scrape (HallmasterAPI): every `onclick` element of #RoomColorList, its style, one regex. */
const naiveRoomColours = ($: import('cheerio/slim').CheerioAPI) =>
  $(`#${ROOM_COLOUR_LIST_ID} [onclick]`)
    .toArray()
    .map((el) => {
      const style = $(el).attr('style');
      return {
        onclick: $(el).attr('onclick') ?? '',
        text: $(el).text().trim(),
        style,
        colour: style === undefined ? undefined : /background-color:(#[0-9a-fA-F]{6})!important;/.exec(style)?.[1],
      };
    });

test.describe('real-client compatibility', () => {
  test('a form post built as the working client builds it creates a booking on the default mock', async ({ defaultMock }) => {
    const client = await loggedIn(defaultMock);
    const hallId = defaultMock.context.hallId;
    const { $, token } = await client.page(pagePath('createBookingPage'));
    const optionValues = (name: BookingFormField) =>
      $(`select[name="${name}"] option`)
        .toArray()
        .map((o) => $(o).attr('value') ?? '')
        .filter(Boolean);
    const customerId = optionValues('CustomerId').find((v) => Guid.safeParse(v).success);
    const roomIds = $('input[name$="].RoomId"]')
      .toArray()
      .map((el) => $(el).attr('value') ?? '');
    expect(customerId, 'the form offers a customer keyed by a GUID').toBeDefined();
    expect(roomIds.length, "the form lists the hall's rooms").toBeGreaterThan(1);
    const day = addDays(serviceToday(), 33);
    const name = `Real client ${Date.now().toString(36)}`;
    const start = `${day}T06:00:00`;
    const booked = 1;
    const named: [BookingFormField, string][] = [
      [TOKEN_FIELD, token],
      ['Name', name],
      ['StartDate', start],
      ['EndDate', `${day}T07:30:00`],
      ['CustomerId', customerId ?? ''],
      ['ActivityTypeId', optionValues('ActivityTypeId')[0] ?? ''],
      ['PriceRateId', optionValues('PriceRateId')[0] ?? ''],
      ['BookingStatusId', 'Confirmed'],
    ];
    const fields: [string, string][] = [
      // SendEmails: the live form's e-mail switch, which the interface document does not name.
      ...named,
      ['SendEmails', 'false'],
      ...roomIds.flatMap((id, i): [string, string][] => [
        [bookingRoomField(i, 'RoomId'), id],
        ...(i === booked ? [[bookingRoomField(i, 'Selected'), 'true'] as [string, string]] : []),
      ]),
    ];
    const posted = await client.request(pagePath('submitCreateBookingForm'), { form: fields });
    const refused = posted.status === 200 ? load(posted.text)('.validation-summary-errors').text().trim() : '';
    expect(posted.status, `the post is stored and redirected, not re-rendered (${refused})`).toBe(302);
    const grid = await client.json<Booking>(`${endpoints.listBookingsForHallGrid.path}?id=${hallId}&statusType=All`);
    const found = grid.filter((b) => b.BookingName === name && b.StartDateTime.startsWith(start.slice(0, 16)));
    expect(found, 'the booking is in the grid by name and start').toHaveLength(1);
    expect(found[0]?.Status, 'BookingStatusId=Confirmed (a name) was bound').toBe('Confirmed');
    const box = $(`input[name="${bookingRoomField(booked, 'Selected')}"][type=checkbox]`).attr('id') ?? '';
    const roomName = $(`label[for="${box}"]`).text().trim();
    expect(found[0]?.RoomsUsed.split(/\s*,\s*/), 'only the room posted with Selected=true is booked').toEqual([roomName]);
  });

  test('the naive #RoomColorList scrape yields one colour per room of the hall on the default mock', async ({ defaultMock }) => {
    const client = await loggedIn(defaultMock);
    const hallId = defaultMock.context.hallId;
    const rooms = await client.json<{ ID?: number; Id?: number; Name: string }>(`${endpoints.listRoomsForGrid.path}?id=${hallId}`);
    const { $ } = await client.page(pagePath('schedulerPage', { hall_id: hallId }));
    const items = naiveRoomColours($);
    expect(
      items.filter((x) => x.style === undefined).map((x) => x.text),
      'every onclick element carries a style',
    ).toEqual([]);
    expect(
      items.filter((x) => !x.colour).map((x) => x.style),
      'every style matches background-color:#rrggbb!important;',
    ).toEqual([]);
    expect(items.map((x) => /setRoom\((\d+)\)/.exec(x.onclick)?.[1]).sort(), 'one item per room of the hall').toEqual(
      rooms.map((r) => String(r.ID ?? r.Id)).sort(),
    );
    expect(items.map((x) => x.text).sort()).toEqual(rooms.map((r) => r.Name).sort());
  });

  test('the varied reading breaks the naive scrape (so the readings project exercises the robust parser)', async () => {
    const varied = await startMockServer({ readings: { roomLabels: 'varied' } });
    try {
      const client = await loggedIn(varied);
      const { $ } = await client.page(pagePath('schedulerPage', { hall_id: varied.context.hallId }));
      const items = naiveRoomColours($);
      expect(
        items.some((x) => x.style === undefined),
        'an onclick element without a style',
      ).toBe(true);
      expect(
        items.some((x) => x.style !== undefined && !x.colour),
        'a style the naive regex does not read',
      ).toBe(true);
    } finally {
      await varied.close();
    }
  });

  test('HTML and JSON answers name charset=utf-8, and decoding by the header keeps "…"', async ({ defaultMock }) => {
    const client = await loggedIn(defaultMock);
    const { reply } = await client.page(pagePath('schedulerPage', { hall_id: defaultMock.context.hallId }));
    expect(reply.contentType).toMatch(/^text\/html;\s*charset=utf-8$/i);
    expect(reply.text, 'the scheduler page shows "Loading…" decoded by its header').toContain('Loading…');
    expect(reply.text).not.toContain('â€¦');
    const login = await new PlainClient(defaultMock.url).request(pagePath('loginPage'));
    expect(login.contentType, 'an anonymous page too').toMatch(/^text\/html;\s*charset=utf-8$/i);
    const json = await client.request(`${endpoints.listRoomsForGrid.path}?id=${defaultMock.context.hallId}`);
    expect(json.contentType).toMatch(/^application\/json;\s*charset=utf-8$/i);
  });

  test('a malformed percent-escape in the path answers 400, not 500', async ({ defaultMock }) => {
    const reply = await new PlainClient(defaultMock.url).request('/%ZZ');
    expect(reply.status).toBe(400);
    const wellFormed = await new PlainClient(defaultMock.url).request('/no%20such%20page');
    expect(wellFormed.status, 'a well-formed escape of an unknown path is a 404, not a 400').toBe(404);
  });

  test("HallmasterAPI's reads, made without logging in, are served as on live; --session-everywhere redirects them", async ({
    defaultMock,
  }) => {
    // HallmasterAPI never logs in (live notes, "Scheduler": public clients read these without a session).
    const client = new PlainClient(defaultMock.url);
    const booking = defaultMock.context.state.bookings.find((b) => b.hallId === defaultMock.context.hallId)!;
    const paths = [
      pagePath('schedulerPage', { hall_id: defaultMock.context.hallId }),
      pagePath('bookingPopup', { booking_id: booking.id }),
    ];
    for (const path of paths) expect((await client.request(path)).status, `GET ${path} without a session`).toBe(200);
    const strict = await startMockServer({ sessionEverywhere: true });
    try {
      const reply = await new PlainClient(strict.url).request(paths[0]!);
      expect(reply.status, 'the strict mock redirects').toBe(302);
      expect(reply.location, 'to the login page').toContain(LOGIN_PATH);
    } finally {
      await strict.close();
    }
  });

  test("HallmasterAPI's feed request with Python's custView=False is answered within the contract", async ({ defaultMock }) => {
    const client = new PlainClient(defaultMock.url); // without logging in, as HallmasterAPI reads it
    const today = serviceToday();
    // As the scraper builds it: str(False) is "False" (ASP.NET MVC binds booleans in any case).
    const window = `start=${today}T00:00:00Z&end=${addDays(today, 7)}T00:00:00Z`;
    const query = `HallId=${defaultMock.context.hallId}&${window}&roomId=0&custView=False`;
    const reply = await client.request(`${endpoints.listSchedulerEvents.path}?${query}`);
    expect(reply.status, reply.text).toBe(200);
    const events = JSON.parse(reply.text) as Record<string, unknown>[];
    expect(endpoints.listSchedulerEvents.response.safeParse(events).success).toBe(true);
    expect(events.length, 'the seeded week has events').toBeGreaterThan(0);
    // HallmasterAPI reads event['Id'], the live feed's spelling (live notes, "Scheduler").
    expect(
      events.filter((e) => typeof e.Id !== 'number').map((e) => e.title),
      "events without Id (HallmasterAPI reads event['Id'])",
    ).toEqual([]);
  });

  test('the contract takes a calendar event with id, with Id or with both', () => {
    const event = { title: 't', start: '2026-01-05T10:00:00', end: '2026-01-05T11:00:00', color: '#aabbcc', allDay: false, RoomsUsed: 'A' };
    for (const ids of [{ id: 7 }, { Id: 7 }, { id: 7, Id: 7 }]) {
      expect(CalendarEvent.safeParse({ ...event, ...ids }).success, JSON.stringify(ids)).toBe(true);
    }
    expect(CalendarEvent.safeParse(event).success, 'neither spelling').toBe(false);
  });

  test('the default mock plays the first reading of every open point', ({ defaultMock }) => {
    expect(defaultMock.context.readings).toEqual(DEFAULT_READINGS);
  });
});
