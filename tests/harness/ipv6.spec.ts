// IPv6 end to end: the mock listens on `::1` and `::`, the proxy listens on and forwards to a bracketed
// literal, and the smoke check's client logs in and reads through both (`http://[::1]:port`).
import { HbClient } from '../../client/client.js';
import { smokeChecks } from '../../scripts/smoke-checks.js';
import { expect, test } from './proxy.fixture.js';

test.describe('IPv6', () => {
  test("npm run smoke's checks pass through the proxy on [::1] in front of a mock on ::1", async ({ startMock, proxyCli }) => {
    const mock = await startMock({ host: '::1' });
    expect(mock.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const proxy = await proxyCli(['--host', '::1', '--target', mock.url]);
    expect(proxy.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    // The smoke check's own client and checks (npm run smoke spawns them in tests/harness/startup.spec.ts).
    const client = HbClient.of(
      { baseUrl: proxy.url, ...mock.context.credentials, hallId: mock.context.hallId },
      { maxConcurrency: 2, timeoutMs: 10_000, retries: 1 },
    );
    const { login, reads } = smokeChecks(client, mock.context.hallId);
    for (const check of [login, ...reads]) await test.step(check.name, async () => void (await check.run()));
    expect(mock.context.logins, 'the login reached the mock on ::1').toBeGreaterThan(0);
  });

  test('the mock on :: answers at [::1]', async ({ startMock }) => {
    const mock = await startMock({ host: '::' });
    const reply = await fetch(`${mock.url}/Account/Login`, { signal: AbortSignal.timeout(10_000) });
    expect(reply.status).toBe(200);
  });
});
