// Session checks at the wire (interface doc, "Session check" and "Errors"): the
// keepalive answers 200 with a session and redirects without; every other route that needs
// the session (admin pages, form posts, /api/ endpoints) redirects to the login page without one, but
// for the scheduler reads public clients make without logging in (live notes), which may be served.
import { request as playwrightRequest } from '@playwright/test';
import { LOGIN_PATH, PUBLIC_ON_LIVE, endpoints, registry } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { doc, notes } from '../../coverage/sources.js';
import { isLoginRedirect } from '../../client/client.js';
import { hasLoginForm } from '../../client/login-verdict.js';
import { skipUnlessWrites } from '../../fixtures/read-only.js';

test.describe(
  'session @smoke',
  {
    annotation: [
      doc(
        'Scheduler, GET /api/Scheduler/HasJustLoggedIn',
        'returns HTTP 200 while the session is valid; redirects when the session has expired',
      ),
      doc('Endpoints, common rule 1', 'Every endpoint below (except login) requires the session cookies obtained at login'),
      doc('Errors', 'Session expired or absent on a protected endpoint | Redirect'),
    ],
  },
  () => {
    test('checkSession answers 200 with a session', async ({ api }) => {
      const reply = await api.send(endpoints.checkSession.path, { endpointId: 'checkSession' });
      expect(reply.status, `GET ${reply.url}`).toBe(200);
    });

    test('checkSession redirects without a session', async ({ target }) => {
      const anonymous = await playwrightRequest.newContext({ baseURL: target.baseUrl, storageState: { cookies: [], origins: [] } });
      const reply = await anonymous.get(endpoints.checkSession.path, { maxRedirects: 0 });
      expect(reply.status(), `GET ${endpoints.checkSession.path} without cookies`).toBeGreaterThanOrEqual(300);
      expect(reply.status()).toBeLessThan(400);
      await anonymous.dispose();
    });

    // Every route that needs the session, from the registry. Without a session nothing can be
    // written, but a route that writes is still only asked where writes are allowed: a target
    // that wrongly served it would carry the write out.
    for (const route of registry.filter((r) => r.auth === 'session' && !PUBLIC_ON_LIVE.includes(r.id))) {
      test(`${route.id} redirects to the login page without a session`, async ({ target, env }, testInfo) => {
        // A route that writes is asked only where writes are allowed.
        skipUnlessWrites(testInfo, env.allowWrites, route.writes);
        const anonymous = await playwrightRequest.newContext({ baseURL: target.baseUrl, storageState: { cookies: [], origins: [] } });
        // Path placeholders (hall id, booking id): the target's hall; a session check comes before any lookup.
        const path = route.path.replace(/\{\w+\}/g, String(target.hallId));
        const reply = await anonymous.fetch(path, { method: route.method, maxRedirects: 0 });
        const location = reply.headers().location ?? null;
        expect(
          isLoginRedirect(reply.status(), location),
          `${route.method} ${path} → ${reply.status()} Location: ${location}; expected a redirect to ${LOGIN_PATH}`,
        ).toBe(true);
        await anonymous.dispose();
      });
    }

    // Live notes: public clients read these without logging in; the document says every route needs
    // the session. Either answer is faithful, and which one the server gave is recorded.
    for (const id of PUBLIC_ON_LIVE) {
      test(`${id}, which public clients read without logging in, is served or redirects to the login page`, async ({
        target,
        facts,
      }, testInfo) => {
        testInfo.annotations.push(
          notes(
            'Scheduler',
            'Public clients read `/Scheduler/View/{hall}`, `/api/Scheduler/GetBookings` and `/Scheduler/ViewBooking/{id}`',
          ),
        );
        const route = registry.find((r) => r.id === id)!;
        const booking = facts.booking.ok ? facts.booking.value.id : undefined;
        test.skip(route.path.includes('{booking_id}') && booking === undefined, 'needs a booking of the hall (none discovered)');
        const path = route.path.replace('{booking_id}', String(booking)).replace('{hall_id}', String(target.hallId));
        const query = id === 'listSchedulerEvents' ? `?HallId=${target.hallId}&start=2026-01-01T00:00:00Z&end=2026-01-08T00:00:00Z` : '';
        const anonymous = await playwrightRequest.newContext({ baseURL: target.baseUrl, storageState: { cookies: [], origins: [] } });
        try {
          const reply = await anonymous.fetch(`${path}${query}`, { method: route.method, maxRedirects: 0 });
          const location = reply.headers().location ?? null;
          // Served means the route's own answer: a login page at the asked URL is a refusal in disguise.
          const served = reply.status() === 200 && !hasLoginForm(await reply.text());
          expect(
            served || isLoginRedirect(reply.status(), location),
            `${route.method} ${path} → ${reply.status()} Location: ${location}; expected its answer or a redirect to ${LOGIN_PATH}`,
          ).toBe(true);
          testInfo.annotations.push({
            type: 'observed',
            description: `${id} without a session: ${served ? 'served (as on live)' : 'login redirect'}`,
          });
        } finally {
          await anonymous.dispose();
        }
      });
    }
  },
);
