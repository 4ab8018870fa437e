// The suite as Playwright lists it, for the harness checks that read it (tests/harness/listing.spec.ts)
// and `npm run docs`: from a `playwright test --list --reporter=json` child run, or, in a whole run
// (`npm test`, no arguments), from the run itself. This reporter writes the run's own suite at its start,
// in the same shape, to a file named by the run's id, and removes it at the end: the workers' listing checks
// read it instead of listing the suite again (a child run of 5-6 CPU seconds). A run with any argument (a
// file, --grep, --project, --shard) lists no more than it runs, so it writes nothing and the checks list.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import type { ReportedTest } from './json-report.js';

/** One test as the suite lists it: a spec in one project, its tags and its static annotations. */
export interface SuiteTest {
  /** `[project] file › describe › title`, as ReportedTest names it. */
  name: string;
  project: string;
  /** Relative to the config's test folder, as the JSON report gives it. */
  file: string;
  /** The titles of the enclosing describes, then the test's own. */
  titlePath: string[];
  /** Without the `@`, as the JSON report gives them. */
  tags: string[];
  annotations: { type: string; description?: string }[];
}

/** The listing of a JSON report (`--list --reporter=json`). */
export const listedFromReport = (tests: ReportedTest[]): SuiteTest[] =>
  tests.map(({ name, project, file, titlePath, spec, test }) => ({
    name,
    project,
    file,
    titlePath,
    tags: spec.tags,
    annotations: test.annotations.map(({ type, description }) => ({ type, description })),
  }));

/** The listing of a loaded suite, as the JSON reporter would write it. */
function listedFromSuite(rootDir: string, suite: Suite): SuiteTest[] {
  const entry = (test: TestCase): SuiteTest => {
    const titlePath: string[] = [test.title];
    for (let s = test.parent; s.type === 'describe'; s = s.parent!) titlePath.unshift(s.title);
    const project = test.parent.project()?.name ?? '';
    const file = relative(rootDir, test.location.file);
    return {
      name: `[${project}] ${file} › ${titlePath.join(' › ')}`,
      project,
      file,
      titlePath,
      tags: test.tags.map((tag) => tag.replace(/^@/, '')),
      annotations: test.annotations.map(({ type, description }) => ({ type, description })),
    };
  };
  return suite.allTests().map(entry);
}

/** Where a whole run's listing is while it runs; undefined outside a run. */
const runListingFile = (): string | undefined => {
  const run = process.env.HB_RUN_ID;
  return run ? join(tmpdir(), `hb-suite-listing-${run}.json`) : undefined;
};

/** In a test worker, the listing its run wrote at its start; undefined when it wrote none (a run with arguments). */
export function runListing(): SuiteTest[] | undefined {
  const file = process.env.TEST_WORKER_INDEX === undefined ? undefined : runListingFile();
  try {
    return file ? (JSON.parse(readFileSync(file, 'utf8')) as SuiteTest[]) : undefined;
  } catch {
    return undefined;
  }
}

export default class SuiteListingReporter implements Reporter {
  private file: string | undefined;

  onBegin(config: FullConfig, suite: Suite): void {
    // playwright.config.ts puts the runner's arguments in the metadata: none is the whole suite.
    if ((config.metadata as { args?: string[] }).args?.length !== 0) return;
    this.file = runListingFile();
    if (this.file) writeFileSync(this.file, JSON.stringify(listedFromSuite(config.rootDir, suite)));
  }

  onEnd(): void {
    if (this.file) rmSync(this.file, { force: true });
  }

  printsToStdio(): boolean {
    return false;
  }
}
