// The service suite against the built-in mock seeded with the default hall and with a big one
// (HB_MOCK_SEED_SCALE bookings over past years and the months ahead): nothing in the suite may grow
// with the number of bookings the target holds, so the ratio of the two runs stays near 1.
import { rmSync } from 'node:fs';
import { tempDir } from '../child-runs/child-run.js';
import { notGreen, serviceSuite, type Measure, type ServiceRun } from './measure.js';
import { round } from './report.js';

async function serviceRun(scale: number | undefined): Promise<ServiceRun> {
  const dir = tempDir(`bench-seed-${scale ?? 'default'}`);
  try {
    return await serviceSuite(dir, scale ? { HB_MOCK_SEED_SCALE: String(scale) } : {});
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
      { measure: 'service suite, default seed', value: `${base.wallSeconds} s${notGreen(base)}` },
      { measure: `service suite, ${o.scale} bookings`, value: `${big.wallSeconds} s${notGreen(big)}` },
      { measure: `  ${o.scale} bookings / default`, value: `${ratio}×${green ? '' : ', NOT GREEN'}` },
    ],
  };
};
