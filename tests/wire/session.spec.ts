// Session checks at the wire (interface doc, "Session check" and "Errors"): the
// keepalive answers 200 with a session and redirects without; protected admin pages
// and /api/ endpoints redirect to the login page without a session.
import { request as playwrightRequest } from '@playwright/test';
import { LOGIN_PATH, endpoints, pagePath } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { doc } from '../../fixtures/sources.js';
import { isLoginRedirect } from '../../fixtures/http/client.js';

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

    const protectedRoutes = [
      { name: 'the bookings admin page', path: (hall: number) => pagePath('bookingsIndexPage', { hall_id: hall }) },
      { name: 'listBookingsForHallGrid', path: (hall: number) => `${endpoints.listBookingsForHallGrid.path}?id=${hall}` },
      { name: 'listCustomersForHall', path: (hall: number) => `${endpoints.listCustomersForHall.path}?id=${hall}` },
    ];
    for (const route of protectedRoutes) {
      test(`${route.name} redirects to the login page without a session`, async ({ target }) => {
        const anonymous = await playwrightRequest.newContext({ baseURL: target.baseUrl, storageState: { cookies: [], origins: [] } });
        const path = route.path(target.hallId);
        const reply = await anonymous.get(path, { maxRedirects: 0 });
        const location = reply.headers().location ?? null;
        expect(
          isLoginRedirect(reply.status(), location),
          `GET ${path} → ${reply.status()} Location: ${location}; expected a redirect to ${LOGIN_PATH}`,
        ).toBe(true);
        await anonymous.dispose();
      });
    }
  },
);
