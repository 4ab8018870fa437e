// IPv6 end to end: the mock listens on `::1` and `::`, the proxy listens on and forwards to a bracketed
// literal, and the smoke check's client logs in and reads through both (`http://[::1]:port`).
import { childEnv, runScript } from '../../../child-runs/child-run.js';
import { expect, test } from '../proxy.fixture.js';
import { said } from '../refusals.js';

test.describe('IPv6', () => {
  test('npm run smoke passes through the proxy on [::1] in front of a mock on ::1', async ({ startMock, proxyCli }) => {
    const mock = await startMock({ host: '::1' });
    expect(mock.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const proxy = await proxyCli(['--host', '::1', '--target', mock.url]);
    expect(proxy.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const { email, password } = mock.context.credentials;
    const env = { HB_BASE_URL: proxy.url, HB_EMAIL: email, HB_PASSWORD: password, HB_HALL_ID: String(mock.context.hallId) };
    const run = await runScript('scripts/smoke.ts', [], childEnv(env));
    expect(run.status, said(run)).toBe(0);
    expect(run.stdout, said(run)).toMatch(/^\d+ passed, 0 failed$/m);
    expect(mock.context.logins, 'the login reached the mock on ::1').toBeGreaterThan(0);
  });

  test('the mock on :: answers at [::1]', async ({ startMock }) => {
    const mock = await startMock({ host: '::' });
    const reply = await fetch(`${mock.url}/Account/Login`, { signal: AbortSignal.timeout(10_000) });
    expect(reply.status).toBe(200);
  });
});
