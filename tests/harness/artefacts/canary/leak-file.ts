// The canary's file for the leak scan and the evidence checks: one failure that leaves the evidence a
// real failure leaves, tried once (a retry's artefacts are of the same kinds, and it would cost a worker start
// with the fixtures and a browser): a login typed with the planted password, then a contract break
// against a mutated mock (its masked exchange attached, first), a screenshot, an error context, a trace; then
// an exchange in a hook after it.
import { repoModule } from '../../../../child-runs/child-run.js';
import { EVIDENCE_PROBE_TITLE } from '../evidence-canary.js';

export const LEAK_FILES = {
  'leak.spec.ts': `import { pagePath } from ${repoModule('contracts/index.ts')};
import { expect, test } from ${repoModule('fixtures/index.ts')};
import { LoginPage } from ${repoModule('fixtures/pages/login-page.ts')};
import { STORAGE_STATE } from ${repoModule('settings/paths.ts')};

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ retries: 0 });

// An exchange after the test, as a fixture's cleanup makes: its step is among the hooks'.
test.afterEach(async ({ api, target }) => {
  await api.call('listRoomsForBooking', { query: { hallid: target.hallId } });
});

test(${JSON.stringify(EVIDENCE_PROBE_TITLE)}, async ({
  api, mock, page, target,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(target.email, target.password);
  // The session saved, as the suite's setup saves it: its cookies are among the secrets searched for.
  await page.context().storageState({ path: STORAGE_STATE });
  await page.goto(pagePath('bookingsIndexPage', { hall_id: target.hallId }));
  mock.use({ json: (id, data) => (id === 'listRoomsForGrid' ? [{ unexpected: true }] : data) });
  const { data } = await api.call('listRoomsForGrid', { query: { id: target.hallId } });
  expect(data, 'unreachable: the call throws ContractError').toBeUndefined();
});
`,
};
