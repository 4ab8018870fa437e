// allure-playwright, writing its results without an fsync per file: its own writer flushes each of a run's
// ~2,500 files to disk in the runner's one thread (10-12 s of an npm test with no test dispatched). Files are
// still published whole (written aside, then renamed); only a machine losing power mid-run can lose them.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import { AllureReporter as AllurePlaywright } from 'allure-playwright';
import { stringifyEnvInfo, type ShallowStepsStack, type Writer } from 'allure-js-commons/sdk/reporter';
import { EVIDENCE_FILE, ROOT_CAUSE, UNANSWERED } from './report-options.js';

type AllureStep = { status?: string; steps: AllureStep[] };
/** A step allure-playwright makes only to hold an attachment has no status (Allure shows `unknown`): it passed. */
const holdersPassed = (steps: AllureStep[]): void => {
  for (const step of steps) {
    step.status ??= 'passed';
    holdersPassed(step.steps);
  }
};

/**
 * Allure's results folder layout, each file published whole, none flushed to disk; a test's annotations made while it
 * ran (its cause, its evidence file, a request that never ended) shown as parameters, outside its history id.
 */
class ResultsWriter implements Writer {
  /** The annotations made while each test ran, by its Allure result's uuid. */
  readonly notes = new Map<string, { type: string; description?: string }[]>();

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

  writeResult: Writer['writeResult'] = (result) => {
    holdersPassed(result.steps);
    for (const { type, description } of this.notes.get(result.uuid) ?? [])
      if (description && !result.parameters.some((p) => p.name === type))
        result.parameters.push({ name: type, value: description, excluded: true });
    this.notes.delete(result.uuid);
    this.json(`${result.uuid}-result.json`, result);
  };
  writeGroup: Writer['writeGroup'] = (group) => this.json(`${group.uuid}-container.json`, group);
  writeGlobals: Writer['writeGlobals'] = (name, info) => this.json(name, info);
  writeCategoriesDefinitions: Writer['writeCategoriesDefinitions'] = (categories) => this.json('categories.json', categories);
  writeEnvironmentInfo: Writer['writeEnvironmentInfo'] = (info) =>
    this.publish('environment.properties', (path) => writeFileSync(path, stringifyEnvInfo(info)));
  writeAttachment: Writer['writeAttachment'] = (name, content) => this.publish(name, (path) => writeFileSync(path, content));
  writeAttachmentFromPath: Writer['writeAttachmentFromPath'] = (name, from) => this.publish(name, (path) => copyFileSync(from, path));
}

/** The evidence fixture's annotations (fixtures/evidence.ts), shown on the test's page. */
const RUNTIME_NOTES = new Set([ROOT_CAUSE, EVIDENCE_FILE, UNANSWERED]);

/** What this reporter uses of allure-playwright's inside, besides the writer: how it files an attachment under a step. */
interface AllureInside {
  allureResultsUuids: Map<string, string>;
  pwStepUuid: Map<TestStep, string>;
  queueAttachmentTask(testId: string, task: Promise<void>): void;
  processAttachment(testUuid: string | undefined, stepUuid: string | undefined, attachment: Attachment): Promise<void>;
  /** A step of a fixture (the hooks' steps) is on one of these stacks, the step ending on top. */
  beforeHooksStepsStack: Map<string, ShallowStepsStack>;
  afterHooksStepsStack: Map<string, ShallowStepsStack>;
  addAttachmentToHookStep(test: TestCase, hookStep: { uuid: string; hookScope: HookScope }, attachment: Attachment): void;
}
type Attachment = TestResult['attachments'][number];
type HookScope = 'before' | 'after';

/** Whether `step` is a fixture's, before or after the test (Playwright's root step of the hooks names it), and not a worker's cleanup. */
function hookScope(step: TestStep): HookScope | undefined {
  let root = step;
  for (; root.parent; root = root.parent) if (root.title === 'Worker Cleanup') return undefined;
  return root.title === 'Before Hooks' ? 'before' : root.title === 'After Hooks' ? 'after' : undefined;
}

export default class AllureReporter extends AllurePlaywright {
  /** Attachments filed under their step already: the test's end leaves them (the runner hands a step and its test one object). */
  private readonly filed = new WeakSet<Attachment>();

  private get inside(): AllureInside {
    return this as unknown as AllureInside;
  }

  /**
   * A step's own attachments (`test.step(…, async (step) => step.attach(…))`, the suite's exchanges: fixtures/evidence.ts)
   * go under that step, as an attachment in a step of its own does; allure-playwright alone puts them at the test's end.
   */
  override onStepEnd(test: TestCase, result: TestResult, step: TestStep): void {
    if (step.category === 'test.step' && step.attachments.length) this.fileUnder(test, step);
    super.onStepEnd(test, result, step);
  }

  private writer?: ResultsWriter;

  override onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    const uuid = this.inside.allureResultsUuids.get(test.id);
    const runtime = result.annotations.filter((a) => RUNTIME_NOTES.has(a.type));
    if (uuid && runtime.length) this.writer?.notes.set(uuid, runtime);
    return super.onTestEnd(test, { ...result, attachments: result.attachments.filter((a) => !this.filed.has(a)) });
  }

  private fileUnder(test: TestCase, step: TestStep): void {
    const { inside } = this;
    const stepUuid = inside.pwStepUuid.get(step);
    const scope = stepUuid ? undefined : hookScope(step);
    // A hook's step is the one on top of its stack when it ends, unless steps overlap: then it is left to the test's end.
    const top = scope && (scope === 'before' ? inside.beforeHooksStepsStack : inside.afterHooksStepsStack).get(test.id)?.currentStep();
    const hookStepUuid = top?.name === step.title ? top.uuid : undefined;
    if (!stepUuid && !hookStepUuid) return;
    const testUuid = inside.allureResultsUuids.get(test.id);
    for (const attachment of step.attachments) {
      if (stepUuid) inside.queueAttachmentTask(test.id, inside.processAttachment(testUuid, stepUuid, attachment));
      else if (hookStepUuid && scope) inside.addAttachmentToHookStep(test, { uuid: hookStepUuid, hookScope: scope }, attachment);
      this.filed.add(attachment);
    }
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    const inside = [
      'allureResultsUuids',
      'pwStepUuid',
      'queueAttachmentTask',
      'processAttachment',
      'beforeHooksStepsStack',
      'afterHooksStepsStack',
      'addAttachmentToHookStep',
    ] as const;
    const missing = inside.filter((key) => !(key in this));
    if (missing.length) throw new Error(`reporting/allure-playwright.ts: allure-playwright has no ${missing.join(', ')}`);
    // allure-playwright makes its runtime, and the runtime's writer, here; the writer is a public field of it.
    // The writer of Allure's own test mode (ALLURE_TEST_MODE) stays; a version that moved the field fails here, not slowly.
    const runtime = (this as unknown as { allureRuntime?: { writer?: Writer } }).allureRuntime;
    if (!runtime?.writer) throw new Error('reporting/allure-playwright.ts: allure-playwright has no allureRuntime.writer after onBegin');
    if (process.env.ALLURE_TEST_MODE) return;
    this.writer = new ResultsWriter(this.options.resultsDir ?? 'allure-results');
    runtime.writer = this.writer;
  }
}
