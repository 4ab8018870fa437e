// The first minute of a run: settings read from `.env` (the environment wins), named in the first
// line; a start-up error is one line naming its variable, exit code 2. Shown through the smoke check,
// which starts as the suite does, against this worker's mock: one child process (the settings file
// read at the start, a wrong password); the other start-up errors in the worker. (tests/harness/mock-server/ipv6.spec.ts
// runs npm run smoke green.)
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { childEnv, runScript } from '../../../child-runs/child-run.js';
import { EnvError, loadEnvOrExit, unknownSettings } from '../../../settings/env.js';
import { proxyNote } from '../../../settings/env-notes.js';
import { readEnvFile, readEnvFileOrExit } from '../../../settings/env-file.js';
import { HbClient } from '../../../client/client.js';
import { LoginError } from '../../../client/errors.js';
import { maskValues, registerSecret } from '../../../client/secrets.js';
import { expect, test } from '../../../fixtures/index.js';
import { hallProblem, loginProblem, startupChecks, unreachable } from '../../../client/startup-checks.js';
import { resolveChromium } from '../../../fixtures/browser.js';
import { startMockServer } from '../../../mock-server/server.js';
import { exitOf, said, type Said } from '../refusals.js';

const smoke = (env: Record<string, string>) => runScript('scripts/smoke.ts', [], childEnv(env));

/** Exit 2 and one line on stderr, naming `variable`, no stack trace, nothing checked. */
function expectStartupError(run: Said, variable: string, why: RegExp): void {
  expect(run.status, said(run)).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines, said(run)).toHaveLength(1);
  expect(lines[0], said(run)).toMatch(new RegExp(`^Cannot start: ${variable}: `));
  expect(lines[0], said(run)).toMatch(why);
  expect(run.stdout, said(run)).not.toMatch(/passed|✓/);
}

test.describe('start-up', () => {
  test('settings come from the file HB_ENV_FILE names, the environment wins over it, and a wrong password is one line', async ({
    target,
  }, testInfo) => {
    const file = testInfo.outputPath('staging.env');
    writeFileSync(
      file,
      [
        `HB_BASE_URL=${target.baseUrl}`,
        `HB_EMAIL=${target.email}`,
        '# the environment holds the one that wins',
        `HB_PASSWORD="${target.password}"`,
        `HB_HALL_ID=${target.hallId}`,
      ].join('\n'),
    );
    // The file's password is right: a refused login proves the environment's wrong one won.
    const run = await smoke({ HB_ENV_FILE: file, HB_PASSWORD: 'wrong' });
    const [first, second] = run.stdout.split('\n');
    expect(first, said(run)).toMatch(/^Settings from \S*staging\.env \(4 variables; the environment wins for HB_PASSWORD\)$/);
    expect(second, 'the target named by the file').toBe(`Smoke check of ${target.baseUrl}, hall ${target.hallId}`);
    // The password's words are the harness's own, which the mask of the password "wrong" must not touch.
    expectStartupError(
      run,
      'HB_PASSWORD',
      /→ HTTP 200, the login form again; the page says "[^"]+": wrong credentials\? \(HB_EMAIL, HB_PASSWORD\)$/,
    );
    expect(run.stderr).not.toContain('***');
  });

  test('the file adds the variables the environment lacks; HB_ENV_FILE=none reads no file', ({}, testInfo) => {
    const env: NodeJS.ProcessEnv = { HB_ENV_FILE: 'none' };
    expect(readEnvFile(env).line).toBe('Settings from the environment only (HB_ENV_FILE=none)');
    const file = testInfo.outputPath('one.env');
    writeFileSync(file, 'HB_HALL_ID=7\nHB_MAX_CONCURRENCY=3\n');
    const target: NodeJS.ProcessEnv = { HB_ENV_FILE: file, HB_MAX_CONCURRENCY: '1' };
    expect(readEnvFile(target)).toMatchObject({ variables: ['HB_HALL_ID', 'HB_MAX_CONCURRENCY'], overridden: ['HB_MAX_CONCURRENCY'] });
    expect(target).toMatchObject({ HB_HALL_ID: '7', HB_MAX_CONCURRENCY: '1' });
  });

  test("a variable set empty in the environment keeps the file's value, and the first line says so", ({}, testInfo) => {
    const file = testInfo.outputPath('guarded.env');
    writeFileSync(file, 'HB_PROTECTED_HOSTS=hallmaster.co.uk\nHB_HALL_ID=7\n');
    // As a CI workflow passes `${{ vars.HB_PROTECTED_HOSTS }}` when the variable is not defined.
    const target: NodeJS.ProcessEnv = { HB_ENV_FILE: file, HB_PROTECTED_HOSTS: '', HB_HALL_ID: '8' };
    const reading = readEnvFile(target);
    expect(target, 'the protected hosts stay; a value set in the environment still wins').toMatchObject({
      HB_PROTECTED_HOSTS: 'hallmaster.co.uk',
      HB_HALL_ID: '8',
    });
    expect(reading).toMatchObject({ overridden: ['HB_HALL_ID'], emptied: ['HB_PROTECTED_HOSTS'] });
    expect(reading.line).toMatch(
      /\(2 variables; the environment wins for HB_HALL_ID; empty in the environment, the file's value kept: HB_PROTECTED_HOSTS\)$/,
    );
  });

  test('the browser and the clients take one route to the target: proxy variables are ignored by both, and named', () => {
    for (const source of ['playwright', 'system'] as const) {
      expect(resolveChromium(source === 'system' ? '/usr/bin/chromium' : undefined).args, source).toContain('--no-proxy-server');
    }
    const source = { https_proxy: 'http://corp:3128', HTTP_PROXY: 'http://corp:3128' };
    expect(proxyNote(true, source)).toBe(
      "Note: https_proxy, HTTP_PROXY are set: the suite's browser and clients ignore proxy variables and connect to HB_BASE_URL " +
        'directly, as its start-up checks and write guard do',
    );
    const saved = process.env.https_proxy;
    process.env.https_proxy = 'http://corp:3128';
    try {
      expect(unreachable('GET https://staging.example/Account/Login → ENOTFOUND')).toMatch(
        /; https_proxy is set, but the suite connects directly$/,
      );
    } finally {
      if (saved === undefined) delete process.env.https_proxy;
      else process.env.https_proxy = saved;
    }
  });

  test('a missing HB_ENV_FILE is one line naming it, exit code 2', ({}, testInfo) => {
    const run = exitOf(() => readEnvFileOrExit({ HB_ENV_FILE: testInfo.outputPath('absent.env') }));
    expectStartupError(run, 'HB_ENV_FILE', /no such file .*absent\.env/);
  });

  test('a bad variable is one line naming it, exit code 2, no stack trace', () => {
    const run = exitOf(() =>
      loadEnvOrExit({ HB_BASE_URL: 'https://staging.example', HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: 'abc' }),
    );
    expectStartupError(run, 'HB_HALL_ID', /expected a whole number \(example: HB_HALL_ID=42; see \.env\.example\)/);
  });

  test("the mock's options with a remote target are refused, naming the option and the target: a command runs where it says", () => {
    const remote = { HB_BASE_URL: 'https://staging.example', HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: '42' };
    for (const name of ['HB_MOCK_SEED', 'HB_MOCK_SEED_SCALE', 'HB_MOCK_MUTANT']) {
      const run = exitOf(() => loadEnvOrExit({ ...remote, [name]: name === 'HB_MOCK_SEED_SCALE' ? '10' : 'booking-id-as-string' }));
      expectStartupError(run, name, /plays the built-in mock, but HB_BASE_URL names https:\/\/staging\.example: unset HB_BASE_URL/);
    }
  });

  test('an HB_* name the suite does not read is a warning naming the nearest one it does', () => {
    expect(
      unknownSettings({ HB_ALLOW_WRITE: 'true', HB_MAX_CONCURENCY: '1', HB_HALLID: '43', HB_HALL_ID: '42', HB_QQQQQQQQ: '1' }),
    ).toEqual([
      'Warning: HB_ALLOW_WRITE is not a setting of this suite and is ignored; did you mean HB_ALLOW_WRITES?',
      'Warning: HB_MAX_CONCURENCY is not a setting of this suite and is ignored; did you mean HB_MAX_CONCURRENCY?',
      'Warning: HB_HALLID is not a setting of this suite and is ignored; did you mean HB_HALL_ID?',
      'Warning: HB_QQQQQQQQ is not a setting of this suite and is ignored',
    ]);
  });

  test('a wrong HB_HALL_ID stops the start-up checks with one line naming it and what the hall lacks', async ({ target }) => {
    const client = HbClient.of({ ...target, hallId: 999 });
    const error = (await startupChecks(client, 999, target.baseUrl).catch((e: unknown) => e)) as EnvError;
    expect(error).toBeInstanceOf(EnvError);
    expect(error.message.split('\n')).toEqual([
      expect.stringMatching(
        /^Cannot start: HB_HALL_ID: hall 999 at .* has no rooms, no activity types, no customers: not the hall meant\?/,
      ),
    ]);
  });

  test('an HB_TEST_CUSTOMER_ID that is no customer of the hall stops the start with one line naming it', async ({ target }) => {
    const client = HbClient.of(target);
    const placeholder = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    const error = (await startupChecks(client, target.hallId, target.baseUrl, placeholder).catch((e: unknown) => e)) as EnvError;
    expect(error).toBeInstanceOf(EnvError);
    expect(error.message).toMatch(new RegExp(`^Cannot start: HB_TEST_CUSTOMER_ID: ${placeholder} is no customer of hall ${target.hallId}`));
    const upper = target.testCustomerId!.toUpperCase();
    await expect(
      startupChecks(client, target.hallId, target.baseUrl, upper),
      "the hall's test customer, in any case",
    ).resolves.toBeDefined();
  });

  test('a hall that lacks rooms, activity types or customers is refused by what it lacks', () => {
    const url = 'https://staging.example';
    expect(hallProblem(42, url, { rooms: 3, activityTypes: 2, customers: 5 })).toBeUndefined();
    expect(hallProblem(42, url, { rooms: 0, activityTypes: 2, customers: 5 })).toMatch(
      /^Cannot start: HB_HALL_ID: hall 42 at \S+ has no rooms: /,
    );
    expect(hallProblem(42, url, { rooms: 3, activityTypes: 0, customers: 0 })).toContain('has no activity types, no customers');
  });

  test('a secret is masked in the values of a message, never in its fixed words', () => {
    // A secret of its own (the matcher is the worker's): a word the harness also writes.
    registerSecret('wrongly-42', { always: true });
    expect(maskValues`POST ${'/Login?Password=wrongly-42'}: ${'the wrongly-42 page'}, wrongly-42 credentials?`.text).toBe(
      'POST /Login?Password=***: the *** page, wrongly-42 credentials?',
    );
  });

  test('a login that fails names its cause: the URL, wrong credentials only on a re-rendered form, else a changed login flow', async () => {
    // A server that plays each answer: the login page as `page` says, the post as `post` says.
    const loginForm = (token: string, message = '') =>
      `<form method="post">${token ? `<input name="__RequestVerificationToken" type="hidden" value="${token}">` : ''}` +
      `${message ? `<div class="validation-summary-errors">${message}</div>` : ''}` +
      '<input name="Email"><input name="Password" type="password"></form>';
    let page = { status: 404, body: loginForm('') };
    let post: { status: number; headers?: Record<string, string | string[]>; body?: string } = { status: 302 };
    const server = createServer((req, res) => {
      const answer = req.method === 'GET' ? page : post;
      res.writeHead(answer.status, { 'content-type': 'text/html', ...('headers' in answer ? answer.headers : {}) });
      res.end(answer.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = async () =>
      (await new HbClient({ baseUrl: origin, email: 'a@b', password: 'pw-123456', hallId: 1 })
        .login()
        .catch((e: unknown) => e)) as LoginError;
    const lineOf = async () => {
      const error = await login();
      expect(error).toBeInstanceOf(LoginError);
      return loginProblem(error);
    };
    try {
      expect(await lineOf()).toMatch(/^Cannot start: HB_BASE_URL: .*HTTP 404: login page not found/);
      page = { status: 200, body: '<html><body>Welcome to nginx</body></html>' };
      expect(await lineOf()).toMatch(/^Cannot start: HB_BASE_URL: .*without a __RequestVerificationToken input/);
      page = { status: 200, body: loginForm('') };
      expect(await lineOf(), 'a login form without its token').toMatch(
        /^Cannot start: the service's login flow changed: .*the login form has no __RequestVerificationToken input/,
      );
      page = { status: 200, body: loginForm('t0ken-abcdef') };
      const changed = /^Cannot start: the service's login flow changed: submitLoginForm: POST \S+ → /;
      const cases: [typeof post, RegExp][] = [
        [
          { status: 200, headers: { 'set-cookie': ['.AspNet.ApplicationCookie=abc; path=/'] } },
          /HTTP 200 that sets a session cookie \(\.AspNet\.ApplicationCookie\)/,
        ],
        [{ status: 302, headers: { location: '/Account/Login?ReturnUrl=%2F' } }, /a redirect back to \/Account\/Login/],
        [
          { status: 302, headers: { location: 'https://elsewhere.example/' } },
          /a redirect off the service, to https:\/\/elsewhere\.example/,
        ],
        [{ status: 200, body: '<h1>Maintenance</h1>' }, /HTTP 200 without the login form/],
        [{ status: 500, body: 'boom' }, /HTTP 500, neither the 302 of a login nor the 200 of a refusal/],
        [{ status: 302, headers: { location: 'http://[bad' } }, /a redirect \(HTTP 302\) without a Location it can follow/],
      ];
      for (const [answer, why] of cases) {
        post = answer;
        const line = await lineOf();
        expect(line, JSON.stringify(answer)).toMatch(changed);
        expect(line, JSON.stringify(answer)).toMatch(why);
        expect(line).not.toMatch(/HB_PASSWORD|credentials/);
      }
      // The document's failure: a 200 that re-renders the form, whatever cookies come with it (the
      // anti-forgery pair again, a load balancer's affinity).
      post = {
        status: 200,
        headers: { 'set-cookie': ['__RequestVerificationToken=x; path=/', 'ARRAffinity=abc123; path=/'] },
        body: loginForm('t0ken-2', 'Invalid login attempt.'),
      };
      const refused = await lineOf();
      expect(refused).toMatch(/^Cannot start: HB_PASSWORD: submitLoginForm: POST \S+ → HTTP 200, the login form again; /);
      expect(refused).toMatch(/; the page says "Invalid login attempt\.": wrong credentials\? \(HB_EMAIL, HB_PASSWORD\)$/);
      post = { status: 302, headers: { location: '/Admin/Dashboard/Index/1' } };
      expect(await login(), 'a 302 away from the login page is a login').toBeUndefined();
      post = { status: 302, headers: { location: `${origin.replace('http:', 'https:')}/Admin/Dashboard/Index/1` } };
      expect(await login(), 'a 302 to https on the same host is a login (a TLS proxy)').toBeUndefined();
    } finally {
      server.close();
    }
  });

  test("the mock's login that answers 200 with its session cookie is named a changed login flow, not the password", async () => {
    const mock = await startMockServer({ mutant: 'login-success-not-redirected' });
    try {
      const { email, password } = mock.context.credentials;
      const client = new HbClient({ baseUrl: mock.url, email, password, hallId: mock.context.hallId });
      const error = (await startupChecks(client, mock.context.hallId, mock.url).catch((e: unknown) => e)) as EnvError;
      expect(error).toBeInstanceOf(EnvError);
      expect(error.message).toMatch(/^Cannot start: the service's login flow changed: .*HTTP 200 that sets a session cookie/);
    } finally {
      await mock.close();
    }
  });
});
