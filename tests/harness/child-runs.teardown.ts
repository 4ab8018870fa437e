// After the harness: the suite run started at most three child Playwright runs, one for each purpose
// (the canary, a failed start, a target dead mid-run), as child-runs/child-run.ts logged them; a run of
// part of the suite adds the listing, which a whole run records itself (reporting/listing-reporter.ts).
// More means a check re-runs a suite where an inline file in the canary or a mock in the worker would do.
import { rmSync } from 'node:fs';
import { CHILD_RUN_PURPOSES, childRunLog, loggedChildRuns } from '../../child-runs/child-run.js';
import { expect, test } from '../../fixtures/index.js';
import { LISTING_PURPOSE, listingDir, RUN_LISTS_ITSELF } from '../../child-runs/listing.js';

test('the harness started at most three child Playwright runs: the canary, a failed start, a target dead mid-run', async ({}, testInfo) => {
  const runs = loggedChildRuns();
  const list = runs.map((r) => `${r.purpose}: playwright ${r.args.join(' ')}`).join('\n');
  const listing = process.env.HB_LISTING;
  await testInfo.attach('child-runs.txt', { body: `${list || 'none'}\nthe listing: ${listing}`, contentType: 'text/plain' });
  expect(childRunLog(), 'the log needs HB_RUN_ID, set by playwright.config.ts').toBeDefined();
  expect(listing, 'HB_LISTING, set by playwright.config.ts').toBeDefined();
  const purposes: string[] = [...CHILD_RUN_PURPOSES, ...(listing === RUN_LISTS_ITSELF ? [] : [LISTING_PURPOSE])];
  const allowed = `at most one each of ${purposes.join(', ')}; the listing ${listing}`;
  expect(runs.length, `child runs of this suite run (${allowed}; ${childRunLog()}):\n${list}`).toBeLessThanOrEqual(purposes.length);
  const logged = runs.map((r) => r.purpose).sort();
  expect(
    logged.filter((p, i) => !purposes.includes(p) || logged.indexOf(p) !== i),
    `child runs beyond ${allowed}:\n${list}`,
  ).toEqual([]);
  // The listing's record is read by the harness only, and the harness is done.
  const dir = listingDir();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
