// `npm run proof:seeded`: your staging, offline. A mock stands in for staging; the smoke check and
// the service suite run through the recording proxy in front of it (writes allowed); then the
// service suite runs offline against a built-in mock seeded from the recording (HB_MOCK_SEED), and
// must be green. The seed is kept in reports/seeded-run/hall.seed.json.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, REPO_ROOT, runPlaywright, SERVICE_PROJECTS, tempDir } from '../child-runs/child-run.js';
import { useEnvFile } from '../settings/env-file.js';
import { recordHall } from '../recording/record-run.js';
import { suiteThrough } from '../recording/suite-through.js';
import { startMockServer } from '../mock-server/server.js';

useEnvFile();
const dir = join(REPO_ROOT, 'reports', 'seeded-run');
mkdirSync(dir, { recursive: true });
const file = join(dir, 'hall.seed.json');
const staging = await startMockServer({ port: 0 });
const checks: [string, boolean][] = [];
try {
  const { credentials, hallId, testCustomerId } = staging.context;
  const target = { baseUrl: staging.url, ...credentials, hallId, testCustomerId };
  console.log(
    `seeded-run proof: recording ${staging.url} (a mock standing in for staging) while the smoke check and the suite run through the proxy`,
  );
  let through = { smoke: null as number | null, suite: null as number | null };
  const { line } = await recordHall(target, {
    file,
    writes: true,
    alongside: async (proxyUrl) => {
      through = await suiteThrough(proxyUrl, target, true);
    },
  });
  console.log(line);
  checks.push(
    ['the smoke check through the recording proxy', through.smoke === 0],
    ['the service suite through the recording proxy', through.suite === 0],
  );
  const out = tempDir('seeded');
  const projects = ['setup', ...SERVICE_PROJECTS].map((p) => `--project=${p}`);
  const seeded = await runPlaywright(
    ['test', ...projects, '--reporter=dot'],
    childEnv({ HB_MOCK_SEED: file, HB_REPORTS_DIR: join(out, 'reports'), HB_STORAGE_STATE: join(out, 'state.json') }),
    900_000,
  );
  console.log(`service suite offline against the seeded mock: exit ${seeded.status} (${seeded.stdout.trim().split('\n').at(-1) ?? ''})`);
  if (seeded.status !== 0) console.log(seeded.stdout.slice(-4000));
  checks.push(['the service suite against a mock seeded from the recording', seeded.status === 0]);
} finally {
  await staging.close();
}
for (const [name, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${name}`);
const failed = checks.filter(([, ok]) => !ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
