// The suite's listing from the run itself: at `onBegin` the root suite holds every test of every
// project before any worker starts, so a run of the whole suite records the listing where the
// harness's checks read it (child-runs/listing.ts) and spends no child run on it. The tests are laid
// out as `playwright test --list --reporter=json` lays them out: files merged over the projects.
import { relative, sep } from 'node:path';
import type { FullConfig, Location, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import type { JSONReportSpec, JSONReportSuite } from '@playwright/test/reporter';
import { testsOf } from './json-report.js';
import { listingDir, RUN_LISTS_ITSELF } from '../child-runs/listing.js';
import { recordOnce } from '../child-runs/once-per-run.js';

type Placed = Pick<JSONReportSuite, 'file' | 'line' | 'column'>;

/** A location relative to the config's root folder, with forward slashes, as the JSON report writes it. */
const placed = (rootDir: string, location: Location | undefined): Placed =>
  location
    ? { file: relative(rootDir, location.file).split(sep).join('/'), line: location.line, column: location.column }
    : { file: '', line: 0, column: 0 };

const samePlace = (a: Placed, b: Placed): boolean => a.file === b.file && a.line === b.line && a.column === b.column;

function specOf(rootDir: string, project: string, test: TestCase): JSONReportSpec {
  return {
    title: test.title,
    ok: test.ok(),
    // The JSON report drops the `@`.
    tags: test.tags.map((tag) => tag.slice(1)),
    tests: [
      {
        timeout: test.timeout,
        annotations: test.annotations,
        expectedStatus: test.expectedStatus,
        // The JSON report's project id is the name while names are unique, as they are in playwright.config.ts.
        projectId: project,
        projectName: project,
        results: [],
        status: test.outcome(),
      },
    ],
    id: test.id,
    ...placed(rootDir, test.location),
  };
}

/** A describe (or file) of one project, or undefined when it holds no test. */
function suiteOf(rootDir: string, project: string, suite: Suite): JSONReportSuite | undefined {
  const suites = suite.suites.flatMap((s) => suiteOf(rootDir, project, s) ?? []);
  const specs = suite.tests.map((t) => specOf(rootDir, project, t));
  if (!specs.length && !suites.length) return undefined;
  return { title: suite.title, ...placed(rootDir, suite.location), specs, suites: suites.length ? suites : undefined };
}

/** Fold `from` into `to`: a describe or a test met again in another project is one entry, its tests one per project. */
function merge(to: JSONReportSuite, from: JSONReportSuite): void {
  for (const suite of from.suites ?? []) {
    const same = to.suites?.find((s) => s.title === suite.title && samePlace(s, suite));
    if (same) merge(same, suite);
    else (to.suites ??= []).push(suite);
  }
  for (const spec of from.specs) {
    const same = to.specs.find((s) => s.title === spec.title && samePlace(s, spec));
    if (same) same.tests.push(...spec.tests);
    else to.specs.push(spec);
  }
}

/** The report's top-level suites: one per file, over every project, in the order the files first come. */
function fileSuites(rootDir: string, root: Suite): JSONReportSuite[] {
  const files = new Map<string, JSONReportSuite>();
  for (const projectSuite of root.suites) {
    const project = projectSuite.project()?.name ?? '';
    for (const fileSuite of projectSuite.suites) {
      const suite = suiteOf(rootDir, project, fileSuite);
      if (!suite) continue;
      const key = fileSuite.location?.file ?? suite.file;
      const file = files.get(key) ?? { title: suite.title, file: suite.file, line: 0, column: 0, specs: [] };
      files.set(key, file);
      merge(file, suite);
    }
  }
  return [...files.values()];
}

/** Records the listing at `onBegin` when playwright.config.ts found that the run holds the whole suite. */
export default class ListingReporter implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, root: Suite): void {
    const dir = listingDir();
    if (dir && process.env.HB_LISTING === RUN_LISTS_ITSELF) recordOnce(dir, testsOf({ suites: fileSuites(config.rootDir, root) }));
  }
}
