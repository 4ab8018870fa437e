// `npm run proof:seeded`: your staging, offline, with the smallest run that shows it. A mock stands in
// for staging and is recorded as `npm run record` records it (writes allowed, so every open point is
// observed); then the tests whose checks read the hall's own data (setup, contract: discovery, filters,
// counts; ui: rooms and colours) run offline against a mock seeded from the recording (HB_MOCK_SEED), and
// must be green. The seed is kept in reports/seeded-run/hall.seed.json.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, REPO_ROOT, runPlaywright, tempDir } from '../child-runs/child-run.js';
import { useEnvFile } from '../settings/env-file.js';
import { recordHall } from '../recording/record-run.js';
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
  console.log(`seeded-run proof: recording ${staging.url} (a mock standing in for staging)`);
  const { line } = await recordHall(target, { file, writes: true });
  console.log(line);
  const out = tempDir('seeded');
  const projects = ['setup', 'contract', 'ui'].map((p) => `--project=${p}`);
  const seeded = await runPlaywright(
    // No trace: recording one is a tenth of a browser test's CPU; a failure keeps its screenshot.
    ['test', ...projects, '--trace=off', '--reporter=dot'],
    childEnv({ HB_MOCK_SEED: file, HB_REPORTS_DIR: join(out, 'reports'), HB_STORAGE_STATE: join(out, 'state.json') }),
    900_000,
  );
  const last = seeded.stdout.trim().split('\n').at(-1) ?? '';
  console.log(`setup, contract and ui offline against the seeded mock: exit ${seeded.status} (${last})`);
  // A green run's folder goes; a failed one's stays for its screenshots and error contexts.
  if (seeded.status === 0) rmSync(out, { recursive: true, force: true });
  else console.log(`${seeded.stdout.slice(-4000)}\nits screenshots and error contexts: ${join(out, 'reports', 'test-results')}`);
  checks.push(['setup, contract and ui against a mock seeded from the recording', seeded.status === 0]);
} finally {
  await staging.close();
}
for (const [name, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${name}`);
const failed = checks.filter(([, ok]) => !ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
