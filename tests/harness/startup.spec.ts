// The first minute of a run: settings read from `.env` (the environment wins), named in the first
// line; a start-up error is one line naming its variable, exit code 2. Shown through the smoke check,
// which starts as the suite does, against this worker's mock.
import { writeFileSync } from 'node:fs';
import { childEnv, runNode, type ChildRun } from '../../fixtures/child-run.js';
import { readEnvFile } from '../../fixtures/env-file.js';
import { expect, test } from '../../fixtures/index.js';

const TSX = 'node_modules/tsx/dist/cli.mjs';
const said = (run: ChildRun) => `exit ${run.status}:\n${run.stdout}${run.stderr}`;
const smoke = (env: Record<string, string>) => runNode(TSX, ['scripts/smoke.ts'], childEnv(env), 60_000);

/** Exit 2 and one line on stderr, naming `variable`, no stack trace, nothing checked. */
function expectStartupError(run: ChildRun, variable: string, why: RegExp): void {
  expect(run.status, said(run)).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines, said(run)).toHaveLength(1);
  expect(lines[0], said(run)).toMatch(new RegExp(`^Cannot start: ${variable}: `));
  expect(lines[0], said(run)).toMatch(why);
  expect(run.stdout, said(run)).not.toMatch(/passed|✓/);
}

test.describe('start-up', () => {
  test('settings come from the file HB_ENV_FILE names, and a variable in the environment wins over it', async ({ target }, testInfo) => {
    const file = testInfo.outputPath('staging.env');
    writeFileSync(
      file,
      [
        `HB_BASE_URL=${target.baseUrl}`,
        `HB_EMAIL=${target.email}`,
        '# the environment holds the right one',
        'HB_PASSWORD="wrong-password-in-file"',
        `HB_HALL_ID=${target.hallId}`,
      ].join('\n'),
    );
    const run = await smoke({ HB_ENV_FILE: file, HB_PASSWORD: target.password });
    const [first, second] = run.stdout.split('\n');
    expect(first, said(run)).toMatch(/^Settings from \S*staging\.env \(4 variables; the environment wins for HB_PASSWORD\)$/);
    expect(second, 'the target named by the file').toBe(`Smoke check of ${target.baseUrl}, hall ${target.hallId}`);
    expect(run.status, 'logged in with the password of the environment').toBe(0);
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

  test('a bad variable is one line naming it, exit code 2, no stack trace', async () => {
    const run = await smoke({ HB_BASE_URL: 'https://staging.example', HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: 'abc' });
    expectStartupError(run, 'HB_HALL_ID', /expected a whole number \(example: HB_HALL_ID=42; see \.env\.example\)/);
  });
});
