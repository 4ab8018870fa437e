// One probe per mutant of mock-server/mutants-security.ts, for the catalogue check in mutants.spec.ts:
// each sees something different from the mutated mock than from the faithful one.
import { endpoints as E, LOGIN_PATH, pagePath, TOKEN_FIELD, TOKEN_HEADER } from '../../../contracts/index.js';
import { addDays } from '../../../contracts/service-time.js';
import { firstRealOption } from '../../../client/forms.js';
import { tokensIn, type HbClient } from '../../../client/client.js';
import type { securityMutants } from '../../../mock-server/mutants-security.js';
import type { MockServer } from '../../../mock-server/server.js';
import { LOGOFF_PATH } from '../../../mock-server/html/layout.js';
import { cookieHeaderOf } from '../../../wire/cookies.js';

export interface SecurityProbe {
  mock: MockServer;
  api: HbClient;
  hall: number;
  today: string;
}

const firstBooking = (p: SecurityProbe) => p.mock.context.state.bookings.find((b) => b.hallId === p.hall && b.parentId === null)!;

/** A login through the form with a plain fetch: the answer's status, Location and Set-Cookie. */
async function login(p: SecurityProbe, query = ''): Promise<Response> {
  const page = await fetch(`${p.mock.url}${LOGIN_PATH}`);
  const cookie = cookieHeaderOf(page.headers);
  const [token = ''] = tokensIn(await page.text());
  const { email, password } = p.mock.context.credentials;
  return fetch(`${p.mock.url}${LOGIN_PATH}${query}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ Email: email, Password: password, [TOKEN_FIELD]: token }).toString(),
  });
}

export const securityProbes: Record<(typeof securityMutants)[number]['id'], (p: SecurityProbe) => Promise<unknown>> = {
  'grid-500-on-malformed-date': async (p) =>
    (await p.api.send(`${E.listBookingsForHallGrid.path}?id=${p.hall}&startDateFrom=not-a-date`, { retries: 0 })).status,
  'invalid-booking-date-stored': async (p) => {
    const before = p.mock.context.state.bookings.length;
    const room = p.mock.context.state.rooms.find((r) => r.hallId === p.hall && r.bookable)!;
    await p.api.submitForm(
      'createBookingPage',
      {},
      (form) => ({
        Name: 'Probe',
        StartDate: 'not-a-date',
        EndDate: `${addDays(p.today, 400)}T11:00`,
        CustomerId: firstRealOption(form, 'CustomerId'),
        ActivityTypeId: firstRealOption(form, 'ActivityTypeId'),
        PriceRateId: firstRealOption(form, 'PriceRateId'),
        BookingStatusId: firstRealOption(form, 'BookingStatusId'),
      }),
      { rooms: [room.id] },
    );
    return p.mock.context.state.bookings.length - before;
  },
  'booking-name-unescaped': async (p) => {
    const b = firstBooking(p);
    b.name = '<b>probe</b>';
    return (await p.api.send(pagePath('viewBookingPage', { booking_id: b.id }))).text.includes('<b>probe</b>');
  },
  'login-follows-return-url': async (p) => (await login(p, '?ReturnUrl=https%3A%2F%2Fevil.example%2F')).headers.get('location'),
  'token-from-another-session-accepted': async (p) =>
    (
      await p.api.send(E.checkAvailability.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: 'forged.token' },
        body: JSON.stringify({ Rooms: [], StartDateTime: `${p.today}T10:00:00`, EndDateTime: `${p.today}T11:00:00`, HallId: p.hall }),
      })
    ).status,
  'session-cookie-not-http-only': async (p) => (await login(p)).headers.getSetCookie().join('\n'),
  'logoff-keeps-session': async (p) => {
    const token = await p.api.antiForgeryToken();
    const reply = await p.api.send(LOGOFF_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [TOKEN_FIELD]: token }).toString(),
    });
    return reply.headers.getSetCookie().join('\n');
  },
  'deleted-booking-still-served': async (p) => {
    const b = firstBooking(p);
    await p.api.send(pagePath('deleteBooking', { booking_id: b.id }));
    return (await p.api.send(pagePath('viewBookingPage', { booking_id: b.id }))).status;
  },
};
