// Chromium through the proxy: a person's session (login, the scheduler, a booking made
// through the form) works over the proxy, the proxy's record lists the endpoints and pages
// called with their verdicts, and a reset switched on for /api/* reaches the page. Offline only.
import { API_PREFIX, isLoginPath, LOGIN_PATH, pagePath, pathKey, routeMatches } from '../../../contracts/index.js';
import { LoginPage } from '../../../fixtures/pages/login-page.js';
import { SchedulerPage } from '../../../fixtures/pages/scheduler-page.js';
import { createThroughForm } from '../../flows/flow-steps.js';
import { expect, test } from '../proxy.fixture.js';

test.describe('a browser through the proxy', () => {
  test('login, the scheduler and a booking through the form are recorded with verdicts; a reset on /api/* reaches the page @write', async ({
    page,
    target,
    contractProxy,
    browserSession,
    bookings,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    expect(await login.logIn(target.email, target.password), `POST ${LOGIN_PATH} through the proxy`).toBe(302);

    const scheduler = new SchedulerPage(page, browserSession);
    expect(await scheduler.open(target.hallId)).toBe(200);
    expect(await scheduler.roomColours()).not.toHaveLength(0);
    expect(await scheduler.loadedEvents(), 'the page loaded its calendar feed through the proxy').not.toBeNull();

    const day = await bookings.freeDays(1);
    await createThroughForm(
      { page, browserSession, bookings },
      {
        name: bookings.name('Through the proxy'),
        start: `${day}T10:00:00`,
        end: `${day}T11:00:00`,
        roomCount: 1,
        status: 'Confirmed',
      },
    );

    // Verdicts per registry id; `drift` is a kept contract with keys it does not name (the feed's RoomId on the mock).
    const verdicts = Object.fromEntries(
      contractProxy.record.summary().map((s) => [s.endpointId, Object.keys(s.verdicts).sort().join(',')]),
    );
    expect(verdicts).toMatchObject({
      loginPage: 'ok',
      submitLoginForm: 'unchecked',
      schedulerPage: 'unchecked',
      listSchedulerEvents: expect.stringMatching(/^(drift|ok|drift,ok)$/),
      checkSession: 'ok',
      createBookingPage: 'ok',
      submitCreateBookingForm: 'unchecked',
    });
    expect(contractProxy.record.violations).toEqual([]);

    // The proxy's own switch, as `/__proxy/faults` and `--fault` set it: the fault is the proxy's, not the mock's.
    contractProxy.faults.inject({ fault: 'reset', path: `${API_PREFIX}*` });
    const failed = page.waitForEvent('requestfailed', (r) => routeMatches(`${API_PREFIX}*`, pathKey(r.url())));
    await page.goto(pagePath('schedulerPage', { hall_id: target.hallId }));
    const request = await failed;
    expect(request.failure()?.errorText, `${request.method()} ${request.url()}`).toBe('net::ERR_CONNECTION_RESET');
    expect(contractProxy.record.entries.filter((e) => e.verdict === 'fault' && e.note === 'reset').length).toBeGreaterThan(0);
    expect(isLoginPath(page.url()), `${page.url()} is not the login page`).toBe(false);
  });
});
