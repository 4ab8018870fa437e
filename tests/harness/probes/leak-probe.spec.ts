// Deliberate failures for the leak test's child run (tests/harness/leak.spec.ts): each
// one leaves the evidence a real failure leaves (masked exchanges, screenshot, error
// context, trace on retry), so the leak test can search it for secrets. Never in `npm test`.
import { pagePath } from '../../../contracts/index.js';
import { expect, test } from '../../../fixtures/index.js';
import { LoginPage } from '../../../fixtures/pages/login-page.js';

test.beforeEach(({ mock }) => {
  test.skip(!mock, 'the probes break the built-in mock on purpose; the target is a remote server');
});

test.describe('leak probe', () => {
  test('listRoomsForGrid off contract fails with the exchange attached', async ({ api, mock, target }) => {
    mock!.use({ json: (id, data) => (id === 'listRoomsForGrid' ? [{ unexpected: true }] : data) });
    const { data } = await api.call('listRoomsForGrid', { query: { id: target.hallId } });
    expect(data, 'unreachable: the call throws ContractError').toBeUndefined();
  });

  test.describe('typed password', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('bookingsIndexPage after a typed login fails with a screenshot, and a trace on retry', async ({ page, target }) => {
      const login = new LoginPage(page);
      await login.open();
      await login.logIn(target.email, target.password);
      await page.goto(pagePath('bookingsIndexPage', { hall_id: target.hallId }));
      await expect(page.getByRole('heading', { name: 'A heading no page has' })).toBeVisible({ timeout: 1_000 });
    });
  });

  test('the password printed on purpose reaches the console (HB_LEAK_PROBE=leak)', ({ env, target }) => {
    test.skip(env.leakProbe !== 'leak', 'prints the password only when the leak test asks for a deliberate leak');
    console.log(`deliberate leak: ${target.password}`);
    expect(target.password.length).toBeGreaterThan(0);
  });
});
