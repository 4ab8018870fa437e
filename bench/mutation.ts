// `npm run mutation`: wall seconds, and every mutant killed (reports/mutation.json).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { childEnv, runNode } from '../child-runs/child-run.js';
import { REPORT } from '../mutation/report.js';
import { timed, type Measure } from './measure.js';
import { verdict } from './report.js';

export const mutation: Measure = async () => {
  const started = Date.now();
  const {
    value: run,
    wallSeconds,
    cpuSeconds,
  } = await timed(() => runNode('node_modules/tsx/dist/cli.mjs', ['scripts/mutation.ts'], childEnv({}), 1_800_000));
  // The report of this run, not one an earlier run left.
  if (!existsSync(REPORT) || statSync(REPORT).mtimeMs < started) {
    // Stopped before any mutant (the faithful run not green): its own lines say why.
    const why = `${run.stdout}${run.stderr}`.split('\n').filter((l) => /NOT GREEN|✗|^ {6}\S|mutation:/.test(l));
    const value = `${wallSeconds} s, exit ${run.status}, no score: ${why.slice(-6).join(' | ').replace(/\s+/g, ' ')}`;
    return {
      result: { exitCode: run.status, wallSeconds, cpuSeconds },
      rows: [{ measure: 'npm run mutation, wall', value, target: 'every mutant killed', status: verdict(false) }],
    };
  }
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as {
    total: number;
    killed: number;
    killedOnFirstTry?: number;
    faithful: { seconds: number };
  };
  const result = { exitCode: run.status, wallSeconds, cpuSeconds, ...report };
  const value =
    `${wallSeconds} s (${cpuSeconds} CPU-s), ${report.killed}/${report.total} killed ` +
    `(${report.killedOnFirstTry ?? 0} on the first try; faithful run ${report.faithful.seconds} s)`;
  const ok = run.status === 0 && report.killed === report.total;
  return { result, rows: [{ measure: 'npm run mutation, wall', value, target: 'every mutant killed', status: verdict(ok) }] };
};
