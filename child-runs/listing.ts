// The suite as Playwright lists it (every project of the built-in mock's config, nothing run),
// shared by every check that reads the list of tests (tags, a contract test per endpoint, open
// points, test:service). A run of the whole suite records it itself at its start
// (reporting/listing-reporter.ts); a run of part of it lists the suite in one logged child run
// (`playwright test --list --reporter=json`), made once per run like the canary.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { childEnv, runPlaywright, tempDir } from './child-run.js';
import { readJsonReport, testsOf, type ReportedTest } from '../reporting/json-report.js';
import { oncePerRun } from './once-per-run.js';

/** The child-run purpose of the listing, a child run only in a run of part of the suite. */
export const LISTING_PURPOSE = 'listing';

/** HB_LISTING of a run whose own reporter records the listing. */
export const RUN_LISTS_ITSELF = 'by the run';

/** `playwright test` options that leave the tests and the reporters of the run as they are. */
const SAME_SUITE = {
  config: { type: 'string', short: 'c' },
  workers: { type: 'string', short: 'j' },
  'add-reporter': { type: 'string' },
  retries: { type: 'string' },
  timeout: { type: 'string' },
  'global-timeout': { type: 'string' },
  'max-failures': { type: 'string' },
  x: { type: 'boolean', short: 'x' },
  trace: { type: 'string' },
  output: { type: 'string' },
  tsconfig: { type: 'string' },
  headed: { type: 'boolean' },
  quiet: { type: 'boolean' },
  'forbid-only': { type: 'boolean' },
  'fully-parallel': { type: 'boolean' },
  'pass-with-no-tests': { type: 'boolean' },
  'fail-on-flaky-tests': { type: 'boolean' },
  'ignore-snapshots': { type: 'boolean' },
} as const;

/**
 * How a run with Playwright's command line `args` (`test …`) gets the listing: {@link RUN_LISTS_ITSELF}
 * when it holds the whole suite with the config's reporters; otherwise `a child run: <why>` (a file
 * filter, `--grep`, `--project`, `--shard`, `--last-failed`, `--only-changed`, `--reporter` …, or an
 * option not known to keep the suite whole). playwright.config.ts sets HB_LISTING with it.
 */
export function listingSource(args: string[]): string {
  const [command, ...rest] = args;
  if (command !== 'test') return `a child run: playwright ${command ?? ''} is not a test run`;
  try {
    const { positionals } = parseArgs({ args: rest, options: SAME_SUITE, strict: true, allowPositionals: true });
    return positionals.length ? `a child run: the files filtered (${positionals.join(' ')})` : RUN_LISTS_ITSELF;
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1] ?? (error as Error).message;
    return `a child run: ${option} may narrow the suite or replace the reporters`;
  }
}

/** List the suite in a child run (purpose `listing`); throws when the listing fails. */
async function listSuite(timeoutMs = 180_000): Promise<ReportedTest[]> {
  const dir = tempDir('listing');
  const reportFile = join(dir, 'listing.json');
  try {
    const run = await runPlaywright(
      ['test', '--list', '--reporter=json'],
      childEnv({ PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile, HB_REPORTS_DIR: join(dir, 'reports') }),
      timeoutMs,
      LISTING_PURPOSE,
    );
    const report = readJsonReport(reportFile);
    if (run.status !== 0 || !report) throw new Error(`playwright test --list failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
    return testsOf(report);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where suite run `run` (HB_RUN_ID) keeps its listing; undefined outside a suite run. */
export const listingDir = (run = process.env.HB_RUN_ID): string | undefined => (run ? join(tmpdir(), `hb-listing-${run}`) : undefined);

/**
 * The listing of this suite run: recorded by the run's reporter, or made by the first caller of any
 * worker and read by the others; outside a suite run, made.
 */
export function sharedListing(timeoutMs = 180_000): Promise<ReportedTest[]> {
  const dir = listingDir();
  return dir ? oncePerRun('the listing', dir, () => listSuite(timeoutMs), timeoutMs + 20_000) : listSuite(timeoutMs);
}
