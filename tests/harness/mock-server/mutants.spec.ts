// Checks of the mutant catalogue itself (mock-server/mutants.ts): ids are unique, every
// area is covered, and each mutant changes something a client can observe, measured by
// one probe against a faithful mock and against a mock serving that mutant.
import { CookieJar } from 'tough-cookie';
import {
  bookingRoomField,
  endpoints as E,
  LOGIN_PATH,
  type LoginFormFields,
  pagePath,
  ROOM_COLOUR_LIST_ID,
  TOKEN_FIELD,
  type BookingFormField,
} from '../../../contracts/index.js';
import { addDays, slashDate } from '../../../contracts/service-time.js';
import { expect, test } from '../../../fixtures/index.js';
import { HbClient, tokensIn } from '../../../client/client.js';
import { firstRealOption } from '../../../client/forms.js';
import { mutants, UnknownMutantError, type MutantArea, type MutantId } from '../../../mock-server/mutants.js';
import { startMockServer, type MockServer } from '../../../mock-server/server.js';
import { AUTH_COOKIE } from '../../../mock-server/session.js';
import { hallProbes } from './hall-probes.js';
import { integrityProbes } from './integrity-probes.js';
import { securityProbes } from './security-probes.js';
import { cookieHeaderOf } from '../../../wire/cookies.js';

/** What a probe gets: the mock under test and a client signed in to it (a ticket cookie, no login: login itself is mutated). */
interface Probe {
  mock: MockServer;
  api: HbClient;
  hall: number;
  today: string;
}
type ProbeFn = (p: Probe) => Promise<unknown>;

/** Status of a request without cookies, or "reset" when the connection was reset. */
async function anonymous(mock: MockServer, path: string, init: RequestInit = {}): Promise<number | 'reset'> {
  try {
    const reply = await fetch(`${mock.url}${path}`, { redirect: 'manual', ...init });
    await reply.body?.cancel();
    return reply.status;
  } catch {
    return 'reset';
  }
}

/** Status of a real login through the form, with the password given. */
async function loginStatus(mock: MockServer, password: string): Promise<number> {
  const page = await fetch(`${mock.url}/Account/Login`);
  const cookie = cookieHeaderOf(page.headers);
  const [token = ''] = tokensIn(await page.text());
  const reply = await fetch(`${mock.url}${LOGIN_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({
      Email: mock.context.credentials.email,
      Password: password,
      [TOKEN_FIELD]: token,
    } satisfies LoginFormFields).toString(),
  });
  return reply.status;
}

const text = async (api: HbClient, path: string) => {
  const r = await api.send(path);
  return `${r.status} ${r.headers.get('content-type')} ${r.text}`;
};
const grid = (p: Probe, query = '') => text(p.api, `${E.listBookingsForHallGrid.path}?id=${p.hall}${query}`);
const events = (p: Probe, from: string, to: string, query = '') =>
  text(p.api, `${E.listSchedulerEvents.path}?HallId=${p.hall}&start=${from}T00:00:00Z&end=${to}T00:00:00Z${query}`);
const wideEvents = (p: Probe) => events(p, addDays(p.today, -90), addDays(p.today, 90));
const firstBooking = (p: Probe) =>
  p.mock.context.state.bookings.find((b) => b.hallId === p.hall && b.parentId === null && !b.pendingChange)!;
const firstRoom = (p: Probe) => p.mock.context.state.rooms.find((r) => r.hallId === p.hall)!;

const probes: Record<MutantId, ProbeFn> = {
  ...securityProbes,
  ...integrityProbes,
  ...hallProbes,
  'booking-id-as-string': (p) => grid(p),
  'booking-start-not-iso': (p) => grid(p),
  'booking-customer-id-missing': (p) => grid(p),
  'booking-is-recurring-as-string': (p) => grid(p),
  'booking-status-off-list': (p) => grid(p),
  'grid-wrapper-renamed': (p) => grid(p),
  'child-bookings-empty': (p) =>
    text(p.api, `${E.listChildBookings.path}?id=${p.mock.context.state.bookings.find((b) => b.isRecurring)!.id}`),
  'customer-name-alias-dropped': (p) => text(p.api, `${E.listCustomersForHall.path}?id=${p.hall}`),
  'customer-phone-alias-dropped': (p) => text(p.api, `${E.listCustomersForHall.path}?id=${p.hall}`),
  'customer-user-id-missing': (p) => text(p.api, `${E.listCustomersForHall.path}?id=${p.hall}`),
  'customer-is-blocked-as-string': (p) => text(p.api, `${E.listCustomersForHall.path}?id=${p.hall}`),
  'room-id-alias-dropped': (p) => text(p.api, `${E.listRoomsForGrid.path}?id=${p.hall}`),
  'room-row-number-as-string': (p) => text(p.api, `${E.listRoomsForGrid.path}?id=${p.hall}`),
  'activity-type-hall-id-missing': (p) => text(p.api, `${E.listActivityTypes.path}?id=${p.hall}`),
  'price-rate-id-as-string': (p) => text(p.api, `${E.listPriceRates.path}?id=${p.hall}`),
  'event-id-alias-dropped': wideEvents,
  'event-colour-not-hex': wideEvents,
  'event-end-missing': wideEvents,
  'scheduler-colours-rotated': wideEvents,
  'room-colour-list-missing': async (p) =>
    (await text(p.api, pagePath('schedulerPage', { hall_id: p.hall }))).includes(`id="${ROOM_COLOUR_LIST_ID}"`),
  'grid-ignores-status-type': (p) => grid(p, '&statusType=Cancelled'),
  'grid-ignores-timerange': (p) => grid(p, '&timerange=0'),
  'grid-ignores-timerange-on-recent-history': (p) => grid(p, '&timerange=0'),
  'grid-ignores-year': (p) => grid(p, `&year=${Number(p.today.slice(0, 4)) - 1}`),
  'grid-ignores-start-date-from': (p) => grid(p, `&startDateFrom=${slashDate(p.today)}`),
  'grid-ignores-start-date-to': (p) => grid(p, `&startDateTo=${slashDate(p.today)}`),
  'scheduler-ignores-room-id': (p) => events(p, addDays(p.today, -90), addDays(p.today, 90), `&roomId=${firstRoom(p).id}`),
  'scheduler-ignores-window': (p) => events(p, p.today, addDays(p.today, 1)),
  'grid-ignores-hall': (p) => grid(p),
  'rooms-ignore-hall': (p) => text(p.api, `${E.listRoomsForGrid.path}?id=${p.hall}`),
  'create-not-stored': async (p) => {
    const before = p.mock.context.state.bookings.length;
    const reply = await p.api.submitForm(
      'createBookingPage',
      {},
      (form) =>
        ({
          Name: 'Mutant probe',
          StartDate: '2097-03-03T10:00',
          EndDate: '2097-03-03T11:00',
          CustomerId: firstRealOption(form, 'CustomerId'),
          ActivityTypeId: firstRealOption(form, 'ActivityTypeId'),
          PriceRateId: firstRealOption(form, 'PriceRateId'),
          BookingStatusId: firstRealOption(form, 'BookingStatusId'),
        }) satisfies Partial<Record<BookingFormField, string>>,
      { rooms: [firstRoom(p).id] },
    );
    return { status: reply.status, stored: p.mock.context.state.bookings.length - before };
  },
  'edit-not-stored': async (p) => {
    const b = firstBooking(p);
    await p.api.submitForm('editBookingPage', { booking_id: b.id }, {
      Name: 'Renamed by the mutant probe',
    } satisfies Partial<Record<BookingFormField, string>>);
    return p.mock.context.state.bookings.find((x) => x.id === b.id)?.name;
  },
  'delete-not-stored': async (p) => {
    const b = firstBooking(p);
    await p.api.send(pagePath('deleteBooking', { booking_id: b.id }));
    const after = p.mock.context.state.bookings.find((x) => x.id === b.id);
    return after ? after.status : 'gone';
  },
  'request-changes-not-stored': async (p) => {
    const b = firstBooking(p);
    await p.api.send(pagePath('requestBookingChanges', { booking_id: b.id }));
    return p.mock.context.state.bookings.find((x) => x.id === b.id)?.pendingChange;
  },
  'grid-includes-other-hall': (p) => grid(p),
  'availability-ignores-bookings': async (p) => {
    const b = firstBooking(p);
    return (
      await p.api.call('checkAvailability', {
        body: { Rooms: b.roomIds, StartDateTime: b.start, EndDateTime: b.end, HallId: p.hall },
      })
    ).json;
  },
  'cust-view-not-masked': (p) => events(p, addDays(p.today, -90), addDays(p.today, 90), '&custView=true'),
  'pending-changes-not-reported': (p) => text(p.api, `${E.hasPendingBookingChanges.path}?hallid=${p.hall}`),
  'block-user-not-stored': async (p) => {
    const c = p.mock.context.state.customers.find((x) => x.hallId === p.hall && !x.blocked)!;
    await p.api.call('blockUser', { body: { CustomerId: c.id, HallId: p.hall } });
    return p.mock.context.state.customers.find((x) => x.id === c.id)?.blocked;
  },
  'block-user-blocks-another': async (p) => {
    const c = p.mock.context.state.customers.find((x) => x.hallId === p.hall && !x.blocked)!;
    await p.api.call('blockUser', { body: { CustomerId: c.id, HallId: p.hall } });
    return p.mock.context.state.customers.filter((x) => x.blocked).map((x) => x.id);
  },
  'login-accepts-wrong-password': (p) => loginStatus(p.mock, 'not-the-password'),
  'login-success-not-redirected': (p) => loginStatus(p.mock, p.mock.context.credentials.password),
  'session-check-always-200': (p) => anonymous(p.mock, E.checkSession.path),
  'api-served-without-session': (p) => anonymous(p.mock, `${E.listBookingsForHallGrid.path}?id=${p.hall}`),
  'admin-pages-served-without-session': (p) => anonymous(p.mock, pagePath('bookingsIndexPage', { hall_id: p.hall })),
  'json-token-not-checked': async (p) =>
    (
      await p.api.send(E.blockUser.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ CustomerId: p.mock.context.state.customers[0]!.id, HallId: p.hall }),
      })
    ).status,
  'form-token-not-checked': async (p) =>
    (
      await p.api.send(pagePath('submitEditBookingForm', { booking_id: firstBooking(p).id }), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'Name=No+token',
      })
    ).status,
  'request-filter-removed': (p) =>
    anonymous(p.mock, pagePath('submitCreateBookingForm'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${bookingRoomField(0, 'RoomId')}=1`,
    }),
  'request-filter-resets-encoded-brackets': (p) =>
    anonymous(p.mock, pagePath('submitCreateBookingForm'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${encodeURIComponent(bookingRoomField(0, 'RoomId'))}=1`,
    }),
  'create-form-lacks-price-rate': async (p) =>
    (await text(p.api, pagePath('createBookingPage'))).includes(`name="${'PriceRateId' satisfies BookingFormField}"`),
  'unspecified-endpoint-returns-html': (p) => text(p.api, E.getFixedTimeSlots.path),
  'unspecified-endpoint-returns-500': async (p) => (await p.api.send(E.getGroupsForCustomer.path, { retries: 0 })).status,
};

async function observe(mutant: string | undefined, probe: ProbeFn): Promise<unknown> {
  const mock = await startMockServer(mutant ? { mutant } : {});
  try {
    const { credentials, hallId, keys, sessionEpoch, state } = mock.context;
    const jar = new CookieJar();
    await jar.setCookie(
      `${AUTH_COOKIE}=${keys.issueTicket({ user: credentials.email, issued: Date.now(), epoch: sessionEpoch })}; Path=/`,
      mock.url,
    );
    const api = new HbClient({
      baseUrl: mock.url,
      email: credentials.email,
      password: credentials.password,
      hallId,
      jar,
      retries: 0,
    });
    return await probe({ mock, api, hall: hallId, today: state.now.slice(0, 10) });
  } finally {
    await mock.close();
  }
}

test.describe('mutant catalogue', () => {
  test('the catalogue holds at least 30 mutants with unique kebab-case ids, each naming what it breaks', () => {
    const ids = mutants.map((m) => m.id);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ids).size, 'duplicate ids').toBe(ids.length);
    expect(
      ids.filter((id) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)),
      'ids not in kebab case',
    ).toEqual([]);
    expect(
      mutants.filter((m) => m.breaks.length <= 10).map((m) => m.id),
      'mutants that do not say what they break',
    ).toEqual([]);
    const actsThroughASeam = (m: (typeof mutants)[number]): boolean => 'json' in m || 'intercept' in m;
    expect(
      mutants.filter((m) => !actsThroughASeam(m)).map((m) => m.id),
      'mutants acting through no seam',
    ).toEqual([]);
  });

  test('the catalogue covers every area of the interface', () => {
    const areas: MutantArea[] = ['account', 'bookings', 'customers', 'catalog', 'rooms', 'scheduler', 'wire', 'pages'];
    const covered = new Set<string>(mutants.map((m) => m.area));
    expect(
      areas.filter((a) => !covered.has(a)),
      'areas without a mutant',
    ).toEqual([]);
  });

  test('an unknown mutant id stops the mock, listing the known ones', async () => {
    await expect(startMockServer({ mutant: 'no-such-mutant' })).rejects.toThrow(UnknownMutantError);
    await expect(startMockServer({ mutant: 'no-such-mutant' })).rejects.toThrow(/known: .*grid-wrapper-renamed/);
  });

  for (const m of mutants) {
    test(`${m.id} changes what a client observes`, async () => {
      const probe = probes[m.id];
      const faithful = await observe(undefined, probe);
      const mutated = await observe(m.id, probe);
      expect(mutated, `${m.id} (${m.breaks}): the probe saw the same answer from the faithful and the mutated mock`).not.toEqual(faithful);
    });
  }
});
