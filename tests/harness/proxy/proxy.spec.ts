// The proxy's own behaviour, offline, in front of the worker's mock (its command line's refusals
// are in cli-input.spec.ts): the write guard, the request filter met byte for byte, the fault control, and
// the rewrites that make a session on an https target work over plain http locally.
import { API_PREFIX, bookingRoomField, endpoints, LOGIN_PATH, pagePath } from '../../../contracts/index.js';
import { HbClient } from '../../../client/client.js';
import { downstreamCookie, downstreamLocation, downstreamText, upstreamHeader } from '../../../proxy/rewrite.js';
import { startProxy } from '../../../proxy/server.js';
import { PROXY_FAULTS_PATH } from '../../../proxy/steps.js';
import { expect, harnessProxyOptions, test } from '../proxy.fixture.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** Status of a fetch, or its failure's cause code (ECONNRESET, UND_ERR_SOCKET). */
const outcome = (p: Promise<Response>) =>
  p.then(
    (r) => r.status,
    (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
  );

test.describe('proxy', () => {
  test(
    'writes to a host in HB_PROTECTED_HOSTS are answered 403 with the reason, ' + 'reads and the login pass, --allow-writes forwards',
    async ({ target, mock }) => {
      const host = new URL(target.baseUrl).hostname;
      const guarded = await startProxy({ ...harnessProxyOptions(target.baseUrl), guard: { protectedHosts: [host], allowWrites: false } });
      const open = await startProxy({ ...harnessProxyOptions(target.baseUrl), guard: { protectedHosts: [host], allowWrites: true } });
      try {
        const writes: [string, RequestInit][] = [
          [endpoints.checkAvailability.path, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
          [`${endpoints.generateAccessPin.path}?hallid=${target.hallId}`, {}],
          [pagePath('deleteBooking', { booking_id: 1 }), {}],
          ['/Some/Unknown/Post', { method: 'POST', body: 'x=1', headers: form }],
        ];
        for (const [path, init] of writes) {
          mock.received.length = 0;
          const reply = await fetch(`${guarded.url}${path}`, { ...init, redirect: 'manual' });
          const text = await reply.text();
          expect(reply.status, path).toBe(403);
          expect(text, path).toContain(`${host} is listed in HB_PROTECTED_HOSTS`);
          expect(text, path).toContain('--allow-writes');
          expect(mock.received, `${path} never reached the target`).toEqual([]);
        }
        expect(guarded.record.entries.map((e) => e.verdict)).toEqual(['refused', 'refused', 'refused', 'refused']);
        expect((await fetch(`${guarded.url}${LOGIN_PATH}`)).status, 'a read passes').toBe(200);
        const login = await fetch(`${guarded.url}${LOGIN_PATH}`, {
          method: 'POST',
          headers: form,
          // A password of a realistic length: the proxy masks every posted password, whatever its length, for the rest of
          // the worker's life, and a one-letter one would mask that letter in every later attachment of the worker.
          body: 'Email=a&Password=not-a-real-password',
          redirect: 'manual',
        });
        expect(login.status, 'the login post reaches the target (400: no token)').toBe(400);
        const allowed = await fetch(`${open.url}${endpoints.checkAvailability.path}`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
          redirect: 'manual',
        });
        expect(allowed.status, 'with --allow-writes the write reaches the target (302: no session)').toBe(302);
      } finally {
        await Promise.all([guarded.close(), open.close()]);
      }
    },
  );

  test('request bodies go upstream byte for byte: a literal bracket in a field name is reset, %5B passes', async ({
    contractProxy,
    mock,
  }) => {
    const room = bookingRoomField(0, 'RoomId');
    const encoded = `${encodeURIComponent(room)}=1&Name=a[b]+%C3%A9`;
    const create = `${contractProxy.url}${pagePath('submitCreateBookingForm')}`;
    const passed = await fetch(create, { method: 'POST', headers: form, body: encoded, redirect: 'manual' });
    expect(passed.status).toBeLessThan(500);
    expect(mock.received.at(-1)?.rawBody.toString('latin1')).toBe(encoded);

    const resetsBefore = mock.resets;
    expect(await outcome(fetch(create, { method: 'POST', headers: form, body: `${room}=1` }))).toBe('ECONNRESET');
    expect(mock.resets - resetsBefore, "the target's filter reset it").toBe(1);
    expect(contractProxy.record.entries.at(-1)).toMatchObject({
      endpointId: 'submitCreateBookingForm',
      status: null,
      verdict: 'no answer',
      note: 'reset from the target',
    });
  });

  test("faults switch on and off at /__proxy/faults with the mock's vocabulary", async ({ contractProxy, target }) => {
    const control = `${contractProxy.url}${PROXY_FAULTS_PATH}`;
    const post = (spec: unknown) => fetch(control, { method: 'POST', body: JSON.stringify(spec) });
    const keepalive = endpoints.checkSession.path;
    expect((await post({ fault: 'nonsense' })).status).toBe(400);
    expect(
      (
        await post([
          { fault: '429', path: keepalive, times: 1, retryAfter: 7 },
          { fault: '500', path: keepalive, times: 1 },
        ])
      ).status,
    ).toBe(201);
    const first = await fetch(`${contractProxy.url}${keepalive}`, { redirect: 'manual' });
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await fetch(`${contractProxy.url}${keepalive}`, { redirect: 'manual' })).status).toBe(500);
    expect(
      (await fetch(`${contractProxy.url}${keepalive}`, { redirect: 'manual' })).status,
      'both used up: the target answers (no session)',
    ).toBe(302);

    await post({ fault: 'close', path: keepalive, times: 1 });
    expect(await outcome(fetch(`${contractProxy.url}${keepalive}`))).toBe('UND_ERR_SOCKET');
    await post({ fault: 'delay', ms: 400, path: `${API_PREFIX}*`, times: 1 });
    const started = Date.now();
    await fetch(`${contractProxy.url}${keepalive}`, { redirect: 'manual' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    const listed = (await (await fetch(control)).json()) as { faults: { fault: string; hits: number }[] };
    expect(listed.faults.map((f) => `${f.fault}:${f.hits}`)).toEqual(['429:1', '500:1', 'close:1', 'delay:1']);

    // expire: that request and every later one of the session redirect to login; a fresh login cures it.
    const api = new HbClient({
      baseUrl: contractProxy.url,
      email: target.email,
      password: target.password,
      hallId: target.hallId,
      retries: 0,
    });
    await api.login();
    expect(await api.keepalive()).toBe('alive');
    await post({ fault: 'expire', path: keepalive });
    expect(await api.keepalive(), 'expired by the proxy, then logged in again').toBe('renewed');
    expect((await fetch(control, { method: 'DELETE' })).status).toBe(204);
    expect(((await (await fetch(control)).json()) as { faults: unknown[] }).faults).toEqual([]);
  });

  test('a page lacking a form field its route names is a violation; paths the registry does not know are listed', async ({ startMock }) => {
    const mutated = await startMock({ mutant: 'create-form-lacks-price-rate' });
    const proxy = await startProxy(harnessProxyOptions(mutated.url));
    try {
      const { email, password } = mutated.context.credentials;
      const api = new HbClient({ baseUrl: proxy.url, email, password, hallId: mutated.context.hallId });
      await api.login();
      expect((await api.send(pagePath('createBookingPage'))).status).toBe(200);
      await api.send('/No/Such/Page?x=1');
      expect(proxy.record.violations.map((e) => [e.endpointId, e.status, e.issues.map((i) => i.path)])).toEqual([
        ['createBookingPage', 200, ['form field PriceRateId']],
      ]);
      expect(proxy.record.unknownPaths()).toEqual({ 'GET /No/Such/Page': 1 });
      expect(proxy.record.summary().find((s) => s.endpointId === 'loginPage')?.verdicts).toEqual({ ok: 1 });
    } finally {
      await proxy.close();
    }
  });

  test('answers of an https target are rewritten for plain http on the proxy; request headers for the target', () => {
    const o = { target: new URL('https://staging.example'), proxy: 'http://127.0.0.1:4020' };
    expect(downstreamCookie('.ASPXAUTH=abc; Domain=.staging.example; Path=/; Secure; HttpOnly; SameSite=None')).toBe(
      '.ASPXAUTH=abc; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(downstreamLocation('https://staging.example/Admin/Bookings/Index/42?x=1', o)).toBe(
      'http://127.0.0.1:4020/Admin/Bookings/Index/42?x=1',
    );
    expect(downstreamLocation(`${LOGIN_PATH}?ReturnUrl=%2F`, o)).toBe(`${LOGIN_PATH}?ReturnUrl=%2F`);
    expect(downstreamLocation('https://login.other.example/sso', o)).toBe('https://login.other.example/sso');
    expect(downstreamText('<a href="https://staging.example/Scheduler/View/1">x</a> <script src="//staging.example/app.js">', o)).toBe(
      '<a href="http://127.0.0.1:4020/Scheduler/View/1">x</a> <script src="//127.0.0.1:4020/app.js">',
    );
    expect(downstreamText('{"url":"https:\\/\\/staging.example\\/a","other":"https://staging.example.evil.example/"}', o)).toBe(
      '{"url":"http:\\/\\/127.0.0.1:4020\\/a","other":"https://staging.example.evil.example/"}',
    );
    expect(upstreamHeader('Origin', 'http://127.0.0.1:4020', o)).toBe('https://staging.example');
    expect(upstreamHeader('Referer', 'http://127.0.0.1:4020/Admin/Bookings/Create', o)).toBe(
      'https://staging.example/Admin/Bookings/Create',
    );
    expect(upstreamHeader('Host', '127.0.0.1:4020', o)).toBe('staging.example');
  });
});
