// The mock's fault vocabulary met by the Node client, Playwright's request client and a browser page, and the
// client's retry policy; every fault overrides the worker's mock (`mock.use(fault(…))`): skipped against a remote target.
import { LOGIN_PATH, endpoints, pagePath } from '../../contracts/index.js';
import { HbClient, type RetryInfo } from '../../client/client.js';
import { closedPort, rejectionOf } from '../../fixtures/failures.js';
import { TransportError, UnexpectedStatusError } from '../../client/errors.js';
import { attemptsAt, expect, fault, FAULTS_PATH, pageFetch, test } from './wire.fixture.js';

/** A cheap protected GET: the keepalive (interface doc, "Session check"). */
const PROBE = endpoints.checkSession.path;

test.describe('fault: reset', () => {
  test.beforeEach(({ mock }) => {
    mock.use(fault({ fault: 'reset', path: PROBE }));
  });

  test('the Node client throws TransportError ECONNRESET naming endpoint, method and URL, secrets masked', async ({ api, target }) => {
    const e = await rejectionOf(api.send(PROBE, { endpointId: 'checkSession', retries: 0 }), TransportError);
    expect(e.code).toBe('ECONNRESET');
    expect(e.message).toContain(
      `checkSession: GET ${target.baseUrl}${PROBE} → no HTTP answer, no status: ECONNRESET (connection reset by the peer (RST))`,
    );
    const cookies = await api.jar.getCookies(target.baseUrl);
    expect(cookies.length, 'the session has cookies to mask').toBeGreaterThan(0);
    // Only values long enough to be secrets: a short value such as a hall id cookie ("42") also
    // occurs by chance in ports and URLs, and is not what the masking protects.
    const secretCookies = cookies.filter((c) => c.value.length >= 16);
    expect(secretCookies.length, 'the session has a secret-sized cookie to mask').toBeGreaterThan(0);
    for (const c of secretCookies) expect(JSON.stringify(e.exchange), `cookie ${c.key} in the exchange`).not.toContain(c.value);
  });

  test('the Playwright request client fails with read ECONNRESET', async ({ request }) => {
    await expect(request.get(PROBE, { maxRedirects: 0 })).rejects.toThrow(/read ECONNRESET/);
  });

  test('a browser page sees net::ERR_CONNECTION_RESET', async ({ page, mock }) => {
    await page.goto(LOGIN_PATH);
    const result = await pageFetch(page, PROBE);
    expect(result.error).toBe('TypeError: Failed to fetch');
    expect(result.failure).toBe('net::ERR_CONNECTION_RESET');
    // Chromium retries a reset on a reused connection once, so the server may see two attempts.
    expect(attemptsAt(mock.received, PROBE).length).toBeGreaterThanOrEqual(1);
  });
});

test.describe('fault: close without an answer', () => {
  test.beforeEach(({ mock }) => {
    mock.use(fault({ fault: 'close', path: PROBE }));
  });

  test('the Node client throws TransportError ECLOSED', async ({ api }) => {
    const error = await rejectionOf(api.send(PROBE, { endpointId: 'checkSession', retries: 0 }), TransportError);
    expect(error.code).toBe('ECLOSED');
    expect(error.message).toMatch(/no HTTP answer, no status: ECLOSED \(connection closed without an answer\): other side closed/);
  });

  test('the Playwright request client fails with socket hang up', async ({ request }) => {
    await expect(request.get(PROBE, { maxRedirects: 0 })).rejects.toThrow(/socket hang up/);
  });

  test('a browser page sees net::ERR_EMPTY_RESPONSE', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    const result = await pageFetch(page, PROBE);
    expect(result.error).toBe('TypeError: Failed to fetch');
    expect(result.failure).toBe('net::ERR_EMPTY_RESPONSE');
  });
});

test.describe('fault: delay', () => {
  const MS = 600;

  test.beforeEach(({ mock }) => {
    mock.use(fault({ fault: 'delay', path: PROBE, ms: MS }));
  });

  test('the Node client waits for the answer, and times out with ETIMEDOUT under a shorter timeout', async ({ api, target }) => {
    const reply = await api.send(PROBE, { endpointId: 'checkSession', retries: 0 });
    expect(reply.status).toBe(200);
    expect(reply.exchange.durationMs).toBeGreaterThanOrEqual(MS - 10);
    // On the worker's session jar, so the short timeout meets the delayed probe alone, not a login of its own.
    const { baseUrl, email, password, hallId } = target;
    const impatient = new HbClient({ baseUrl, email, password, hallId, jar: api.jar, timeoutMs: MS / 3, retries: 0 });
    const error = await rejectionOf(impatient.send(PROBE, { endpointId: 'checkSession' }), TransportError);
    expect(error.code).toBe('ETIMEDOUT');
  });

  test('the Playwright request client waits for the answer, and times out under a shorter timeout', async ({ request }) => {
    const started = performance.now();
    expect((await request.get(PROBE, { maxRedirects: 0 })).status()).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(MS - 10);
    await expect(request.get(PROBE, { maxRedirects: 0, timeout: MS / 3 })).rejects.toThrow(`Timeout ${MS / 3}ms exceeded`);
  });

  test('a browser page waits for the answer, and aborts under a shorter timeout', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    const slow = await pageFetch(page, PROBE);
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(MS - 10);
    const aborted = await pageFetch(page, PROBE, { timeoutMs: MS / 3 });
    expect(aborted.error).toBe('TimeoutError: signal timed out');
    expect(aborted.failure).toBe('net::ERR_ABORTED');
  });
});

for (const [kind, retryAfter] of [
  ['429', '7'],
  ['500', null],
] as const) {
  test.describe(`fault: ${kind}`, () => {
    test.beforeEach(({ mock }) => {
      mock.use(fault({ fault: kind, path: PROBE, ...(retryAfter !== null && { retryAfter: Number(retryAfter) }) }));
    });

    test(`the Node client's call throws UnexpectedStatusError naming HTTP ${kind} once its retries are spent`, async ({
      freshClient,
      target,
      mock,
    }) => {
      const client = await freshClient({ retries: 0 });
      const error = await rejectionOf(client.call('checkSession'), UnexpectedStatusError);
      expect(error.message).toBe(`checkSession: GET ${target.baseUrl}${PROBE} → HTTP ${kind}; the contract expects HTTP 200`);
      expect(error.exchange.responseHeaders['retry-after']).toBe(retryAfter ?? undefined);
      expect(attemptsAt(mock.received, PROBE), 'attempts with retries: 0').toHaveLength(1);
    });

    test(`the Playwright request client gets HTTP ${kind}`, async ({ request }) => {
      const reply = await request.get(PROBE, { maxRedirects: 0 });
      expect(reply.status()).toBe(Number(kind));
      expect(reply.headers()['retry-after']).toBe(retryAfter ?? undefined);
    });

    test(`a browser page gets HTTP ${kind}`, async ({ page }) => {
      await page.goto(LOGIN_PATH);
      const result = await pageFetch(page, PROBE);
      expect(result.status).toBe(Number(kind));
      expect(result.retryAfter).toBe(retryAfter);
    });
  });
}

test.describe('fault: session expires', () => {
  // Each test ends a session of its own (freshClient): the worker's session and the saved
  // storage state stay valid for the tests after it.
  test.beforeEach(({ mock }) => {
    mock.use(fault({ fault: 'expire', path: PROBE }));
  });

  test('the Node client logs in again transparently and the call succeeds', async ({ freshClient, mock }) => {
    const client = await freshClient();
    const result = await client.call('checkSession');
    expect(result.status).toBe(200);
    expect(client.logins, 'the first login and one transparent re-login').toBe(2);
    expect(attemptsAt(mock.received, PROBE), 'the redirected call and its retry').toHaveLength(2);
    expect(await client.keepalive(), 'the renewed session holds').toBe('alive');
  });

  test("the Node client's keepalive() renews the session and says so", async ({ freshClient }) => {
    const client = await freshClient();
    expect(await client.keepalive(), 'the first keepalive meets the expiry').toBe('renewed');
    expect(client.logins).toBe(2);
    expect(await client.keepalive(), 'the renewed session holds').toBe('alive');
  });

  test('the Playwright request client gets a redirect to the login page, and the session stays dead', async ({
    freshClient,
    playwright,
    target,
  }) => {
    const client = await freshClient();
    const ctx = await playwright.request.newContext({ baseURL: target.baseUrl, storageState: await client.toStorageState() });
    for (const path of [PROBE, pagePath('bookingsIndexPage', { hall_id: target.hallId })]) {
      const reply = await ctx.get(path, { maxRedirects: 0 });
      expect(reply.status(), `GET ${path}`).toBe(302);
      expect(new URL(reply.headers().location ?? '', target.baseUrl).pathname, `Location of GET ${path}`).toBe(LOGIN_PATH);
    }
    await ctx.dispose();
  });

  test('a browser page is sent to the login page, and so is its next navigation', async ({ freshClient, browser, target }) => {
    const client = await freshClient();
    const context = await browser.newContext({ baseURL: target.baseUrl, storageState: await client.toStorageState() });
    const page = await context.newPage();
    await page.goto(pagePath('bookingsIndexPage', { hall_id: target.hallId }));
    await expect(page, 'the fresh session opens an admin page').not.toHaveURL(new RegExp(LOGIN_PATH, 'i'));
    const result = await pageFetch(page, PROBE);
    expect(result.redirected).toBe(true);
    expect(new URL(result.url ?? '').pathname).toBe(LOGIN_PATH);
    await page.goto(pagePath('bookingsIndexPage', { hall_id: target.hallId }));
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}\\?ReturnUrl=`, 'i'));
    await context.close();
  });
});

test.describe('retry policy', () => {
  const READ = endpoints.listActivityTypes.path;
  const BASE = 100;
  for (const kind of ['429', '500', 'reset'] as const) {
    test(`call retries an idempotent GET after ${kind} with a doubling backoff`, async ({ mock, freshClient, target }) => {
      const retries: RetryInfo[] = [];
      const client = await freshClient({ retries: 2, backoffMs: BASE, onRetry: (r) => retries.push(r) });
      const twice = fault({ fault: kind, path: READ, times: 2, retryAfter: 0 });
      mock.use(twice);
      const result = await client.call('listActivityTypes', { query: { id: target.hallId } });
      expect(result.status).toBe(200);
      expect(twice.active, 'the fault met two requests and is spent').toMatchObject({ hits: 2, remaining: 0 });
      const reason = kind === 'reset' ? 'ECONNRESET' : `HTTP ${kind}`;
      expect(retries, 'the waits the client chose').toEqual([
        { endpointId: 'listActivityTypes', attempt: 1, delayMs: BASE, reason },
        { endpointId: 'listActivityTypes', attempt: 2, delayMs: BASE * 2, reason },
      ]);
      const at = attemptsAt(mock.received, READ).map((r) => r.at);
      expect(at, 'two failed attempts and the one that succeeded, as the server saw them').toHaveLength(3);
      // The server saw the waits too (timer slack: a little under the nominal wait still counts).
      expect(at[1]! - at[0]!, 'first gap at the server').toBeGreaterThanOrEqual(BASE * 0.9);
      expect(at[2]! - at[1]!, 'second gap at the server').toBeGreaterThanOrEqual(BASE * 2 * 0.9);
    });
  }

  test('call gives up after its retries with the last status', async ({ mock, freshClient, target }) => {
    const client = await freshClient({ retries: 2, backoffMs: 10 });
    mock.use(fault({ fault: '500', path: READ }));
    const call = client.call('listActivityTypes', { query: { id: target.hallId } });
    await expect(call).rejects.toThrow(/listActivityTypes: GET .* → HTTP 500/);
    expect(attemptsAt(mock.received, READ)).toHaveLength(3);
  });

  test('a Retry-After on 429 stretches the backoff to what the server asked', async ({ mock, freshClient, target }) => {
    const retries: RetryInfo[] = [];
    const client = await freshClient({ retries: 1, backoffMs: 10, onRetry: (r) => retries.push(r) });
    mock.use(fault({ fault: '429', path: READ, times: 1, retryAfter: 1 }));
    await client.call('listActivityTypes', { query: { id: target.hallId } });
    expect(
      retries.map((r) => r.delayMs),
      'waits chosen',
    ).toEqual([1000]);
    const at = attemptsAt(mock.received, READ).map((r) => r.at);
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!, 'wait after Retry-After: 1').toBeGreaterThanOrEqual(950);
  });

  for (const kind of ['500', 'reset'] as const) {
    test(`a POST is never retried, even after ${kind}`, async ({ mock, freshClient, target, facts }) => {
      test.skip(!facts.rooms.ok || !facts.booking.ok, 'needs a room and a booking window discovered from the target');
      const client = await freshClient({ retries: 3, backoffMs: 10 });
      await client.antiForgeryToken();
      const post = endpoints.checkAvailability.path;
      mock.use(fault({ fault: kind, method: 'POST', path: post }));
      const rooms = facts.rooms.ok ? facts.rooms.value : [];
      const booking = facts.booking.ok ? facts.booking.value : { start: '', end: '' };
      const call = client.call('checkAvailability', {
        body: { Rooms: rooms.slice(0, 1).map((r) => r.id), StartDateTime: booking.start, EndDateTime: booking.end, HallId: target.hallId },
      });
      await expect(call).rejects.toThrow(kind === 'reset' ? TransportError : UnexpectedStatusError);
      expect(attemptsAt(mock.received, post, 'POST'), 'POST attempts').toHaveLength(1);
    });
  }
});

test.describe('transport errors', () => {
  test('a refused connection is TransportError ECONNREFUSED naming endpoint, method and URL', async ({ target }) => {
    const port = await closedPort();
    const client = new HbClient({
      baseUrl: `http://127.0.0.1:${port}`,
      email: target.email,
      password: target.password,
      hallId: target.hallId,
      retries: 0,
    });
    const error = await rejectionOf(client.send(PROBE, { endpointId: 'checkSession' }), TransportError);
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.message).toContain(
      `checkSession: GET http://127.0.0.1:${port}${PROBE} → no HTTP answer, no status: ECONNREFUSED (connection refused)`,
    );
  });

  test('the standalone switch /__mock/faults turns a fault on and off over HTTP', async ({ mock, target }) => {
    const control = `${target.baseUrl}${FAULTS_PATH}`;
    const added = await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: '500', path: PROBE, times: 1 }),
    });
    expect(added.status).toBe(201);
    expect(mock.faults.active()).toHaveLength(1);
    expect((await fetch(`${target.baseUrl}${PROBE}`, { redirect: 'manual' })).status, 'the first probe meets the fault').toBe(500);
    expect((await fetch(`${target.baseUrl}${PROBE}`, { redirect: 'manual' })).status, 'times: 1 is spent; no session → redirect').toBe(302);
    const listed = (await (await fetch(control)).json()) as { faults: { hits: number; remaining: unknown }[] };
    expect(listed.faults, 'GET lists the fault with its hits').toMatchObject([{ hits: 1, remaining: 0 }]);
    const bad = await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: 'explode' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('fault');
    expect((await fetch(control, { method: 'DELETE' })).status).toBe(204);
    expect(mock.faults.active()).toHaveLength(0);
  });
});
