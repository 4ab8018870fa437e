// The login flow in a fresh browser context (interface doc, "Login flow" and "Errors").
import { LOGIN_PATH, endpoints } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { LoginPage } from '../../fixtures/pages/login-page.js';
import { doc, notes } from '../../coverage/sources.js';

// The password is typed here: no trace, screenshot or video of it, even on a retry.
test.use({ storageState: { cookies: [], origins: [] }, trace: 'off', screenshot: 'off', video: 'off' });

const atLogin = new RegExp(`${LOGIN_PATH}(\\?.*)?$`, 'i');

test.describe(
  'submitLoginForm @smoke',
  {
    annotation: [
      doc(
        'Authentication, Login flow',
        'Success: HTTP 302 redirect to the dashboard, and session cookies are set. Failure: HTTP 200 with the page still at ' +
          '`/Account/Login` (no redirect)',
      ),
      notes('Login and tokens', 'Cookie names are not known. Do not hard-code them: keep whatever the server sets'),
    ],
  },
  () => {
    test('submitLoginForm redirects off the login page and starts a session on good credentials', async ({ page, target }) => {
      const login = new LoginPage(page);
      await login.open();
      const before = (await page.context().cookies()).map((c) => c.name);
      expect(await login.logIn(target.email, target.password), 'POST /Account/Login status').toBe(302);
      await expect(page).not.toHaveURL(atLogin);
      const added = (await page.context().cookies()).filter((c) => !before.includes(c.name));
      expect(added.length, 'cookies set by the login').toBeGreaterThan(0);
      const keepalive = await page.request.get(endpoints.checkSession.path, { maxRedirects: 0 });
      expect(keepalive.status(), `GET ${endpoints.checkSession.path} with the session`).toBe(200);
    });

    test('submitLoginForm re-renders the login page on a wrong password', async ({ page, target }) => {
      const login = new LoginPage(page);
      await login.open();
      expect(await login.logIn(target.email, `${target.password}-wrong`), 'POST /Account/Login status').toBe(200);
      await expect(page).toHaveURL(atLogin);
      await expect(login.password).toBeVisible();
      const keepalive = await page.request.get(endpoints.checkSession.path, { maxRedirects: 0 });
      expect(keepalive.status(), 'keepalive without a session').toBeGreaterThanOrEqual(300);
      expect(keepalive.status()).toBeLessThan(400);
    });
  },
);
