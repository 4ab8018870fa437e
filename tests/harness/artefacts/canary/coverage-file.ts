// The canary's file for the coverage gate: listCustomersForHall with every flag false only, so
// the gate (scoped to that endpoint's parameters by the canary's config) fails naming the `true` values.
import { repoModule } from '../../../../child-runs/child-run.js';

export const COVERAGE_FILES = {
  'coverage.spec.ts': `import { test } from ${repoModule('fixtures/index.ts')};

test('customers with every flag false', async ({ api, facts }) => {
  const flags = { customer: 'false', includeDeleted: 'false', onlyNew: 'false' } as const;
  await api.call('listCustomersForHall', { query: { id: facts.hallId, ...flags } });
});
`,
};
