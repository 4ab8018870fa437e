// `npm run test:service` (scripts/test-service.ts): the service suite's projects only, on the
// built-in mock even when HB_BASE_URL is set. A listing shows it without running a test.
import { expect, test } from '../../fixtures/index.js';
import { SERVICE_PROJECTS, childEnv, startNode } from '../../fixtures/child-run.js';

test.describe('test:service', () => {
  test('lists setup and the service projects on the built-in mock, without the harness and the mock-only re-runs', async () => {
    const child = startNode(
      ['--import', 'tsx', 'scripts/test-service.ts', '--list'],
      // A remote target without its credentials: the config would refuse it, were it not ignored.
      childEnv({ HB_BASE_URL: 'https://staging.invalid' }),
    );
    await child.waitFor(/Total: \d+ tests? in \d+ files?/);
    const run = await child.stop();
    const output = `${run.stdout}${run.stderr}`;
    expect(output).toContain('HB_BASE_URL is ignored');
    const projects = new Set([...output.matchAll(/^ {2}\[([a-z-]+)\] ›/gm)].map((m) => m[1]));
    expect([...projects].sort(), output).toEqual(['setup', ...SERVICE_PROJECTS].sort());
  });
});
