// IPv6 end to end: the mock listens on `::1` and `::`, the proxy listens on and forwards to a bracketed
// literal, and the smoke check's client logs in and reads through both (`http://[::1]:port`).
import { HbClient } from '../../client/client.js';
import { startupChecks } from '../../fixtures/startup-checks.js';
import { loadEnv } from '../../settings/env.js';
import { smokeChecks } from '../../scripts/smoke-checks.js';
import { expect, test } from './proxy.fixture.js';

test.describe('IPv6', () => {
  test("npm run smoke's checks pass through the proxy on [::1] in front of a mock on ::1", async ({ startMock, proxyCli }) => {
    const mock = await startMock({ host: '::1' });
    expect(mock.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const proxy = await proxyCli(['--host', '::1', '--target', mock.url]);
    expect(proxy.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    // npm run smoke's steps in the worker (its script runs green in tests/harness/startup.spec.ts): the settings
    // parsed, the start-up checks (login and hall), the keepalive, then the reads together.
    const { email, password } = mock.context.credentials;
    const env = loadEnv({ HB_BASE_URL: proxy.url, HB_EMAIL: email, HB_PASSWORD: password, HB_HALL_ID: String(mock.context.hallId) });
    if (env.target.kind !== 'remote') throw new Error(`HB_BASE_URL=${proxy.url} read as the built-in mock`);
    expect(env.target.baseUrl).toBe(proxy.url);
    const client = HbClient.of(env.target, { maxConcurrency: env.maxConcurrency, timeoutMs: 10_000, retries: 1 });
    await startupChecks(client, env.target.hallId, env.target.baseUrl, env.testCustomerId);
    const [keepalive, ...rest] = smokeChecks(client, env.target.hallId).reads;
    await keepalive!.run();
    await Promise.all(rest.map((check) => test.step(check.name, async () => void (await check.run()))));
    expect(mock.context.logins, 'the login reached the mock on ::1').toBeGreaterThan(0);
  });

  test('the mock on :: answers at [::1]', async ({ startMock }) => {
    const mock = await startMock({ host: '::' });
    const reply = await fetch(`${mock.url}/Account/Login`, { signal: AbortSignal.timeout(10_000) });
    expect(reply.status).toBe(200);
  });
});
