// Logs in once through the real login page in Chromium and saves the session for every
// other project (interface doc, "Login flow"; live notes: cookie names are not known).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { LOGIN_PATH, TOKEN_FIELD } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { LoginPage } from '../../fixtures/pages/login-page.js';
import { doc, notes } from '../../coverage/sources.js';

test(
  'log in through the login page and save the session',
  {
    annotation: [
      doc('Authentication, Login flow', 'Success: HTTP 302 redirect to the dashboard, and session cookies are set'),
      notes('Login and tokens', 'Cookie names are not known. Do not hard-code them: keep whatever the server sets'),
    ],
  },
  async ({ page, target, sessionFile }) => {
    const login = new LoginPage(page);
    // Each step names the likely cause of its failure; the tests that need the session are then not run.
    expect(await login.open(), `GET ${LOGIN_PATH}: login page not found (is HB_BASE_URL the service's origin?)`).toBe(200);
    await expect(login.token, `anti-forgery missing: the login form has no ${TOKEN_FIELD} (a changed login flow)`).toHaveCount(1);
    // Against a remote target the global setup's wire login has told wrong credentials from a changed
    // flow already: what fails here is the browser's path through the same flow.
    const status = await login.logIn(target.email, target.password);
    expect(status, `submitLoginForm answered ${status}, not the 302 of a login`).toBe(302);
    await expect(page, 'the login page again after the post').not.toHaveURL(new RegExp(`${LOGIN_PATH}(\\?|$)`, 'i'));
    mkdirSync(dirname(sessionFile), { recursive: true });
    await page.context().storageState({ path: sessionFile });
  },
);
