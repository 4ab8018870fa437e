// Every path a tool takes is checked at start: HB_ENV_FILE, HB_REPORTS_DIR, --replay, --out, --record,
// --seed, each there, of the right kind and writable, or one line `Cannot start: NAME: why`, exit code 2,
// no stack trace, before any request; numbers keep to each tool's own range message, negatives and
// hexadecimal included. In the worker through each parser; a child process per script that checks its own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runScript, scratchDir } from '../../../child-runs/child-run.js';
import { expect, test } from '../../../fixtures/index.js';
import { parseProxyCommandLine, PROXY_USAGE } from '../../../proxy/options.js';
import { MOCK_USAGE, parseMockArgs } from '../../../mock-server/cli-options.js';
import { parseOrExit } from '../../../settings/command-line.js';
import { loadEnvOrExit } from '../../../settings/env.js';
import { readEnvFile } from '../../../settings/env-file.js';
import { exitOf, expectRefused, said, type Said } from '../refusals.js';
import { fuzzArgsOrExit } from '../../../fuzz/options.js';

/** Exit 2, one line on stderr naming `name`, no usage, no stack trace, nothing started. */
function expectCannotStart(run: Said, name: string, why: RegExp): void {
  const lines = run.stderr.trim().split('\n');
  expect.soft(run.status, said(run)).toBe(2);
  expect.soft(lines, said(run)).toHaveLength(1);
  expect.soft(lines[0], said(run)).toMatch(new RegExp(`^Cannot start: ${name}: `));
  expect.soft(lines[0], said(run)).toMatch(why);
  expect.soft(run.stdout, said(run)).not.toMatch(/listening on|passed|Recording|Generated/);
}

test.describe('paths and numbers at start', () => {
  const dir = scratchDir('start-paths');
  const folder = join(dir, 'a-folder');
  const file = join(dir, 'a-file');
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, '{}');
  const target = ['--target', 'http://127.0.0.1:1'];

  test('HB_ENV_FILE, HB_REPORTS_DIR, --record and --seed name their variable or flag on one line', () => {
    expect(() => readEnvFile({ HB_ENV_FILE: folder })).toThrow(new RegExp(`^Cannot start: HB_ENV_FILE: ${folder} is a folder, not a file`));
    for (const reports of [file, '/sys/hb-reports']) {
      expectCannotStart(
        exitOf(() => loadEnvOrExit({ HB_REPORTS_DIR: reports })),
        'HB_REPORTS_DIR',
        /is a file, not a folder|cannot be written/,
      );
    }
    const proxy = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
      exitOf(() => parseOrExit('proxy', (a) => parseProxyCommandLine(a, env), PROXY_USAGE, argv));
    expectCannotStart(proxy([...target, '--record', folder]), '--record', /is a folder, not a file/);
    expectCannotStart(
      proxy([...target, '--record', '/nonexistent/dir/x.json']),
      '--record',
      /its folder \/nonexistent\/dir does not exist/,
    );
    expectCannotStart(proxy(target, { HB_REPORTS_DIR: file }), 'HB_REPORTS_DIR', /is a file, not a folder/);
    const mock = (argv: string[]) => exitOf(() => parseOrExit('mock', (a) => parseMockArgs(a, {}), MOCK_USAGE, argv));
    expectCannotStart(mock(['--seed', folder]), '--seed', /is a folder, not a file/);
    expectCannotStart(mock(['--seed', join(dir, 'absent.json')]), '--seed', /no such file/);
  });

  test('negative and hexadecimal numbers get the tool’s own range message', () => {
    const proxy = (argv: string[]) => exitOf(() => parseOrExit('proxy', (a) => parseProxyCommandLine(a, {}), PROXY_USAGE, argv));
    const mock = (argv: string[]) => exitOf(() => parseOrExit('mock', (a) => parseMockArgs(a, {}), MOCK_USAGE, argv));
    expectRefused(
      proxy([...target, '--duration', '0x10']),
      /^proxy: --duration must be a positive number of seconds/,
      'Usage: npm run proxy',
    );
    expectRefused(
      proxy([...target, '--duration', '-5']),
      /^proxy: --duration must be a positive number of seconds/,
      'Usage: npm run proxy',
    );
    expectRefused(
      proxy([...target, '--port', '-1']),
      /^proxy: --port must be a whole number from 0 to 65535, got "-1"/,
      'Usage: npm run proxy',
    );
    expectRefused(
      mock(['--port', '-1']),
      /^mock: --port \(or HB_MOCK_PORT\) must be a whole number from 0 to 65535, got "-1"/,
      'Usage: npm run mock',
    );
  });

  test('npm run fuzz and npm run record check their paths and numbers before any request', async () => {
    // fuzz's command line in the worker, through its parser (npm run fuzz's own child run, fuzz-budget.spec.ts, reads
    // its flags); one child process per script here shows each wired to its path checks.
    const fuzz = (argv: string[]) => exitOf(() => fuzzArgsOrExit(argv));
    expectCannotStart(fuzz(['--replay', file]), '--replay', /is not a replay file: property: /);
    expectCannotStart(fuzz(['--replay', folder]), '--replay', /is a folder, not a file/);
    const budget = fuzz(['--time-limit', '-5']);
    expect.soft(budget.stderr.trim(), said(budget)).toMatch(/^fuzz: --time-limit must be a whole number of at least 1, got "-5"/);
    expect.soft(budget.status).toBe(2);
    test.setTimeout(60_000);
    const [reports, out] = await Promise.all([
      runScript('scripts/fuzz.ts', ['--time-limit', '1'], childEnv({ HB_REPORTS_DIR: file })),
      runScript('scripts/record.ts', ['--out', '/nonexistent/dir/x.json'], childEnv({})),
    ]);
    expectCannotStart(reports, 'HB_REPORTS_DIR', /is a file, not a folder/);
    expectCannotStart(out, '--out', /its folder \/nonexistent\/dir does not exist/);
  });
});
