// What every measure of `npm run bench` shares: its shape, the CPU time of the child runs it waits for,
// and the standalone mock's banner read back (`npm run mock` as a remote target).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runPlaywright, SERVICE_PROJECTS, type RunningChild } from '../child-runs/child-run.js';
import { firstLine, readJsonReport, testsOf } from '../reporting/json-report.js';
import type { BenchOptions } from './options.js';
import type { Row } from './report.js';

/** A measure's raw result (for reports/bench.json) and its rows of the table. */
interface Measured {
  result: unknown;
  rows: Row[];
}
export type Measure = (o: BenchOptions) => Promise<Measured>;

/** CPU seconds (user, system) of this process's waited-for children so far (Linux: /proc/self/stat). */
function childCpu(): { user: number; system: number } {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // Fields 16 and 17 of stat(5) (cutime, cstime), counted from 3 after the name; clock ticks of 1/100 s.
    return { user: Number(fields[13]) / 100, system: Number(fields[14]) / 100 };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** `run`'s value, wall seconds and the CPU seconds of the children it waited for. */
export async function timed<T>(run: () => Promise<T>): Promise<{ value: T; wallSeconds: number; cpuSeconds: number }> {
  const cpu0 = childCpu();
  const started = performance.now();
  const value = await run();
  const cpu1 = childCpu();
  const cpu = cpu1.user - cpu0.user + (cpu1.system - cpu0.system);
  return { value, wallSeconds: Math.round((performance.now() - started) / 100) / 10, cpuSeconds: Math.round(cpu * 10) / 10 };
}

/** Target variables of a suite run against a started `npm run mock`, read from its banner. */
export async function mockTarget(mock: RunningChild): Promise<{ url: string; env: Record<string, string> }> {
  await mock.waitFor(/^Faults on:/m, 60_000);
  const out = mock.output();
  const field = (re: RegExp) => re.exec(out)?.[1] ?? '';
  const url = field(/listening on (\S+)/);
  return {
    url,
    env: {
      HB_BASE_URL: url,
      HB_EMAIL: field(/email:\s+(\S+)/),
      HB_PASSWORD: field(/password:\s+(\S+)/),
      HB_HALL_ID: field(/hall id:\s+(\S+)/),
      HB_ALLOW_WRITES: 'true',
      HB_TEST_CUSTOMER_ID: field(/HB_TEST_CUSTOMER_ID=(\S+)/),
    },
  };
}

/** A run of the service suite: its exit code, wall seconds and the tests that failed (`[project] file › title: the error's first line`). */
export interface ServiceRun {
  exitCode: number | null;
  wallSeconds: number;
  failed: string[];
}

/** The service suite (setup and the service projects) in a child run with `vars`, its artefacts in `dir`. */
export async function serviceSuite(dir: string, vars: Record<string, string>): Promise<ServiceRun> {
  const reportFile = join(dir, 'report.json');
  const env = childEnv({
    HB_STORAGE_STATE: join(dir, 'state.json'),
    HB_REPORTS_DIR: join(dir, 'reports'),
    PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
    ...vars,
  });
  const args = [
    'test',
    ...['setup', ...SERVICE_PROJECTS].map((p) => `--project=${p}`),
    // No retry: a test that passes only on a second try is a failure here too.
    '--retries=0',
    '--reporter=dot,json',
    `--output=${join(dir, 'output')}`,
  ];
  const { value: run, wallSeconds } = await timed(() => runPlaywright(args, env, 900_000));
  const failed = testsOf(readJsonReport(reportFile))
    .filter((t) => t.test.status === 'unexpected')
    .map((t) => {
      const error = firstLine(t.test.results.find((r) => r.error)?.error?.message);
      return error ? `${t.name}: ${error}` : t.name;
    });
  return { exitCode: run.status, wallSeconds, failed };
}

/** `, NOT GREEN (2 failed: …)` for a run that failed, naming its first failures; empty for a green one. */
export const notGreen = (r: ServiceRun): string =>
  r.exitCode !== 0 ? `, NOT GREEN (${r.failed.length} failed${r.failed.length ? `: ${r.failed.slice(0, 3).join('; ')}` : ''})` : '';
