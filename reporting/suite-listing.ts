// The suite as Playwright lists it, for the harness checks that read it (tests/harness/suite/listing.spec.ts)
// and `npm run docs`: from a `playwright test --list --reporter=json` child run, or, in a whole run
// (`npm test`: every project, no filter, no shard), from the run itself. This reporter writes the run's own
// suite at its start, with the fields the JSON report gives, to a file in the run's folder (settings/run.ts,
// removed at the run's end): the workers read it instead of listing the suite again (a child run of 5-6 CPU
// seconds). A run that is not whole lists no more than it runs: it writes nothing, and the checks list the suite
// themselves.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { testName, type ReportedTest } from './json-report.js';
import { wholeRun } from './coverage-reporter.js';
import { runFile } from '../settings/run.js';

type Annotation = TestCase['annotations'][number];

/** One test as the suite lists it: a spec in one project, its tags and its static annotations. */
export interface SuiteTest {
  /** `[project] file › describe › title`, as ReportedTest names it. */
  name: string;
  project: string;
  /** Relative to the config's test folder, with `/`, as the JSON report gives it. */
  file: string;
  /** The titles of the enclosing describes, then the test's own. */
  titlePath: string[];
  /** Without the `@`, as the JSON report gives them. */
  tags: string[];
  annotations: Annotation[];
}

const typesAndDescriptions = (annotations: Annotation[]): Annotation[] =>
  annotations.map(({ type, description }) => ({ type, description }));

/** The listing of a JSON report (`--list --reporter=json`). */
export const listedFromReport = (tests: ReportedTest[]): SuiteTest[] =>
  tests.map(({ name, project, file, titlePath, spec, test }) => ({
    name,
    project,
    file,
    titlePath,
    tags: spec.tags,
    annotations: typesAndDescriptions(test.annotations),
  }));

/** The listing of a loaded suite, with the JSON report's fields (in project order, not the report's file order). */
function listedFromSuite(rootDir: string, suite: Suite): SuiteTest[] {
  return suite.allTests().map((test) => {
    const titlePath: string[] = [test.title];
    for (let s: Suite | undefined = test.parent; s?.type === 'describe'; s = s.parent) titlePath.unshift(s.title);
    const at = { project: test.parent.project()?.name ?? '', file: relative(rootDir, test.location.file).split(sep).join('/'), titlePath };
    return {
      ...at,
      name: testName(at),
      tags: test.tags.map((tag) => tag.replace(/^@/, '')),
      annotations: typesAndDescriptions(test.annotations),
    };
  });
}

/** The listing file of this run: in its folder (settings/run.ts), removed with it. */
const listingFile = (): string | undefined => runFile('suite-listing.json');

/** In a test worker, the listing its run wrote at its start; undefined when it wrote none. */
export function runListing(): SuiteTest[] | undefined {
  const file = process.env.TEST_WORKER_INDEX === undefined ? undefined : listingFile();
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return JSON.parse(text) as SuiteTest[];
}

export default class SuiteListingReporter implements Reporter {
  onBegin(config: FullConfig, suite: Suite): void {
    const file = listingFile();
    if (file && wholeRun(config, suite) && !config.shard) writeFileSync(file, JSON.stringify(listedFromSuite(config.rootDir, suite)));
  }

  printsToStdio(): boolean {
    return false;
  }
}
