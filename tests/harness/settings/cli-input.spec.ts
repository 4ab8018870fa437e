// The command-line tools refuse a user's mistake before anything starts, on one line with the
// usage and exit code 2, and name a failure to write their record on one line. In tiers: every
// refusal through each tool's parser and settings/command-line.ts in the worker; one child process
// per tool proves it is wired to them; the stop of a running proxy needs its own process.
import { createServer } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runScript, startNode, scratchDir } from '../../../child-runs/child-run.js';
import { expect, test } from '../../../fixtures/index.js';
import { parseProxyCommandLine, PROXY_USAGE } from '../../../proxy/options.js';
import { MOCK_HELP, MOCK_USAGE, parseMockArgs } from '../../../mock-server/cli-options.js';
import { mutants } from '../../../mock-server/mutants.js';
import { parseOrExit } from '../../../settings/command-line.js';
import { parseSmokeArgs, SMOKE_USAGE } from '../../../scripts/smoke-options.js';
import { exitOf, expectRefused, said } from '../refusals.js';

/** Each tool's command line as its script reads it, the environment given. */
const tools = {
  mock: (argv: string[], env: NodeJS.ProcessEnv = {}) => parseOrExit('mock', (a) => parseMockArgs(a, env), MOCK_USAGE, argv, MOCK_HELP),
  proxy: (argv: string[], env: NodeJS.ProcessEnv = {}) => parseOrExit('proxy', (a) => parseProxyCommandLine(a, env), PROXY_USAGE, argv),
  smoke: (argv: string[]) => parseOrExit('smoke', parseSmokeArgs, SMOKE_USAGE, argv),
};

test.describe('command-line input', () => {
  test('npm run mock refuses a bad fault, option or value on one line with its usage', () => {
    const cases: [string[], RegExp][] = [
      [['--fault', 'nuke'], /^mock: --fault "nuke": the kind must be one of reset, close, delay, 429, 500, expire$/],
      [['--fault', 'delay=99999999'], /^mock: --fault "delay=99999999": ms .*600000/],
      [['--fault', 'delay'], /^mock: --fault "delay": delay needs its milliseconds/],
      [['--verbose'], /^mock: Unknown option '--verbose'/],
      [['--port', '70000'], /^mock: --port \(or HB_MOCK_PORT\) must be a whole number from 0 to 65535, got "70000"$/],
      [['--list-shape', 'tree'], /^mock: --list-shape must be array or data, got "tree"$/],
      [['--seed-scale', 'many'], /^mock: --seed-scale \(or HB_MOCK_SEED_SCALE\) must be a whole number of bookings, got "many"$/],
      [['--as-recorded'], /^mock: --as-recorded needs --seed FILE$/],
      [['--mutant', 'no-such'], /^mock: --mutant: no mutant "no-such"; npm run mock -- --help names them$/],
      [
        ['--mutant', 'booking-id-as-string', '--mutant', 'booking-start-not-iso'],
        /^mock: --mutant: one mutant at a time \(given booking-id-as-string, booking-start-not-iso\): the mock plays one/,
      ],
    ];
    for (const [argv, reason] of cases)
      expectRefused(
        exitOf(() => tools.mock(argv)),
        reason,
        'Usage: npm run mock',
      );
  });

  test('npm run mock -- --help lists every mutant by id and the fault kinds', () => {
    const help = exitOf(() => tools.mock(['--help'])).stdout;
    for (const m of mutants) expect(help).toMatch(new RegExp(`^ {2}${m.id} +${m.area}: `, 'm'));
    expect(help).toContain('kinds: reset, close, delay=<ms>, 429=<retry-after s>, 500, expire');
  });

  test('npm run smoke refuses an unknown flag or an argument instead of running', () => {
    expectRefused(
      exitOf(() => tools.smoke(['--bogus'])),
      /^smoke: Unknown option '--bogus'/,
      'Usage: npm run smoke',
    );
    expectRefused(
      exitOf(() => tools.smoke(['staging'])),
      /^smoke: Unexpected argument 'staging'/,
      'Usage: npm run smoke',
    );
  });

  test('npm run proxy refuses bad input and a duration beyond its bound', () => {
    const dir = scratchDir('proxy-input');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const target = ['--target', 'http://127.0.0.1:1'];
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[], {}, /no target: pass --target/],
      [['--target', 'ftp://files.example'], {}, /--target "ftp:\/\/files.example": expected an http or https URL/],
      [[...target, '--port', 'x'], {}, /--port must be a whole number/],
      [[...target, '--fault', 'meltdown'], {}, /fault/],
      [[...target, '--duration=0'], {}, /--duration must be a positive number/],
      [[...target, '--verbose'], {}, /Unknown option '--verbose'/],
      [[], { HB_BASE_URL: 'not a url' }, /HB_BASE_URL/],
      [
        [...target, '--duration', '3000000'],
        {},
        /^proxy: --duration must be a positive number of seconds up to 604800 \(7 days\), got "3000000"$/,
      ],
    ];
    try {
      for (const [argv, env, reason] of cases) {
        const run = exitOf(() => tools.proxy(argv, env));
        expect(run.stderr.split('\n')[0], `${argv.join(' ')} ${JSON.stringify(env)}`).toMatch(/^proxy: /);
        expectRefused(run, reason, 'Usage: npm run proxy');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('--help prints the usage and exits 0; a good command line goes on with nothing said', () => {
    const reports = scratchDir('proxy-help');
    try {
      for (const [help, usage] of [
        [() => tools.mock(['--help']), MOCK_HELP],
        [() => tools.proxy(['-h']), PROXY_USAGE],
        [() => tools.smoke(['--help']), SMOKE_USAGE],
      ] as const) {
        expect(exitOf(help)).toEqual({ status: 0, stdout: `${usage}\n`, stderr: '' });
      }
      const good = exitOf(() => tools.proxy(['--target', 'http://127.0.0.1:1', '--duration', '1'], { HB_REPORTS_DIR: reports }));
      expect(good, said(good)).toEqual({ status: null, stdout: '', stderr: '' });
      expect(exitOf(() => tools.mock(['--port', '0', '--fault', 'delay=800:/api/*']))).toEqual({ status: null, stdout: '', stderr: '' });
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  test('each tool is wired to its parser and refuses before it starts: the mock before it binds its busy port', async () => {
    // The port is taken: a fault checked only after the bind would be reported as "port in use".
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const [mock, proxy, smoke] = await Promise.all([
        runScript('mock-server/cli.ts', ['--port', String(port), '--fault', 'nuke'], childEnv({})),
        // Node's recursive mkdir never returns under /proc: the check must not hang there.
        runScript(
          'scripts/proxy.ts',
          ['--target', 'http://127.0.0.1:9', '--port', '0', '--duration', '1'],
          childEnv({ HB_REPORTS_DIR: '/proc/hb-reports' }),
        ),
        runScript('scripts/smoke.ts', ['--bogus'], childEnv({})),
      ]);
      expectRefused(mock, /^mock: --fault "nuke": the kind must be one of /, 'Usage: npm run mock');
      // A path is no command-line mistake: its one line alone, as settings/start-paths.ts words it.
      expect(proxy.status, said(proxy)).toBe(2);
      expect(proxy.stderr.trim(), said(proxy)).toMatch(
        /^Cannot start: HB_REPORTS_DIR: the record folder \/proc\/hb-reports\/proxy: .*cannot be written \(\w+\)$/,
      );
      expectRefused(smoke, /^smoke: Unknown option '--bogus'/, 'Usage: npm run smoke');
    } finally {
      busy.close();
    }
  });

  test('npm run proxy names on one line a record it could not write at the stop, with exit code 2', async () => {
    const dir = scratchDir('proxy-stop');
    const proxy = startNode(
      ['--import', 'tsx', 'scripts/proxy.ts', '--target', 'http://127.0.0.1:9', '--port', '0'],
      childEnv({ HB_REPORTS_DIR: dir }),
    );
    try {
      await proxy.waitFor(/Ctrl\+C stops it/);
      // The folder is taken away while the proxy runs: its parent is now a file.
      rmSync(dir, { recursive: true, force: true });
      writeFileSync(dir, 'in the way');
      const run = await proxy.stop('SIGINT');
      expect(run.status, said(run)).toBe(2);
      expect(run.stdout, said(run)).toMatch(/hb-proxy stopped \(SIGINT\): 0 requests/);
      expect(run.stderr.trim().split('\n'), said(run)).toEqual([
        expect.stringMatching(
          new RegExp(`^proxy: the record was not written to ${dir}/proxy: ENOTDIR: not a directory, \\w+ '${dir}/proxy'$`),
        ),
      ]);
    } finally {
      await proxy.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
