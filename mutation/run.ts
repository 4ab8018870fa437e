// One isolated `playwright test` of `npm run mutation`, through the shared child-run module: its own
// output folder, storage state, reports folder and JSON report, no retries, a clean environment.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { childEnv, runPlaywright, tempDir } from '../child-runs/child-run.js';
import { readJsonReport } from '../reporting/json-report.js';

export interface SuiteRun {
  /** Exit code; null when the run was stopped (its time ran out). */
  code: number | null;
  ms: number;
  timedOut: boolean;
  /** The run's JSON report; undefined when it died before writing one. */
  report?: JSONReport;
  /** The end of its stderr, which says why a run died. */
  stderr: string;
}

export interface SuiteRunOptions {
  /** Playwright arguments after `test` (projects, `--config`). */
  args: string[];
  workers: number;
  /** Stop at the first failing test (`--max-failures=1`): a killed mutant's run ends there. */
  stopAtFirst: boolean;
  timeoutMs: number;
  /** Variables for the run on top of the clean environment (HB_MOCK_MUTANT, HB_MUTATION_PLAN). */
  env?: Record<string, string>;
}

export async function runSuite(label: string, o: SuiteRunOptions): Promise<SuiteRun> {
  const dir = tempDir(`mutation-${label}`);
  const reportFile = join(dir, 'report.json');
  const args = [
    'test',
    '--reporter=json',
    `--output=${join(dir, 'output')}`,
    `--workers=${o.workers}`,
    '--retries=0',
    ...(o.stopAtFirst ? ['--max-failures=1'] : []),
    ...o.args,
  ];
  const env = childEnv({
    ...o.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
    HB_STORAGE_STATE: join(dir, 'state.json'),
    HB_REPORTS_DIR: join(dir, 'reports'),
    CI: '', // the CI retry would let a killed test pass on its second try
  });
  try {
    const run = await runPlaywright(args, env, o.timeoutMs);
    return {
      code: run.status,
      ms: run.ms,
      timedOut: run.status === null && run.ms >= o.timeoutMs,
      report: readJsonReport(reportFile),
      stderr: run.stderr.slice(-4000),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
