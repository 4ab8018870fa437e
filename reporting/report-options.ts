// What the Allure report says about a run, in one place: the environment (target
// without credentials, hall id, versions), a feature per test (from the registry
// domain of the endpoint id its title names), and the failure categories.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestResult } from 'allure-js-commons';
import type { AllureReporter } from 'allure-playwright';
import { registry, type Domain } from '../contracts/registry.js';
import { DEFAULT_CREDENTIALS, MOCK_HALL_ID } from '../mock-server/state.js';
import type { HbEnv } from '../settings/env.js';
import { displayUrl, REPO_ROOT } from '../settings/paths.js';

/** A path under the reports folder (HB_REPORTS_DIR, default `reports/`, relative to the repository). */
export const reportsPath = (env: HbEnv, ...parts: string[]): string => resolve(REPO_ROOT, env.reportsDir, ...parts);

/** The Allure report `npm run report` writes under the reports folder (scripts/report.ts), and only it. */
export const ALLURE_REPORT = 'allure-report';

/** The Allure history (one JSON line per report) under the reports folder: outside what a run or a report clears. */
export const ALLURE_HISTORY = ['history', 'allure-history.jsonl'] as const;

/** Feature names the report groups by; registry domains map onto them. */
const FEATURE_BY_DOMAIN: Record<Domain, string> = {
  account: 'auth',
  bookings: 'bookings',
  customers: 'customers',
  catalog: 'hall configuration',
  rooms: 'rooms',
  scheduler: 'scheduler',
};

/** Projects whose tests are about a layer rather than one endpoint. */
const FEATURE_BY_PROJECT: Record<string, string> = { wire: 'wire', setup: 'auth', harness: 'harness', artefacts: 'harness' };

const domainById = new Map(registry.map((e) => [e.id, e.domain] as const));

/**
 * The feature of a test: its project's, for projects about a layer; else the domain of
 * the first registry id its title path names (titles are subject first: CONTRIBUTING.md, Tests);
 * else the project name.
 */
export function featureOf(project: string | undefined, titlePath: string): string {
  if (project && FEATURE_BY_PROJECT[project]) return FEATURE_BY_PROJECT[project];
  for (const word of titlePath.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) {
    const domain = domainById.get(word);
    if (domain) return FEATURE_BY_DOMAIN[domain];
  }
  return project ?? 'other';
}

const versionOf = (pkg: string): string =>
  (JSON.parse(readFileSync(resolve(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

/** Key/values for Allure's environment panel (written as environment.properties). */
function environmentInfo(env: HbEnv): Record<string, string> {
  const remote = env.target.kind === 'remote' ? env.target : null;
  return {
    target: remote ? displayUrl(remote.baseUrl) : 'built-in mock (a fresh one per worker)',
    'target.kind': remote ? 'remote' : 'mock',
    'hall.id': String(remote ? remote.hallId : MOCK_HALL_ID),
    'writes.allowed': String(env.allowWrites),
    'contracts.strict': String(env.strictContracts),
    node: process.version,
    playwright: versionOf('@playwright/test'),
    'allure-playwright': versionOf('allure-playwright'),
    ci: process.env.CI ? 'yes' : 'no',
    // Written by reporting/coverage-reporter.ts beside the report.
    coverage: `${env.reportsDir}/coverage.html: what the run exercised of each endpoint, parameter value, status and field`,
  };
}

/** The password this run logs in with (the mock's, unless a remote target is set). */
export function runPassword(env: HbEnv): string {
  return env.target.kind === 'remote' ? env.target.password : (env.mockPassword ?? DEFAULT_CREDENTIALS.password);
}

/** Category names that the quality gate and reports/summary.json single out. */
export const CONTRACT_BREAKS = 'Contract breaks';
const DRIFT = 'Drift (unknown keys, shapes off their baseline)';

/** A category matcher for failed and broken results only (a skip reason is a message too). */
const failing = (m: { message?: RegExp; trace?: RegExp }) => ({ statuses: ['failed', 'broken'] as const, ...m });

/**
 * Failure categories for the Allure 3 report (allurerc.ts), first match wins. Messages name
 * the error class (client/errors.ts); Playwright's locator and expect timeouts mark UI failures.
 */
export const CATEGORIES = [
  { name: DRIFT, matchers: [failing({ message: /drift|unknown keys? \(HB_STRICT_CONTRACTS|left its baseline shape|unrecognized key/i })] },
  {
    name: CONTRACT_BREAKS,
    matchers: [
      failing({ message: /ContractError|UnexpectedStatusError|breaks the contract|the contract expects/ }),
      failing({ trace: /ContractError|UnexpectedStatusError/ }),
    ],
  },
  {
    name: 'Transport failures',
    matchers: [
      failing({ message: /TransportError|no HTTP answer|ECONNREFUSED|ECONNRESET|socket hang up/ }),
      failing({ trace: /TransportError/ }),
    ],
  },
  {
    name: 'UI failures',
    matchers: [failing({ message: /locator|Timeout \d+ms exceeded|waiting for|toBeVisible|toHaveURL|toHaveText|page\.goto|net::ERR_/ })],
  },
  { name: 'Other failures', matchers: [failing({})] },
];

/**
 * The category of a result as the Allure report sorts it (first match wins), or undefined for
 * a result that did not fail. One rule for the report, its quality gate and reports/summary.json.
 */
export function categoryOf(status: string, message = '', trace = ''): string | undefined {
  for (const category of CATEGORIES) {
    const hit = category.matchers.some(
      (m: { statuses: readonly string[]; message?: RegExp; trace?: RegExp }) =>
        m.statuses.includes(status) && (!m.message || m.message.test(message)) && (!m.trace || m.trace.test(trace)),
    );
    if (hit) return category.name;
  }
  return undefined;
}

/** The quality gate's filter (allurerc.ts): a failed Allure result filed under "Contract breaks"; drift is not one. */
export const isContractBreak = (tr: { status: string; error?: { message?: string; trace?: string } }): boolean =>
  categoryOf(tr.status, tr.error?.message, tr.error?.trace) === CONTRACT_BREAKS;

/** Adds the feature label to every result that has none (one place for all specs). */
const featureListener = {
  beforeTestResultWrite(result: TestResult): void {
    if (result.labels.some((l) => l.name === 'feature')) return;
    const project = result.labels.find((l) => l.name === 'parentSuite')?.value;
    result.labels.push({ name: 'feature', value: featureOf(project, `${result.name} ${result.fullName ?? ''}`) });
  },
};

/** The attachment a failed test's evidence fixture adds (fixtures/evidence.ts): shown first. */
export const FAILING_EXCHANGE = 'failing-exchange';
/** The annotation naming the file that holds the failing exchange whole (the closing summary prints it). */
export const EVIDENCE_FILE = 'evidence-file';
/** The annotation naming a failed test's cause (client/evidence/cause.ts): the summary shows one entry per cause. */
export const ROOT_CAUSE = 'root-cause';
/** The annotation naming a request still without an answer when its test ended (a hung target): method, URL, seconds. */
export const UNANSWERED = 'unanswered';

type Steps = TestResult['steps'];
const takeStep = (steps: Steps, name: string): Steps[number] | undefined => {
  for (const [i, step] of steps.entries()) {
    if (step.name === name && step.attachments.length) return steps.splice(i, 1)[0];
    const inner = takeStep(step.steps, name);
    if (inner) return inner;
  }
  return undefined;
};

/** Moves the failing exchange from the after hooks, where the fixture attached it, to the top of the test. */
const failingExchangeFirst = {
  beforeTestResultWrite(result: TestResult): void {
    const step = takeStep(result.steps, FAILING_EXCHANGE);
    if (step) result.steps.unshift(step);
  },
};

/** Options of the allure-playwright reporter. */
export function allureOptions(env: HbEnv, resultsDir: string): AllureReporter['options'] {
  return {
    resultsDir,
    detail: true,
    suiteTitle: true,
    environmentInfo: environmentInfo(env),
    listeners: [featureListener, failingExchangeFirst],
  };
}
