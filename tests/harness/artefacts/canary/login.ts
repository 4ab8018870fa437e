// The canary's setup: a browser login typed with the planted password, the session saved.
import { repoModule } from '../../../../child-runs/child-run.js';

export const LOGIN_FILES = {
  'login.setup.ts': `import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from ${repoModule('fixtures/index.ts')};
import { LoginPage } from ${repoModule('fixtures/pages/login-page.ts')};
import { STORAGE_STATE } from ${repoModule('settings/paths.ts')};

test('logs in with the planted password and saves the session', async ({ page, target }) => {
  const login = new LoginPage(page);
  await login.open();
  expect(await login.logIn(target.email, target.password)).toBe(302);
  mkdirSync(dirname(STORAGE_STATE), { recursive: true });
  await page.context().storageState({ path: STORAGE_STATE });
});
`,
};
