// The run's Allure reporter: allure-playwright as it is, but writing its results without an fsync per
// file. Its own writer flushes each of a run's ~2,500 files to disk before it returns, in the runner's
// one thread: measured here, 10 to 12 s a run in which the runner dispatches no test and takes no result.
// The files are still published whole (written aside, then renamed), so a reader never sees half of one;
// only a machine that loses power mid-run can lose them, as it loses the rest of the run.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import { AllureReporter as AllurePlaywright } from 'allure-playwright';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';

/** Allure's results folder layout, each file published whole, none flushed to disk. */
export class ResultsWriter implements Writer {
  constructor(private readonly dir: string) {}

  private publish(name: string, write: (path: string) => void): void {
    mkdirSync(this.dir, { recursive: true });
    const aside = join(this.dir, `.allure-write-${randomUUID()}.tmp`);
    write(aside);
    renameSync(aside, join(this.dir, name));
  }

  private json(name: string, data: unknown): void {
    this.publish(name, (path) => writeFileSync(path, JSON.stringify(data)));
  }

  writeResult: Writer['writeResult'] = (result) => this.json(`${result.uuid}-result.json`, result);
  writeGroup: Writer['writeGroup'] = (group) => this.json(`${group.uuid}-container.json`, group);
  writeGlobals: Writer['writeGlobals'] = (name, info) => this.json(name, info);
  writeCategoriesDefinitions: Writer['writeCategoriesDefinitions'] = (categories) => this.json('categories.json', categories);
  writeEnvironmentInfo: Writer['writeEnvironmentInfo'] = (info) =>
    this.publish('environment.properties', (path) => writeFileSync(path, stringifyEnvInfo(info)));
  writeAttachment: Writer['writeAttachment'] = (name, content) => this.publish(name, (path) => writeFileSync(path, content));
  writeAttachmentFromPath: Writer['writeAttachmentFromPath'] = (name, from) => this.publish(name, (path) => copyFileSync(from, path));
}

export default class AllureReporter extends AllurePlaywright {
  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    // allure-playwright makes its runtime, and the runtime's writer, here; the writer is a public field of it.
    const runtime = (this as unknown as { allureRuntime?: { writer?: Writer } }).allureRuntime;
    if (runtime?.writer) runtime.writer = new ResultsWriter(this.options.resultsDir ?? 'allure-results');
  }
}
