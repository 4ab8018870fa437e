// After the harness: the suite run started at most three child Playwright runs (the canary, a
// failed start, one spare), as fixtures/child-run.ts logged them. More means a check re-runs a
// suite where an inline file in the canary, or a mock in the worker, would do.
import { childRunLog, loggedChildRuns } from '../../fixtures/child-run.js';
import { expect, test } from '../../fixtures/index.js';

/** The canary, one failed-start run, one spare. */
export const MAX_CHILD_RUNS = 3;

test('the harness started at most three child Playwright runs', async ({}, testInfo) => {
  const runs = loggedChildRuns();
  const list = runs.map((r) => `${r.purpose}: playwright ${r.args.join(' ')}`).join('\n');
  await testInfo.attach('child-runs.txt', { body: list || 'none', contentType: 'text/plain' });
  expect(childRunLog(), 'the log needs HB_RUN_ID, set by playwright.config.ts').toBeDefined();
  expect(runs.length, `child runs of this suite run (${childRunLog()}):\n${list}`).toBeLessThanOrEqual(MAX_CHILD_RUNS);
});
