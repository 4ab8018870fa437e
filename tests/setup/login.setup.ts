// Logs in once through the real login page in Chromium and saves the session for every
// other project (interface doc, "Login flow"; live notes: cookie names are not known).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { LOGIN_PATH } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { LoginPage } from '../../fixtures/pages/login-page.js';
import { STORAGE_STATE } from '../../fixtures/paths.js';
import { doc, notes } from '../../fixtures/sources.js';

test(
  'log in through the login page and save the session',
  {
    annotation: [
      doc('Authentication, Login flow', 'Success: HTTP 302 redirect to the dashboard, and session cookies are set'),
      notes('Login and tokens', 'Cookie names are not known. Do not hard-code them: keep whatever the server sets'),
    ],
  },
  async ({ page, target }) => {
    const login = new LoginPage(page);
    await login.open();
    expect(await login.logIn(target.email, target.password)).toBe(302);
    await expect(page).not.toHaveURL(new RegExp(`${LOGIN_PATH}(\\?|$)`, 'i'));
    mkdirSync(dirname(STORAGE_STATE), { recursive: true });
    await page.context().storageState({ path: STORAGE_STATE });
  },
);
