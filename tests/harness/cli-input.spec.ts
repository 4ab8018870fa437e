// The command-line tools refuse a user's mistake before anything starts, on one line with the
// usage and exit code 2, and name a failure to write their record on one line: the mock's
// faults, the smoke check's flags, the proxy's duration and its record folder.
import { createServer } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runNode, startNode, tempDir, type ChildRun } from '../../fixtures/child-run.js';
import { expect, test } from '../../fixtures/index.js';

const TSX = 'node_modules/tsx/dist/cli.mjs';
const said = (run: ChildRun) => `exit ${run.status}:\n${run.stdout}${run.stderr}`;
/** Exit 2, the reason on the first line of stderr, the usage after it, no stack trace, nothing started. */
function expectRefused(run: ChildRun, reason: RegExp, usage: string): void {
  expect(run.status, said(run)).toBe(2);
  expect(run.stderr.split('\n')[0], said(run)).toMatch(reason);
  expect(run.stderr, said(run)).toContain(usage);
  expect(`${run.stdout}${run.stderr}`, said(run)).not.toMatch(/^\s+at |listening on|passed/m);
}

test.describe('command-line input', () => {
  test('npm run mock refuses an unknown or out-of-range fault before it binds its port', async () => {
    // The port is taken: a fault checked only after the bind would be reported as "port in use".
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const cases: [string, RegExp][] = [
        ['nuke', /^mock: --fault "nuke": the kind must be one of reset, close, delay, 429, 500, expire$/],
        ['delay=99999999', /^mock: --fault "delay=99999999": ms .*600000/],
        ['delay', /^mock: --fault "delay": delay needs its milliseconds/],
      ];
      const runs = await Promise.all([
        ...cases.map(([fault]) => runNode(TSX, ['mock-server/cli.ts', '--port', String(port), '--fault', fault], childEnv({}), 60_000)),
        runNode(TSX, ['mock-server/cli.ts', '--port', String(port), '--verbose'], childEnv({}), 60_000),
      ]);
      expectRefused(runs.pop()!, /^mock: Unknown option '--verbose'/, 'Usage: npm run mock');
      cases.forEach(([, reason], i) => expectRefused(runs[i]!, reason, 'Usage: npm run mock'));
    } finally {
      busy.close();
    }
  });

  test('npm run smoke refuses an unknown flag or an argument instead of running', async () => {
    const runs = await Promise.all(
      [['--bogus'], ['staging']].map((args) => runNode(TSX, ['scripts/smoke.ts', ...args], childEnv({}), 60_000)),
    );
    expectRefused(runs[0]!, /^smoke: Unknown option '--bogus'/, 'Usage: npm run smoke');
    expectRefused(runs[1]!, /^smoke: Unexpected argument 'staging'/, 'Usage: npm run smoke');
  });

  test('npm run proxy refuses a duration beyond its bound and a record folder it cannot write, before it listens', async () => {
    const dir = tempDir('proxy-input');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const target = ['scripts/proxy.ts', '--target', 'http://127.0.0.1:9', '--port', '0'];
    try {
      const [duration, isFile, proc] = await Promise.all([
        runNode(TSX, [...target, '--duration', '3000000'], childEnv({ HB_REPORTS_DIR: dir }), 60_000),
        runNode(TSX, [...target, '--duration', '1'], childEnv({ HB_REPORTS_DIR: file }), 60_000),
        // Node's recursive mkdir never returns under /proc: the check must not hang there.
        runNode(TSX, [...target, '--duration', '1'], childEnv({ HB_REPORTS_DIR: '/proc/hb-reports' }), 60_000),
      ]);
      expectRefused(duration, /^proxy: --duration must be a positive number of seconds up to 604800 \(7 days\), got "3000000"$/, 'Usage');
      expectRefused(isFile, new RegExp(`^proxy: HB_REPORTS_DIR: the record folder .*: ${file} is a file, not a folder$`), 'Usage');
      expectRefused(proc, /^proxy: HB_REPORTS_DIR: the record folder \/proc\/hb-reports\/proxy: .*cannot be written/, 'Usage');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('npm run proxy names on one line a record it could not write at the stop, with exit code 2', async () => {
    const dir = tempDir('proxy-stop');
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
