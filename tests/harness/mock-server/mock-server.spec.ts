// The mock's own behaviour and the env parser: harness checks that run only offline.
import { expect, test } from '../../../fixtures/index.js';
import { EnvError, loadEnv } from '../../../settings/env.js';
import { startMockServer } from '../../../mock-server/server.js';
import { HbClient } from '../../../client/client.js';

test.describe('mock server', () => {
  test('an unknown route answers 404 naming method and path, and is listed as unhandled', async ({ target, mock }) => {
    mock.expectUnhandled();
    const reply = await fetch(`${target.baseUrl}/no/such/route?x=1`);
    expect(reply.status).toBe(404);
    expect(await reply.text()).toContain('GET /no/such/route?x=1');
    expect(mock.unhandled).toEqual([{ method: 'GET', path: '/no/such/route?x=1' }]);
  });

  test('the request filter reads raw bytes: brackets in values pass, in names reset', async ({ target, mock }) => {
    const before = mock.resets;
    const ok = await fetch(`${target.baseUrl}/Account/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'Email=a[b]@x&Password=y',
      redirect: 'manual',
    });
    expect(ok.status, 'brackets in a value reach the login handler (400: no token)').toBe(400);
    await fetch(`${target.baseUrl}/Account/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a[0]=1',
    }).catch(() => undefined);
    expect(mock.resets - before).toBeGreaterThanOrEqual(1);
  });

  test('a login post without a token answers 400', async ({ target }) => {
    const reply = await fetch(`${target.baseUrl}/Account/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: target.email, Password: target.password }).toString(),
      redirect: 'manual',
    });
    expect(reply.status).toBe(400);
  });

  test('paths and query names are case-insensitive', async ({ api, target }) => {
    const lower = await api.send(`/API/BOOKINGS/getforhallgrid?ID=${target.hallId}`, {});
    expect(lower.status).toBe(200);
    expect(JSON.parse(lower.text)).not.toHaveLength(0);
  });

  test("a second mock with the same secret takes the first one's session; one with another secret does not", async () => {
    const mocks = await Promise.all([
      startMockServer({ secret: 's1' }),
      startMockServer({ secret: 's1' }),
      startMockServer({ secret: 's2' }),
    ]);
    const [first, second, other] = mocks;
    try {
      const { email, password } = first.context.credentials;
      const client = (url: string) => HbClient.of({ baseUrl: url, email, password, hallId: first.context.hallId });
      const loggedIn = client(first.url);
      await loggedIn.login();
      const session = await loggedIn.toStorageState();
      const aliveOn = async (url: string) => {
        const c = client(url);
        await c.loadStorageState(session);
        return c.sessionAlive();
      };
      expect(await aliveOn(second.url), "the first mock's session, on a second mock with its secret").toBe(true);
      expect(await aliveOn(other.url), 'on a mock with another secret').toBe(false);
      expect(second.context.logins + other.context.logins, 'logins on the other mocks').toBe(0);
    } finally {
      await Promise.all(mocks.map((m) => m.close()));
    }
  });
});

test.describe('env parsing', () => {
  test('loadEnv names a missing variable with an example when HB_BASE_URL is set', () => {
    expect(() => loadEnv({ HB_BASE_URL: 'https://staging.example' })).toThrow(
      /HB_EMAIL: required when HB_BASE_URL is set \(example: HB_EMAIL=/,
    );
  });

  test('loadEnv names a malformed hall id', () => {
    expect(() => loadEnv({ HB_BASE_URL: 'https://s.example', HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: 'abc' })).toThrow(EnvError);
    expect(() => loadEnv({ HB_BASE_URL: 'https://s.example', HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: 'abc' })).toThrow(
      /HB_HALL_ID: expected a whole number/,
    );
  });

  test('loadEnv refuses writes against a protected host', () => {
    expect(() =>
      loadEnv({
        HB_BASE_URL: 'https://prod.example',
        HB_EMAIL: 'a@b',
        HB_PASSWORD: 'pw',
        HB_HALL_ID: '1',
        HB_ALLOW_WRITES: 'true',
        HB_PROTECTED_HOSTS: 'prod.example',
      }),
    ).toThrow(/HB_ALLOW_WRITES: refusing true against prod.example/);
  });

  test('loadEnv refuses a base URL with a path instead of dropping it', () => {
    const env = { HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: '1' };
    expect(() => loadEnv({ ...env, HB_BASE_URL: 'http://host.example/Account' })).toThrow(/HB_BASE_URL: expected the server's origin only/);
    expect(loadEnv({ ...env, HB_BASE_URL: 'http://host.example/' }).target).toMatchObject({ baseUrl: 'http://host.example' });
  });

  test('loadEnv without HB_BASE_URL selects the built-in mock', () => {
    expect(loadEnv({}).target).toEqual({ kind: 'mock' });
  });
});
