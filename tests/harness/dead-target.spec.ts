// A remote target that dies mid-run stops the run in seconds with one message naming it
// (fixtures/target-down.ts): an inline mini-suite on the real fixtures, whose target (a mock in
// a child process) is killed by its first test; the service suite is never re-run for it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { childEnv, REPO_ROOT, runPlaywright, startNode, tempDir } from '../../fixtures/child-run.js';
import { expect, test } from '../../fixtures/index.js';
import { TRANSPORT_FAILURE } from '../../fixtures/target-down.js';

test.describe('dead target', () => {
  test('the no-connection failures of each client read as such; statuses and contract breaks do not', () => {
    // As tests/wire/faults.spec.ts and README ("Faults on the mock") show each client's words.
    const noConnection = [
      'checkSession: GET http://127.0.0.1:4310/api/Scheduler/HasJustLoggedIn → no HTTP answer: ECONNREFUSED (connection refused)',
      'listRooms: GET https://staging.example/api/Rooms → no HTTP answer, no status: ENOTFOUND (request failed): getaddrinfo ENOTFOUND',
      'apiRequestContext.get: connect ECONNREFUSED 127.0.0.1:4310',
      'apiRequestContext.get: getaddrinfo EAI_AGAIN staging.example',
      'apiRequestContext.post: socket hang up',
      'page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:4310/Account/Login',
      'page.goto: net::ERR_NAME_NOT_RESOLVED at https://staging.example/Account/Login',
    ];
    const answered = [
      'listRooms: GET http://127.0.0.1:4310/api/Rooms → HTTP 500; the contract expects 200',
      'expect(received).toBe(expected) // Object.is equality',
      'listBookingsForHallGrid: GET http://x/api → HTTP 200: $[0].BookingId: expected number',
    ];
    for (const m of noConnection) expect(TRANSPORT_FAILURE.test(m), m).toBe(true);
    for (const m of answered) expect(TRANSPORT_FAILURE.test(m), m).toBe(false);
  });

  test('a target killed after the first test ends the run in under 60 s, non-zero, with one message naming it', async ({
    target,
  }, testInfo) => {
    test.skip(!target.mock, 'starts its own mock on this machine; the target is a remote server');
    test.setTimeout(150_000);
    const mock = startNode(['--import', 'tsx', 'mock-server/cli.ts', '--port', '0'], childEnv({}));
    const [, url] = await mock.waitFor(/listening on (http:\/\/\S+)/);
    const [, hall] = await mock.waitFor(/hall id:\s+(\d+)/);
    const [, email] = await mock.waitFor(/email:\s+(\S+)/);
    const [, password] = await mock.waitFor(/password:\s+(\S+)/);
    const dir = testInfo.outputPath('mini');
    mkdirSync(dir, { recursive: true });
    const spec = ["import { expect, test } from '", join(REPO_ROOT, 'fixtures/index.ts'), "';\n"].join('');
    writeFileSync(
      join(dir, 'dead.spec.ts'),
      `${spec}
// Like the flows' janitor: a worker fixture that reaches the target when a worker starts. Its tests
// need another worker than the first test's: the first failure after the kill is this fixture's.
const it = test.extend<{}, { sweep: void }>({
  sweep: [async ({ session }, use) => { await session.keepalive(); await use(); }, { scope: 'worker', auto: true }],
});
test('the target answers, then dies', async ({ request }) => {
  expect((await request.get('/Account/Login')).status()).toBe(200);
  process.kill(Number(process.env.MINI_TARGET_PID), 'SIGKILL');
});
for (let i = 1; i <= 12; i++) {
  it('client call ' + i, async ({ api }) => { await api.keepalive(); });
  it('request ' + i, async ({ request }) => { expect((await request.get('/Account/Login')).status()).toBe(200); });
}
`,
    );
    writeFileSync(
      join(dir, 'mini.config.ts'),
      `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  globalSetup: ${JSON.stringify(join(REPO_ROOT, 'fixtures/global-setup.ts'))},
  workers: 1,
  reporter: [['line'], ['json', { outputFile: ${JSON.stringify(join(dir, 'report.json'))} }]],
});
`,
    );
    const tmp = tempDir('dead-target');
    try {
      const run = await runPlaywright(
        ['test', '--config', join(dir, 'mini.config.ts'), '--output', join(tmp, 'results')],
        childEnv({
          HB_BASE_URL: url!,
          HB_EMAIL: email!,
          HB_PASSWORD: password!,
          HB_HALL_ID: hall!,
          HB_RUN_ID: `dead${Date.now().toString(36)}`,
          HB_REPORTS_DIR: join(tmp, 'reports'),
          HB_STORAGE_STATE: join(tmp, 'state.json'),
          MINI_TARGET_PID: String(mock.pid),
        }),
        120_000,
      );
      const output = `${run.stdout}\n${run.stderr}`;
      await testInfo.attach('mini-run.txt', { body: output, contentType: 'text/plain' });
      expect(run.ms, output).toBeLessThan(60_000);
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as JSONReport;
      const message = `The target ${url} stopped answering during the run: GET ${url}/Account/Login → connect ECONNREFUSED`;
      expect(run.status, output).not.toBe(0);
      expect(output.split(message).length - 1, `the reason, exactly once:\n${output}`).toBe(1);
      expect(report.errors.map((e) => e.message?.split('\n')[0])).toEqual([expect.stringContaining(message)]);
      expect(report.stats.expected, 'the first test passed').toBe(1);
      expect(report.stats.unexpected, 'the test that met the dead target').toBe(1);
      // Stopped as Ctrl+C stops a run: no worker is started only to skip its tests.
      expect(output, 'the rest were not run').toMatch(/\b2[0-3] did not run\b/);
      expect(report.stats.skipped, 'the rest were not run').toBeGreaterThanOrEqual(20);
    } finally {
      await mock.stop('SIGKILL');
    }
  });
});
