// allure-playwright, writing its results without an fsync per file: its own writer flushes each of a run's
// ~2,500 files to disk in the runner's one thread (10-12 s of an npm test with no test dispatched). Files are
// still published whole (written aside, then renamed); only a machine losing power mid-run can lose them.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import { AllureReporter as AllurePlaywright } from 'allure-playwright';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';

/** Allure's results folder layout, each file published whole, none flushed to disk. */
class ResultsWriter implements Writer {
  constructor(private readonly dir: string) {}

  private publish(name: string, write: (path: string) => void): void {
    mkdirSync(this.dir, { recursive: true });
    const aside = join(this.dir, `.allure-write-${randomUUID()}.tmp`);
    try {
      write(aside);
      renameSync(aside, join(this.dir, name));
    } catch (error) {
      rmSync(aside, { force: true });
      throw error;
    }
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
    // The writer of Allure's own test mode (ALLURE_TEST_MODE) stays; a version that moved the field fails here, not slowly.
    const runtime = (this as unknown as { allureRuntime?: { writer?: Writer } }).allureRuntime;
    if (!runtime?.writer) throw new Error('reporting/allure-playwright.ts: allure-playwright has no allureRuntime.writer after onBegin');
    if (!process.env.ALLURE_TEST_MODE) runtime.writer = new ResultsWriter(this.options.resultsDir ?? 'allure-results');
  }
}
