// A reporter for `playwright test --list` (npm run docs): every test's static annotations,
// written as JSON to HB_SOURCES_OUT. Runs nothing.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { FullConfig, Reporter, Suite } from '@playwright/test/reporter';

export interface ListedTest {
  project: string;
  file: string;
  title: string;
  annotations: { type: string; description?: string }[];
}

export default class SourcesReporter implements Reporter {
  private rootDir = '';

  onBegin(config: FullConfig, suite: Suite): void {
    this.rootDir = config.rootDir;
    const out = process.env.HB_SOURCES_OUT;
    if (!out) throw new Error('sources-reporter: set HB_SOURCES_OUT to the file to write');
    const tests: ListedTest[] = suite.allTests().map((t) => ({
      project: t.parent.project()?.name ?? '',
      file: relative(this.rootDir, t.location.file),
      title: t.titlePath().slice(3).join(' › '),
      annotations: t.annotations.map(({ type, description }) => ({ type, description })),
    }));
    writeFileSync(out, JSON.stringify(tests));
  }

  printsToStdio(): boolean {
    return false;
  }
}
