// `npx playwright test --project=contract`, what a QA engineer runs most: wall and CPU seconds.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runPlaywright, tempDir } from '../child-runs/child-run.js';
import { timed, type Measure } from './measure.js';

export const contract: Measure = async () => {
  const dir = tempDir('bench-contract');
  try {
    const env = childEnv({ HB_STORAGE_STATE: join(dir, 'state.json'), HB_REPORTS_DIR: join(dir, 'reports') });
    const {
      value: run,
      wallSeconds,
      cpuSeconds,
    } = await timed(() => runPlaywright(['test', '--project=contract', '--reporter=dot', `--output=${join(dir, 'output')}`], env, 900_000));
    const value = `${wallSeconds} s wall, ${cpuSeconds} CPU-s${run.status === 0 ? '' : ', NOT GREEN'}`;
    return {
      result: { exitCode: run.status, wallSeconds, cpuSeconds },
      rows: [{ measure: 'npx playwright test --project=contract', value }],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
