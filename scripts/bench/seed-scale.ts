// The service suite against the built-in mock seeded with the default hall and with a big one
// (HB_MOCK_SEED_SCALE bookings over past years and the months ahead): nothing in the suite may grow
// with the number of bookings the target holds, so the ratio of the two runs stays near 1.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runPlaywright, SERVICE_PROJECTS, tempDir } from '../../fixtures/child-run.js';
import { timed, type Measure } from './measure.js';
import { round, verdict } from './report.js';

async function serviceRun(scale: number | undefined) {
  const dir = tempDir(`bench-seed-${scale ?? 'default'}`);
  try {
    const env = childEnv({
      HB_STORAGE_STATE: join(dir, 'state.json'),
      HB_REPORTS_DIR: join(dir, 'reports'),
      ...(scale ? { HB_MOCK_SEED_SCALE: String(scale) } : {}),
    });
    const args = [
      'test',
      ...['setup', ...SERVICE_PROJECTS].map((p) => `--project=${p}`),
      '--reporter=dot',
      `--output=${join(dir, 'output')}`,
    ];
    const { value: run, wallSeconds } = await timed(() => runPlaywright(args, env, 900_000));
    return { exitCode: run.status, wallSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const seedScale: Measure = async (o) => {
  const base = await serviceRun(undefined);
  const big = await serviceRun(o.scale);
  const ratio = round(big.wallSeconds / base.wallSeconds, 2);
  const green = base.exitCode === 0 && big.exitCode === 0;
  return {
    result: { scale: o.scale, default: base, big, ratio },
    rows: [
      { measure: 'service suite, default seed', value: `${base.wallSeconds} s${base.exitCode ? ', NOT GREEN' : ''}` },
      { measure: `service suite, ${o.scale} bookings`, value: `${big.wallSeconds} s${big.exitCode ? ', NOT GREEN' : ''}` },
      { measure: `  ${o.scale} bookings / default`, value: `${ratio}×`, target: '≤ 1.2×', status: verdict(green && ratio <= 1.2) },
    ],
  };
};
