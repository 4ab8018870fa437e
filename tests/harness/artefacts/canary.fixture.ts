// The canary (tests/harness/artefacts/canary/run.ts) as a worker fixture: the checks that inspect a run's
// artefacts form the `artefacts` project, whose one worker runs it once.
import { rmSync } from 'node:fs';
import { test as base } from '../../../fixtures/index.js';
import { runCanary, type Canary } from './canary/run.js';

export const test = base.extend<{}, { canary: Canary }>({
  canary: [
    async ({}, use) => {
      const canary = await runCanary();
      await use(canary);
      rmSync(canary.dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 800_000 },
  ],
});

export { expect } from '../../../fixtures/index.js';
export type { Canary };
