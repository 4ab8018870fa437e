// After the harness: the suite run started at most three child Playwright runs, one for each purpose
// (the canary, a failed start, the listing), as fixtures/child-run.ts logged them. More means a check
// re-runs a suite where an inline file in the canary, the listing, or a mock in the worker would do.
import { rmSync } from 'node:fs';
import { CHILD_RUN_PURPOSES, childRunLog, loggedChildRuns } from '../../fixtures/child-run.js';
import { expect, test } from '../../fixtures/index.js';
import { listingDir } from '../../fixtures/listing.js';

test('the harness started at most three child Playwright runs: the canary, a failed start, the listing', async ({}, testInfo) => {
  const runs = loggedChildRuns();
  const list = runs.map((r) => `${r.purpose}: playwright ${r.args.join(' ')}`).join('\n');
  await testInfo.attach('child-runs.txt', { body: list || 'none', contentType: 'text/plain' });
  expect(childRunLog(), 'the log needs HB_RUN_ID, set by playwright.config.ts').toBeDefined();
  const allowed = `at most one each of ${CHILD_RUN_PURPOSES.join(', ')}`;
  expect(runs.length, `child runs of this suite run (${allowed}; ${childRunLog()}):\n${list}`).toBeLessThanOrEqual(
    CHILD_RUN_PURPOSES.length,
  );
  const purposes = runs.map((r) => r.purpose).sort();
  expect(
    purposes.filter((p, i) => !CHILD_RUN_PURPOSES.includes(p as never) || purposes.indexOf(p) !== i),
    `child runs beyond ${allowed}:\n${list}`,
  ).toEqual([]);
  // The listing's record is read by the harness only, and the harness is done.
  const listing = listingDir();
  if (listing) rmSync(listing, { recursive: true, force: true });
});
