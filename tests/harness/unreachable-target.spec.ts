// A run against a target that does not answer stops once, before any test, naming the
// URL and the reason (fixtures/global-setup.ts), instead of every test timing out.
import { expect, test } from '../../fixtures/index.js';
import { childEnv, runPlaywright, tempDir } from '../../fixtures/child-run.js';
import { closedPort } from '../../fixtures/failures.js';
import { join } from 'node:path';

test.beforeEach(({ target }) => {
  test.skip(!target.mock, 'checks the harness with a closed local port; the target is a remote server');
});

test.describe('unreachable target', () => {
  test('a run against a closed port fails once, early, with the URL and the reason', async () => {
    test.setTimeout(120_000);
    const port = await closedPort();
    const dir = tempDir('unreachable');
    const run = await runPlaywright(
      ['test', '--project=contract', '--no-deps', '--output', join(dir, 'test-results')],
      childEnv({
        HB_BASE_URL: `http://user:secret-in-url@127.0.0.1:${port}`,
        HB_EMAIL: 'qa@example.org',
        HB_PASSWORD: 'not-used-123',
        HB_HALL_ID: '42',
        HB_REPORTS_DIR: join(dir, 'reports'),
        HB_STORAGE_STATE: join(dir, 'state.json'),
      }),
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(1);
    const message = `The target server is unreachable: GET http://127.0.0.1:${port}/Account/Login → ECONNREFUSED`;
    expect(output.split(message).length - 1, `the reason, exactly once:\n${output}`).toBe(1);
    expect(output, 'credentials in the URL are not shown').not.toContain('secret-in-url');
    expect(output, 'no test ran').not.toMatch(/\d+ (passed|failed)/);
  });
});
