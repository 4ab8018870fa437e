// The canary's config: the repository's own (reporters, scrubbing, Allure, summary, coverage,
// a shard's blob, CI's retry) with the inline folder as its test folder and two small projects. The
// JSON report goes before the scrub reporter, the last of the repository's.
import { REPO_ROOT, repoModule } from '../../../../child-runs/child-run.js';

/** Scope of the canary's coverage gate: the parameters of one endpoint, which its coverage file exercises half of. */
const CANARY_GATE_SCOPE = { routes: ['listCustomersForHall'], categories: ['param'] };

/**
 * `playwright.config.ts` of the canary; `rerun` names the files the `contract-variant` project runs again, once
 * each and without `skip`'s test: each failed try costs a worker start, and one broken re-run shows what re-runs do.
 */
export const canaryConfig = (rerun: RegExp, skip: RegExp): string => `import { isAbsolute, join } from 'node:path';
import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import base from ${repoModule('playwright.config.ts')};

const repo = ${JSON.stringify(REPO_ROOT)};
const absolute = (p: string) => (p.startsWith('.') ? join(repo, p) : p);
const project = (name: string): Project => base.projects!.find((p) => p.name === name)!;
const reporter = (base.reporter as ReporterDescription[]).map(([name, options]): ReporterDescription =>
  name.endsWith('reporting/coverage-reporter.ts')
    ? [absolute(name), { gate: 'on', scope: ${JSON.stringify(CANARY_GATE_SCOPE)} }]
    : [isAbsolute(name) || !name.startsWith('.') ? name : absolute(name), options],
);

export default defineConfig({
  ...base,
  testDir: '.',
  globalSetup: absolute(base.globalSetup as string),
  // One worker: every failed try ends its worker, and the next test starts the one worker there is, not two.
  workers: 1,
  // The JSON report before the scrub, which masks it too.
  reporter: [...reporter.slice(0, -1), ['json'], ...reporter.slice(-1)],
  projects: [
    { name: 'contract', testMatch: /\\.spec\\.ts$/, use: project('ui').use },
    {
      name: 'contract-variant',
      testMatch: ${rerun.toString()},
      grepInvert: ${skip.toString()},
      retries: 0,
      use: { ...project('ui').use, ...project('contract-variant').use },
    },
  ],
});
`;
