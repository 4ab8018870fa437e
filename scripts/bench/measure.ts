// What every measure of `npm run bench` shares: its shape, the CPU time of the child runs it waits for,
// and the standalone mock's banner read back (`npm run mock` as a remote target).
import { readFileSync } from 'node:fs';
import type { RunningChild } from '../../fixtures/child-run.js';
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
