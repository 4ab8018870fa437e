// The service suite against `npm run mock` as a remote target, every answer delayed by 0 ms and by
// --latency ms (the fault vocabulary's `delay` on every path): wall seconds, requests, and their ratio.
import { rmSync } from 'node:fs';
import { childEnv, startNode, tempDir } from '../child-runs/child-run.js';
import { FAULTS_PATH } from '../mock-server/faults.js';
import { mockTarget, notGreen, serviceSuite, type Measure } from './measure.js';
import { round, verdict } from './report.js';

async function stagingRun(ms: number) {
  const dir = tempDir(`bench-staging-${ms}`);
  const mock = startNode(['--import', 'tsx', 'mock-server/cli.ts', '--port', '0', '--fault', `delay=${ms}`], childEnv({}));
  try {
    const { url, env } = await mockTarget(mock);
    const run = await serviceSuite(dir, env);
    const faults = (await (await fetch(`${url}${FAULTS_PATH}`)).json()) as { faults: { hits: number }[] };
    return { latencyMs: ms, ...run, requests: faults.faults[0]?.hits ?? 0 };
  } finally {
    await mock.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

export const staging: Measure = async (o) => {
  const fast = await stagingRun(0);
  const slow = await stagingRun(o.latencyMs);
  const ratio = round(slow.wallSeconds / fast.wallSeconds, 2);
  const line = (r: typeof fast) => `${r.wallSeconds} s, ${r.requests} requests${notGreen(r)}`;
  return {
    result: { fast, slow, ratio },
    rows: [
      { measure: 'staging-like run, 0 ms', value: line(fast) },
      { measure: `staging-like run, ${o.latencyMs} ms per answer`, value: line(slow) },
      {
        measure: `  ${o.latencyMs} ms / 0 ms`,
        value: `${ratio}×`,
        target: '≤ 1.4×',
        status: verdict(!fast.exitCode && !slow.exitCode && ratio <= 1.4),
      },
    ],
  };
};
