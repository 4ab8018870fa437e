// The canary (tests/harness/canary/run.ts) as a worker fixture: the checks that only inspect a
// run's artefacts share one child run per suite run.
import { test as base } from '../../fixtures/index.js';
import { sharedCanary, type Canary } from './canary/run.js';

export const test = base.extend<{}, { canary: Canary }>({
  canary: [async ({}, use, workerInfo) => use(await sharedCanary(workerInfo.project.outputDir)), { scope: 'worker', timeout: 800_000 }],
});

export { expect } from '../../fixtures/index.js';
export type { Canary };
