// The one way to run an isolated child Playwright run (or a script) for the harness and the
// scripts: a clean environment, the spawn, and the JSON report read back. `runInlineTest` runs a
// small suite written for one check, as Playwright's own repository tests its runner.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { readJsonReport, testsOf, type ReportedTest } from '../reporting/json-report.js';
import { listedFromReport, runListing, type SuiteTest } from '../reporting/suite-listing.js';
import { REPO_ROOT } from '../settings/paths.js';

export { REPO_ROOT };

/** The projects whose checks judge the service, as they run against any target (each needs `setup` first). */
export const SERVICE_PROJECTS = ['contract', 'wire', 'ui', 'flows'];

export interface ChildRun {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A fresh temporary folder for one child run's artefacts; the caller removes it (or keeps it, naming it). */
export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `hb-${prefix}-`));

const scratch: string[] = [];
/**
 * A fresh temporary folder that goes when this process exits (a test worker's, at the end of the run):
 * a harness check's scratch space, gone even when the check failed before its own clean-up.
 */
export function scratchDir(prefix: string): string {
  if (!scratch.length) process.once('exit', () => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dir = tempDir(prefix);
  scratch.push(dir);
  return dir;
}

/** Environment of a child run: the parent's, less its target and Playwright worker variables. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(HB_|TEST_|PW_|PLAYWRIGHT_)/.test(k)) env[k] = v;
  }
  // HB_ENV_FILE=none: the child reads no .env either (settings/env-file.ts); a check names its settings itself.
  return { ...env, FORCE_COLOR: '0', HB_ENV_FILE: 'none', ...extra };
}

/** `node ...args` in the repository, its output collected; `exited` resolves when it has ended. */
function spawnNode(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number) {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, timeout: timeoutMs });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<ChildRun>((done) => {
    child.on('close', (status) => done({ status, stdout, stderr, ms: Date.now() - started }));
  });
  return { child, started, output: () => `${stdout}${stderr}`, exited };
}

/** `node ...args` to its end (never rejects on a failing run). */
function runToEnd(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChildRun> {
  const { child, exited } = spawnNode(args, env, timeoutMs);
  return new Promise((done, failed) => {
    child.on('error', failed);
    void exited.then(done);
  });
}

/** Run `node <script> ...args` in the repository; resolves when it exits (never rejects on a failing run). */
export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 240_000): Promise<ChildRun> {
  return runToEnd([resolve(REPO_ROOT, script), ...args], env, timeoutMs);
}

/** A TypeScript script run as `npm run smoke` runs one, `node --import tsx <script> ...args`: one process (tsx's CLI starts two). */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ChildRun> {
  return runToEnd(['--import', 'tsx', resolve(REPO_ROOT, script), ...args], env, timeoutMs);
}

const PLAYWRIGHT_CLI = 'node_modules/@playwright/test/cli.js';

/** `playwright ...args` in a child process. */
export function runPlaywright(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<ChildRun> {
  return runNode(PLAYWRIGHT_CLI, args, env, timeoutMs);
}

/** `playwright ...args` started: for a check that acts while the run goes on. */
export function startPlaywright(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): RunningChild {
  return startNode([resolve(REPO_ROOT, PLAYWRIGHT_CLI), ...args], env, timeoutMs);
}

/** A child run of an inline suite: its output, exit status and JSON report. */
export interface InlineRun extends ChildRun {
  /** The folder the suite was written to; its artefacts land there too. */
  dir: string;
  /** stdout and stderr together. */
  output: string;
  /** The JSON report (`reportFile`); undefined when the run wrote none. */
  report: JSONReport | undefined;
  /** Every test of the report, `[project] file › title`. */
  tests: ReportedTest[];
}

export interface InlineOptions {
  /** HB_* and other variables of the child (on top of {@link childEnv}). */
  env?: Record<string, string>;
  /** More `playwright test` arguments (`--shard=1/2`). */
  args?: string[];
  timeoutMs?: number;
  /** Where the JSON reporter writes (default `report.json` in the suite's folder). */
  reportFile?: string;
}

/** The config an inline suite gets when its files hold none: this folder, one worker, dot and JSON reports. */
const DEFAULT_INLINE_CONFIG = `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', outputDir: './test-results', workers: 1, reporter: [['dot'], ['json']] });
`;

/** A repository module as an inline file imports it: its absolute path, quoted. */
export const repoModule = (path: string): string => JSON.stringify(join(REPO_ROOT, path));

/**
 * Write `files` (name → source) into `dir`, run `playwright test` on them with `dir`'s
 * `playwright.config.ts` (written from {@link DEFAULT_INLINE_CONFIG} when absent), and read the
 * JSON report back. A config of its own must list the `json` reporter without an output file.
 */
export async function runInlineTest(dir: string, files: Record<string, string>, options: InlineOptions = {}): Promise<InlineRun> {
  const all = { 'playwright.config.ts': DEFAULT_INLINE_CONFIG, ...files };
  for (const [name, source] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), source);
  }
  const reportFile = options.reportFile ?? join(dir, 'report.json');
  const run = await runPlaywright(
    ['test', '--config', join(dir, 'playwright.config.ts'), ...(options.args ?? [])],
    childEnv({ PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile, ...options.env }),
    options.timeoutMs ?? 240_000,
  );
  const report = readJsonReport(reportFile);
  return { ...run, dir, output: `${run.stdout}\n${run.stderr}`, report, tests: testsOf(report) };
}

/** A child process still running: its output so far, a wait for a line, and a stop by signal. */
export interface RunningChild {
  pid: number;
  output(): string;
  /** Resolves with the first match of `pattern` in stdout + stderr; rejects when the child exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Send `signal` and resolve when the child has exited. */
  stop(signal?: NodeJS.Signals): Promise<ChildRun>;
  /** Resolves when the child has exited by itself (or was killed after its time ran out). */
  exited: Promise<ChildRun>;
}

/** Start `node ...args` in the repository (e.g. `--import tsx scripts/proxy.ts`) without waiting for it; killed after `timeoutMs`. */
export function startNode(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): RunningChild {
  const { child, started, output, exited } = spawnNode(args, env, timeoutMs);
  return {
    pid: child.pid ?? -1,
    output,
    exited,
    waitFor: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const m = pattern.exec(output());
          if (m) {
            clearInterval(timer);
            resolve(m);
          } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
            clearInterval(timer);
            const why = child.exitCode === null ? 'time out' : `exit ${child.exitCode}`;
            reject(new Error(`no ${pattern} in the child's output (${why}):\n${output()}`));
          }
        }, 50);
      }),
    stop: (signal = 'SIGINT') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Every test of every project, as `playwright test --list` gives it: in a whole run's worker, the run's own listing;
 * else one child run. Throws when the listing fails.
 */
export async function listSuite(timeoutMs = 180_000): Promise<SuiteTest[]> {
  const inRun = runListing();
  if (inRun) return inRun;
  const dir = tempDir('listing');
  const reportFile = join(dir, 'listing.json');
  try {
    const run = await runPlaywright(
      ['test', '--list', '--reporter=json'],
      childEnv({ PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile, HB_REPORTS_DIR: join(dir, 'reports') }),
      timeoutMs,
    );
    const report = readJsonReport(reportFile);
    if (run.status !== 0 || !report) throw new Error(`playwright test --list failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
    return listedFromReport(testsOf(report));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
