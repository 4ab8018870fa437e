// The service suite against `npm run mock` as a remote target, every answer delayed by 0 ms and by
// --latency ms (the fault vocabulary's `delay` on every path): wall seconds, requests, and their ratio.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, startNode, tempDir } from '../child-runs/child-run.js';
import { FAULTS_PATH } from '../mock-server/faults.js';
import { mockTarget, notGreen, serviceSuite, type Measure } from './measure.js';
import { round, verdict } from './report.js';

/** Requests in flight against a remote target: the default of HB_MAX_CONCURRENCY. */
const CAP = 2;

async function stagingRun(ms: number) {
  const dir = tempDir(`bench-staging-${ms}`);
  // A busy hall, as a staging server in office hours (mock-server/busy.ts): the whole suite, writes allowed, no retry.
  const mock = startNode(['--import', 'tsx', 'mock-server/cli.ts', '--port', '0', '--busy', '--fault', `delay=${ms}`], childEnv({}));
  let keep = false;
  try {
    const { url, env } = await mockTarget(mock);
    const run = await serviceSuite(dir, env);
    const faults = (await (await fetch(`${url}${FAULTS_PATH}`)).json()) as { faults: { hits: number }[] };
    // A run that was not green keeps its JSON report and output folder, for its errors and traces.
    keep = run.exitCode !== 0;
    return { latencyMs: ms, ...run, requests: faults.faults[0]?.hits ?? 0, ...(keep ? { kept: dir } : {}) };
  } finally {
    await mock.stop('SIGTERM');
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The pass again, after the measures it is the unit of (npm test, mutation, .ci/run): the machine's speed drifts
 * within minutes here, so the unit is the mean of the pass before them and this one, and their ratio is said.
 */
export async function closingPass(): Promise<{ wallSeconds: number; exitCode: number | null }> {
  const { wallSeconds, exitCode } = await stagingRun(0);
  return { wallSeconds, exitCode };
}

export const staging: Measure = async (o) => {
  const fast = await stagingRun(0);
  const slow = await stagingRun(o.latencyMs);
  const ratio = round(slow.wallSeconds / fast.wallSeconds, 2);
  // The fastest a run can be when every answer takes the latency and at most CAP requests are in flight.
  const floor = round((slow.requests * o.latencyMs) / 1000 / CAP, 1);
  const kept = (r: typeof fast) => (r.kept ? ` (its errors: ${join(r.kept, 'report.json')}, traces under ${join(r.kept, 'output')})` : '');
  const line = (r: typeof fast) => `${r.wallSeconds} s, ${r.requests} requests${notGreen(r)}${kept(r)}`;
  return {
    result: { fast, slow, ratio, floorSeconds: floor, ofFloor: round(slow.wallSeconds / floor, 2) },
    rows: [
      { measure: 'staging-like run, 0 ms (the service pass)', value: line(fast), target: 'green', status: verdict(fast.exitCode === 0) },
      {
        measure: `staging-like run, ${o.latencyMs} ms per answer`,
        value: `${line(slow)}; its floor ${floor} s (requests × latency / ${CAP})`,
      },
      { measure: `  ${o.latencyMs} ms / 0 ms`, value: `${ratio}×` },
    ],
  };
};
