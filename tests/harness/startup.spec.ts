// The first minute of a run: settings read from `.env` (the environment wins), named in the first
// line; a start-up error is one line naming its variable, exit code 2. Shown through the smoke check,
// which starts as the suite does, against this worker's mock: two child processes (the settings file
// read at the start, and a file that is not there); the other start-up errors in the worker.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { childEnv, runScript } from '../../child-runs/child-run.js';
import { EnvError, loadEnvOrExit, unknownSettings } from '../../settings/env.js';
import { readEnvFile } from '../../settings/env-file.js';
import { HbClient } from '../../client/client.js';
import { LoginError } from '../../client/errors.js';
import { maskValues, registerSecret } from '../../client/secrets.js';
import { expect, test } from '../../fixtures/index.js';
import { hallProblem, startupChecks } from '../../fixtures/startup-checks.js';
import { exitOf, said, type Said } from './refusals.js';

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
      /→ HTTP 200; expected 302 away from \/Account\/Login: wrong credentials\? \(HB_EMAIL, HB_PASSWORD\)$/,
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

  test('a missing HB_ENV_FILE is one line naming it, exit code 2', async ({}, testInfo) => {
    const run = await smoke({ HB_ENV_FILE: testInfo.outputPath('absent.env') });
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
    const client = new HbClient({ baseUrl: target.baseUrl, email: target.email, password: target.password, hallId: 999 });
    const error = (await startupChecks(client, 999, target.baseUrl).catch((e: unknown) => e)) as EnvError;
    expect(error).toBeInstanceOf(EnvError);
    expect(error.message.split('\n')).toEqual([
      expect.stringMatching(
        /^Cannot start: HB_HALL_ID: hall 999 at .* has no rooms, no activity types, no customers: not the hall meant\?/,
      ),
    ]);
  });

  test('an HB_TEST_CUSTOMER_ID that is no customer of the hall stops the start with one line naming it', async ({ target }) => {
    const client = new HbClient({ baseUrl: target.baseUrl, email: target.email, password: target.password, hallId: target.hallId });
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

  test('a login page that is missing or carries no token names the cause and HB_BASE_URL', async () => {
    // A server that is not the Hall Booking service: a 404 for the login page, or a page without a token.
    let status = 404;
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<form><input name="Email"><input name="Password" type="password"></form>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = (baseUrl: string) => new HbClient({ baseUrl, email: 'a@b', password: 'pw-123456', hallId: 1 }).login();
    try {
      const notFound = (await login(origin).catch((e: unknown) => e)) as LoginError;
      expect(notFound).toBeInstanceOf(LoginError);
      expect(notFound.variable).toBe('HB_BASE_URL');
      expect(notFound.message).toMatch(/HTTP 404: login page not found/);
      status = 200;
      const noToken = (await login(origin).catch((e: unknown) => e)) as LoginError;
      expect(noToken.variable).toBe('HB_BASE_URL');
      expect(noToken.message).toMatch(/without a __RequestVerificationToken input: anti-forgery missing/);
    } finally {
      server.close();
    }
  });
});
