// The canary: one child run of a small inline suite per suite run, shared by every harness check
// that only inspects artefacts (shard merge, summary, Allure history, leak scan, coverage gate).
// Those checks form the `artefacts` project, one worker, whose worker fixture runs it once. A check
// that needs another outcome adds an inline file to CANARY_FILES.
import { randomBytes } from 'node:crypto';
import { cpSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { childEnv, REPO_ROOT, runInlineTest, runScript, scratchDir, type ChildRun } from '../../../../child-runs/child-run.js';
import { canaryConfig } from './config.js';
import { COVERAGE_FILES } from './coverage-file.js';
import { LEAK_FILES } from './leak-file.js';
import { RETRIED_TITLE, SUMMARY_FILE, SUMMARY_FILES } from './summary-file.js';

/** The inline suite: file name → source. One entry per check's file. */
const CANARY_FILES: Record<string, string> = {
  ...SUMMARY_FILES,
  ...LEAK_FILES,
  ...COVERAGE_FILES,
};

/** What the canary left: its folders, the planted password, the run and the report steps after it. */
export interface Canary {
  /** The inline suite. */
  dir: string;
  /** The run's HB_REPORTS_DIR (HTML, JUnit, JSON, blob, Allure results, summary.json, coverage.json). */
  reports: string;
  /** The run's output folder (traces, screenshots, error contexts). */
  results: string;
  /**
   * `npm run report -- --merge` of the canary's blob, then `npm run report` there again, as a person runs it after a
   * run: the second report adds to the Allure history.
   */
  merged: string;
  password: string;
  /** Every ticket and token the canary's mocks issued, one a line. */
  secretsLog: string;
  /** The session the probe saved after its login (HB_STORAGE_STATE of the run). */
  storageState: string;
  run: ChildRun;
  report: JSONReport;
  merges: ChildRun[];
}

/**
 * Run the canary in a fresh temporary folder, outside the suite run's output folder (so the run's own scrub
 * never masks what the leak check scans); the repository's packages are linked into it.
 */
export async function runCanary(): Promise<Canary> {
  const dir = scratchDir('canary');
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // ES modules, as in the repository.
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const password = `canary-${randomBytes(9).toString('base64url')}`;
  const paths = {
    dir,
    reports: join(dir, 'reports'),
    results: join(dir, 'reports', 'test-results'),
    merged: join(dir, 'merged'),
    secretsLog: join(dir, 'issued-secrets.txt'),
    storageState: join(dir, 'state.json'),
  };
  const inline = await runInlineTest(
    dir,
    { ...CANARY_FILES, 'playwright.config.ts': canaryConfig(new RegExp(SUMMARY_FILE.replace('.', '\\.')), new RegExp(RETRIED_TITLE)) },
    {
      // Seconds on an idle machine; minutes on a busy one.
      timeoutMs: 600_000,
      reportFile: join(paths.reports, 'report.json'),
      // One shard of one, as a CI shard runs: it writes the blob the merge takes.
      args: ['--shard=1/1'],
      env: {
        CI: '1',
        HB_MOCK_PASSWORD: password,
        HB_SECRETS_LOG: paths.secretsLog,
        HB_REPORTS_DIR: paths.reports,
        HB_STORAGE_STATE: paths.storageState,
      },
    },
  );
  if (!inline.report) throw new Error(`the canary wrote no JSON report (exit ${inline.status}):\n${inline.output}`);
  const merges: ChildRun[] = [];
  // The gate's scope is the canary config's; the merge's coverage is checked by the shard check.
  const env = childEnv({ HB_REPORTS_DIR: paths.merged, HB_MOCK_PASSWORD: password, HB_COVERAGE_GATE: 'off' });
  merges.push(await runScript('scripts/report.ts', ['--merge', paths.reports], env, 240_000));
  // The second report: the merge's folder holds the shard's Allure results now, as a run's reports folder does.
  cpSync(join(paths.reports, 'allure-results'), join(paths.merged, 'allure-results'), { recursive: true });
  merges.push(await runScript('scripts/report.ts', [], env, 240_000));
  const { stdout, stderr, status, ms } = inline;
  return { ...paths, password, run: { stdout, stderr, status, ms }, report: inline.report, merges };
}
