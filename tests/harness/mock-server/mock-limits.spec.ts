// The mock refuses what the service refuses and keeps sessions as the service keeps them: bodies
// over the request limit, methods no route takes, over-deep JSON, ids that are no decimal int,
// altered cookies, a logged-off or expired session; and it keeps a bounded record of what it received.
import { endpoints, pagePath } from '../../../contracts/index.js';
import { expect, test } from '../../../fixtures/index.js';
import { fault } from '../../../mock-server/fault-handlers.js';
import { HbClient } from '../../../client/client.js';
import { RECEIVED_KEPT } from '../../../mock-server/context.js';
import { MAX_BODY_BYTES } from '../../../mock-server/refusals.js';
import { FAULTS_PATH, MAX_FAULTS } from '../../../mock-server/faults.js';
import { parseCookieHeader } from '../../../wire/cookies.js';
import { AUTH_COOKIE, SessionKeys } from '../../../mock-server/session.js';

/** A fresh client of the mock, logged in, with its auth cookie as the header names it. */
async function loggedIn(baseUrl: string, email: string, password: string, hallId: number) {
  const api = new HbClient({ baseUrl, email, password, hallId, retries: 0 });
  await api.login();
  const cookie = (await api.jar.getCookies(baseUrl)).find((c) => c.key === AUTH_COOKIE);
  return { api, ticket: cookie?.value ?? '' };
}

test.describe('mock limits and sessions', () => {
  test('a body over the request limit is answered 413, and the mock stays up', async ({ target }) => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x61);
    const reply = await fetch(`${target.baseUrl}${endpoints.checkAvailability.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(reply.status).toBe(413);
    expect((await fetch(`${target.baseUrl}/Account/Login`)).status).toBe(200);
  });

  test('TRACE is answered 405, a 6,000-deep JSON body 400, and neither names a file or a stack', async ({ target, mock }) => {
    mock.expectUnhandled();
    const { request } = await import('node:http');
    const trace = await new Promise<{ status?: number; body: string }>((done, failed) => {
      const req = request(`${target.baseUrl}/Account/Login`, { method: 'TRACE' }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => done({ status: res.statusCode, body }));
      });
      req.on('error', failed);
      req.end();
    });
    expect(trace.status).toBe(405);
    const deep = await fetch(`${target.baseUrl}${endpoints.checkAvailability.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${'['.repeat(6000)}${']'.repeat(6000)}`,
    });
    expect(deep.status).toBe(400);
    for (const text of [trace.body, await deep.text()]) expect(text).not.toMatch(/\.ts:\d+|node_modules|\bat \w+ \(/);
  });

  test('ids bind as an int: hex, decimals and padding reach no record, and make no write', async ({ target, mock }) => {
    const { api } = await loggedIn(target.baseUrl, target.email, target.password, target.hallId);
    const id = mock.state.bookings.find((b) => b.hallId === target.hallId && b.parentId === null && !b.pendingChange)?.id ?? 0;
    const hex = `0x${id.toString(16)}`;
    for (const spelling of [hex, `${id}.0`, `%20${id}`]) {
      const view = await api.send(`/Admin/Bookings/View/${spelling}`);
      expect(view.status, `View/${spelling}`).toBe(404);
    }
    const confirm = await api.send(`/Admin/Bookings/ConfirmChanges/${hex}`);
    expect(confirm.status).toBe(404);
    const grid = await api.send(`${endpoints.listBookingsForHallGrid.path}?id=0x${target.hallId.toString(16)}`);
    expect(grid.status).toBe(400);
    expect((await api.send(pagePath('viewBookingPage', { booking_id: id }))).status, 'the decimal id still reaches it').toBe(200);
  });

  test('booleans and enum names bind in any case, as MVC binds them', async ({ target }) => {
    const { api } = await loggedIn(target.baseUrl, target.email, target.password, target.hallId);
    const grid = await api.send(`${endpoints.listBookingsForHallGrid.path}?id=${target.hallId}&statusType=notcancelled`);
    expect(grid.status).toBe(200);
    const customers = await api.send(`${endpoints.listCustomersForHall.path}?id=${target.hallId}&customer=True&includeDeleted=FALSE`);
    expect(customers.status).toBe(200);
  });

  test('an altered auth cookie is no session', async ({ target }) => {
    const { ticket } = await loggedIn(target.baseUrl, target.email, target.password, target.hallId);
    const check = (cookie: string) => fetch(`${target.baseUrl}${endpoints.checkSession.path}`, { headers: { cookie }, redirect: 'manual' });
    expect((await check(`${AUTH_COOKIE}=${ticket}`)).status, 'the cookie as issued').toBe(200);
    for (const altered of [`${AUTH_COOKIE}=${ticket}.x`, `${AUTH_COOKIE}=${ticket.replace('.', '%2E')}`, `${AUTH_COOKIE} =${ticket}`]) {
      expect((await check(altered)).status, altered.replace(ticket, '<ticket>')).toBe(302);
    }
    expect(parseCookieHeader(`a=1; ${AUTH_COOKIE} =x; b=%2E`)).toEqual({ a: '1', [`${AUTH_COOKIE} `]: 'x', b: '%2E' });
    // Once the source held a fixed default key; a ticket signed with it must not pass.
    const forged = new SessionKeys('hall-booking-mock').issueTicket({ user: target.email, issued: Date.now(), epoch: 0 });
    expect((await check(`${AUTH_COOKIE}=${forged}`)).status, 'a ticket forged with a key from the source').toBe(302);
  });

  test('logging off ends the session on the server; an expire fault ends it whatever the cookie spelling', async ({ target, mock }) => {
    const { api, ticket } = await loggedIn(target.baseUrl, target.email, target.password, target.hallId);
    const check = (cookie: string) => fetch(`${target.baseUrl}${endpoints.checkSession.path}`, { headers: { cookie }, redirect: 'manual' });
    const page = await api.send(pagePath('bookingsIndexPage', { hall_id: target.hallId }));
    const token = /name="__RequestVerificationToken"[^>]*value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const off = await api.send('/Account/LogOff', {
      method: 'POST',
      body: `__RequestVerificationToken=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.status).toBe(302);
    expect((await check(`${AUTH_COOKIE}=${ticket}`)).status, 'the old cookie after logging off').toBe(302);

    const second = await loggedIn(target.baseUrl, target.email, target.password, target.hallId);
    mock.use(fault({ fault: 'expire', path: endpoints.checkSession.path, times: 1 }));
    expect((await check(`${AUTH_COOKIE}=${second.ticket}`)).status, 'the request that met the fault').toBe(302);
    expect((await check(`other=1; ${AUTH_COOKIE}=${second.ticket}`)).status, 'the same session, spelled otherwise').toBe(302);
  });

  test('the record of received requests is bounded', async ({ target, mock }) => {
    // What the socket receives is recorded; the bound is the record's, past it without a request each.
    await Promise.all(Array.from({ length: 50 }, () => fetch(`${target.baseUrl}/Account/Login`).then((r) => r.arrayBuffer())));
    expect(mock.received).toHaveLength(50);
    const one = mock.received[0]!;
    for (let i = 0; i < RECEIVED_KEPT + 200; i += 1) mock.receive(one);
    expect(mock.received.length).toBeLessThanOrEqual(RECEIVED_KEPT);
    expect(mock.received.length).toBeGreaterThan(RECEIVED_KEPT / 2);
  });

  test('the fault list is bounded: a list over the bound is answered 413 and none of it is switched on', async ({ target }) => {
    const control = `${target.baseUrl}${FAULTS_PATH}`;
    const post = (n: number) =>
      fetch(control, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(Array.from({ length: n }, () => ({ fault: '500', path: '/nowhere/at/all' }))),
      });
    const count = async () => ((await (await fetch(control)).json()) as { faults: unknown[] }).faults.length;
    try {
      const flood = await post(20_000);
      expect(flood.status).toBe(413);
      expect(((await flood.json()) as { Message: string }).Message).toMatch(new RegExp(`^at most ${MAX_FAULTS} faults at once`));
      expect(await count(), 'faults switched on by the refused list').toBe(0);
      expect((await post(MAX_FAULTS)).status, 'a list up to the bound').toBe(201);
      expect((await post(1)).status, 'one more').toBe(413);
      expect(await count()).toBe(MAX_FAULTS);
    } finally {
      await fetch(control, { method: 'DELETE' });
    }
  });
});
