// The smoke check and the service suite run through a recording proxy, as a QA engineer runs
// them against staging: their traffic adds to what the recording sees (`npm run record -- --suite`).
import { join } from 'node:path';
import { childEnv, runNode, runPlaywright, SERVICE_PROJECTS, tempDir } from '../child-runs/child-run.js';
import type { RecordTarget } from './record-run.js';

export async function suiteThrough(
  proxyUrl: string,
  target: RecordTarget,
  writes: boolean,
): Promise<{ smoke: number | null; suite: number | null }> {
  const dir = tempDir('record');
  const vars = childEnv({
    HB_BASE_URL: proxyUrl,
    HB_EMAIL: target.email,
    HB_PASSWORD: target.password,
    HB_HALL_ID: String(target.hallId),
    HB_ALLOW_WRITES: String(writes),
    ...(target.testCustomerId && { HB_TEST_CUSTOMER_ID: target.testCustomerId }),
    HB_STORAGE_STATE: join(dir, 'state.json'),
    HB_REPORTS_DIR: join(dir, 'reports'),
  });
  const smoke = await runNode('node_modules/tsx/dist/cli.mjs', ['scripts/smoke.ts'], vars);
  console.log(`  smoke check through the proxy: exit ${smoke.status}`);
  const projects = ['setup', ...SERVICE_PROJECTS].map((p) => `--project=${p}`);
  const suite = await runPlaywright(['test', ...projects, '--reporter=dot'], vars, 900_000);
  console.log(`  service suite through the proxy: exit ${suite.status} (${suite.stdout.trim().split('\n').at(-1) ?? ''})`);
  return { smoke: smoke.status, suite: suite.status };
}
