// `npm run mutation`: wall seconds, and every mutant killed (reports/mutation.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, REPO_ROOT, runNode } from '../../fixtures/child-run.js';
import { timed, type Measure } from './measure.js';
import { verdict } from './report.js';

export const mutation: Measure = async () => {
  const {
    value: run,
    wallSeconds,
    cpuSeconds,
  } = await timed(() => runNode('node_modules/tsx/dist/cli.mjs', ['scripts/mutation/main.ts'], childEnv({}), 1_800_000));
  const report = JSON.parse(readFileSync(join(REPO_ROOT, 'reports', 'mutation.json'), 'utf8')) as {
    total: number;
    killed: number;
    killedOnFirstTry?: number;
    faithful: { seconds: number };
  };
  const result = { exitCode: run.status, wallSeconds, cpuSeconds, ...report };
  const value =
    `${wallSeconds} s (${cpuSeconds} CPU-s), ${report.killed}/${report.total} killed ` +
    `(${report.killedOnFirstTry ?? 0} on the first try; faithful run ${report.faithful.seconds} s)`;
  const ok = run.status === 0 && report.killed === report.total && wallSeconds <= 90;
  return { result, rows: [{ measure: 'npm run mutation, wall', value, target: '≤ 90 s, every mutant killed', status: verdict(ok) }] };
};
