// The child runs a suite run shares between workers, as worker fixtures: the canary
// (tests/harness/canary/run.ts) for the checks that inspect a run's artefacts, and the listing
// (child-runs/listing.ts) for the checks that read the list of tests. One fixture set, so the specs
// of both share workers.
import { test as base } from '../../fixtures/index.js';
import type { ReportedTest } from '../../reporting/json-report.js';
import { sharedListing } from '../../child-runs/listing.js';
import { sharedCanary, type Canary } from './canary/run.js';

export const test = base.extend<{}, { canary: Canary; listing: ReportedTest[] }>({
  canary: [async ({}, use, workerInfo) => use(await sharedCanary(workerInfo.project.outputDir)), { scope: 'worker', timeout: 800_000 }],
  listing: [async ({}, use) => use(await sharedListing()), { scope: 'worker', timeout: 220_000 }],
});

export { expect } from '../../fixtures/index.js';
export type { Canary };
