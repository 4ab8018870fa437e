// Projects, reporters and target selection. Data only: the environment is parsed by
// settings/env.ts (a bad variable stops the run here, before any test).
import { defineConfig, devices } from '@playwright/test';
import { READING_SETS } from './contracts/index.js';
import { resolveChromium } from './fixtures/browser.js';
import { loadEnvOrExit } from './settings/env.js';
import { runFingerprint } from './settings/fingerprint.js';
import { ensureMockSecret, ensureRunId } from './settings/run.js';
import { displayUrl, STORAGE_STATE } from './settings/paths.js';
import { allureOptions, reportsPath } from './reporting/report-options.js';
import type { SummaryMetadata } from './reporting/summary-model.js';
import type { TestFixtures, WorkerFixtures } from './fixtures/index.js';

const env = loadEnvOrExit();
const remote = env.target.kind === 'remote';
// One id per run, inherited by every worker: the run marker in booking names, so the
// janitor (fixtures/bookings.ts) never sweeps bookings of the run that is in progress.
ensureRunId();
// One signing key per run for the workers' mocks, so the session the setup project saved is valid in
// every worker's mock, and no key in the source can forge one.
ensureMockSecret();

const chromium = resolveChromium(env.chromiumPath);
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
};
const loggedIn = { ...browser, storageState: STORAGE_STATE };
const ci = !!process.env.CI;
const sharded = process.argv.some((a) => /^--shard(=|$)/.test(a));
const oneWorkerOffline = remote ? {} : { workers: 1 };
const contract = { name: 'contract', testDir: './tests/contract', dependencies: ['setup'], ...oneWorkerOffline };
const reports = (...parts: string[]) => reportsPath(env, ...parts);

export default defineConfig<TestFixtures, WorkerFixtures>({
  testDir: './tests',
  outputDir: reports('test-results'),
  // Clears the Allure results; against a remote target, fails the run early when it does not answer.
  globalSetup: './fixtures/global-setup.ts',
  // Tests, not files, are the unit of work: a long file does not hold one worker while the other idles.
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Live notes, "Load": keep to 2–3 concurrent requests against a real server.
  workers: remote ? env.maxConcurrency : 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [
    ci ? ['dot'] : ['list'],
    ['html', { open: 'never', outputFolder: reports('playwright-report') }],
    ['junit', { outputFile: reports('junit.xml') }],
    // Every result for tools that reuse the run (npm run mutation takes its faithful baseline from it).
    ['json', { outputFile: reports('results.json') }],
    // A shard's blob (a run given --shard), merged by `npm run report -- --merge` (.github/workflows/hall-booking.yml).
    ...(sharded ? [['blob', { outputDir: reports('blob-report') }] as const] : []),
    ['./reporting/allure-playwright.ts', allureOptions(env, reports('allure-results'))],
    // reports/summary.json for machines (README, "Reports").
    ['./reporting/summary-reporter.ts'],
    // reports/coverage.json and .html, the coverage line, and the coverage gate (HB_COVERAGE_GATE).
    ['./reporting/coverage-reporter.ts'],
    // A whole run's own listing, for the harness checks that read the suite (no `--list` child run then).
    ['./reporting/suite-listing.ts'],
    // Last, after every reporter above has written: masks the password, cookie values and tokens.
    ['./reporting/scrub-reporter.ts'],
  ],
  // Read by reporting/summary-reporter.ts; blobs carry it into `npm run report -- --merge`.
  metadata: {
    target: env.target.kind === 'remote' ? displayUrl(env.target.baseUrl) : 'built-in mock',
    targetKind: env.target.kind,
    // In the runner only (the workers load the config too): the commit, changes and settings the results are of.
    // With the runner's arguments: a run with any (a file, --grep, --shard …) is not the whole suite.
    ...(process.env.TEST_WORKER_INDEX === undefined ? { fingerprint: runFingerprint(), args: process.argv.slice(3) } : {}),
  } satisfies SummaryMetadata,
  use: {
    // Traces hold cookies and form posts: kept for a first run that failed, locally as in CI, and scrubbed
    // (reporting/scrub-reporter.ts). DOM snapshots of each action, no screencast: the screencast was a sixth of
    // a browser test's CPU (the flows project), and a failed test keeps its screenshot.
    trace: { mode: 'retain-on-first-failure', snapshots: true, screenshots: false, sources: true },
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    // The password is typed here: no trace, screenshot or video of it, ever.
    {
      name: 'setup',
      testDir: './tests/setup',
      testMatch: /.*\.setup\.ts/,
      use: { ...browser, trace: 'off', screenshot: 'off', video: 'off' },
    },
    // Offline, every service project but setup keeps to one worker (wire's and flows' second would start a worker
    // and a browser for a few tests): fewer worker starts (each costs seconds), the second slot busy with another project.
    // Against a remote target every project but ui takes HB_MAX_CONCURRENCY.
    // The checks of a run's artefacts (offline only) share one inline run, the canary, a worker fixture: one
    // worker runs them all, so the canary runs once. Listed first, so its child run (a minute of mostly its own
    // processes) overlaps the quick service projects on the other slot instead of the harness's heavy checks.
    ...(remote ? [] : [{ name: 'artefacts', testDir: './tests/harness/artefacts', workers: 1, dependencies: ['setup'], use: browser }]),
    ...(remote
      ? []
      : [
          contract,
          {
            // Interface doc: a client must accept either list shape and either alias spelling.
            name: 'contract-variant',
            testDir: './tests/contract',
            dependencies: ['setup'],
            workers: 1,
            use: { mockOptions: { listShape: 'data' as const, aliases: 'alternate' as const } },
          },
          // The checks of what an open point decides (contracts/open-points.ts) at the wire, against each further
          // set of readings: green here and on the default mock means they assert only what holds in every reading.
          // The browser flows run once, on the default reading; tests/wire/readings.spec.ts plays each reading of
          // what they decide at the wire.
          ...READING_SETS.slice(1).map((readings, k) => ({
            name: k === 0 ? 'readings' : `readings-${k + 1}`,
            testMatch: [/tests\/contract\/.*\.spec\.ts/, /tests\/wire\/forms\.spec\.ts/],
            dependencies: ['setup'],
            workers: 1,
            use: { ...loggedIn, mockOptions: { readings } },
          })),
        ]),
    { name: 'wire', testDir: './tests/wire', dependencies: ['setup'], use: loggedIn, ...oneWorkerOffline },
    // Five tests in two files, the login page's apart (no trace there): one worker against a remote target too, so the
    // other slot goes on to the next project instead of starting two more workers for a test or two each.
    { name: 'ui', testDir: './tests/ui', dependencies: ['setup'], use: loggedIn, workers: 1 },
    { name: 'flows', testDir: './tests/flows', dependencies: ['setup'], use: loggedIn, ...oneWorkerOffline },
    // Against a remote target the contract comes last: wire's generated run holds the cap on requests in flight
    // for most of the run, the browser projects (whose pages' own requests the cap does not hold) run beside it,
    // and the contract's quick checks end the run at the full cap instead of queuing behind the generated run.
    // The harness's own checks start mocks, proxies and child runs of their own: declared for the built-in
    // mock only, so a run against staging (or a dead one) spends no time on them. Listed last, so the service's
    // checks come before them.
    ...(remote
      ? [contract]
      : [
          // No trace: the harness's checks start their own mocks, proxies and child runs, and their errors and attachments
          // name what failed; a trace of them costs CPU and shows little. `--trace on` records one for a failing check.
          {
            name: 'harness',
            testDir: './tests/harness',
            testIgnore: 'artefacts/**',
            dependencies: ['setup'],
            use: { ...browser, trace: 'off' as const },
          },
        ]),
  ],
});
