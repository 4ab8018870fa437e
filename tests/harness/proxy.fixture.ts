// Fixtures of the proxy's checks: a proxy in front of the worker's mock (the browser's
// baseURL points at it), mocks of their own (a mutated one), the `npm run proxy` command line
// run in the worker (proxy/cli.ts; tests/harness/settings/cli-input.spec.ts spawns the script itself): its
// output is the lines it prints (not Node's own warnings), its exit code the one its stop returns.
// Each is stopped after its test.
import { join } from 'node:path';
import { test as base, expect } from '../../fixtures/bookings.js';
import { scratchDir } from '../../child-runs/child-run.js';
import { startProxyCli } from '../../proxy/cli.js';
import { Recording } from '../../recording/recording.js';
import { parseProxyCommandLine } from '../../proxy/options.js';
import { startProxy, type Proxy } from '../../proxy/server.js';
import type { ProxyOptions } from '../../proxy/call.js';
import type { MockOptions } from '../../mock-server/context.js';
import { startMockServer, type MockServer } from '../../mock-server/server.js';

/** What the command line printed, and its exit code once stopped (null while it runs). */
interface CliSaid {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run proxy` in the worker, once it listens: its URL, its output and its stop. */
interface ProxyProcess {
  url: string;
  cli: {
    /** Resolves with the first match of `pattern` in its output so far or to come; rejects after `timeoutMs`. */
    waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
    /** Stop it as `signal` does (the record written): what it said and its exit code. */
    stop(signal?: NodeJS.Signals): Promise<CliSaid>;
  };
  /** Its HB_REPORTS_DIR: the record lands in `<reports>/proxy/`. */
  reports: string;
}

export interface ProxyFixtures {
  /** A proxy in front of the worker's mock, nothing protected, no fault; the page's baseURL. */
  contractProxy: Proxy;
  /** Start a mock of the test's own (a mutant, say); closed after the test. */
  startMock: (options?: MockOptions & { host?: string }) => Promise<MockServer>;
  /** Start `npm run proxy` with these arguments and HB_* variables (no others); stopped after the test. */
  proxyCli: (args: string[], env?: Record<string, string>) => Promise<ProxyProcess>;
}

/** Options of a proxy in the harness: nothing protected, the suite's drift audit, no baseline for a mock on a random port. */
export const harnessProxyOptions = (target: string): ProxyOptions => ({
  target,
  guard: { protectedHosts: [], allowWrites: false },
  audit: { strict: false, baseline: { file: join(scratchDir('no-baseline'), 'baseline.json'), source: new URL(target).origin } },
});

export const test = base.extend<ProxyFixtures>({
  contractProxy: async ({ target }, use) => {
    const proxy = await startProxy(harnessProxyOptions(target.baseUrl));
    await use(proxy);
    await proxy.close();
  },
  baseURL: async ({ contractProxy }, use) => use(contractProxy.url),
  startMock: async ({}, use) => {
    const started: MockServer[] = [];
    await use(async (options = {}) => {
      const mock = await startMockServer(options);
      started.push(mock);
      return mock;
    });
    await Promise.all(started.map((m) => m.close()));
  },
  proxyCli: async ({}, use) => {
    const running: ProxyProcess['cli'][] = [];
    await use(async (args, env = {}) => {
      const reports = scratchDir('proxy-cli');
      const said: CliSaid = { status: null, stdout: '', stderr: '' };
      const cli = parseProxyCommandLine(['--port', '0', ...args], { HB_REPORTS_DIR: reports, ...env });
      const recording = cli.record ? new Recording(cli.record, { target: cli.target, keepPersonalData: cli.keepPersonalData }) : undefined;
      const proxy = await startProxyCli(
        cli,
        {
          log: (line) => (said.stdout += `${line}\n`),
          error: (line) => (said.stderr += `${line}\n`),
        },
        recording,
      );
      if (proxy === 2) throw new Error(`npm run proxy did not start:\n${said.stderr}`);
      proxy.banner();
      void proxy.stopped.then((code) => (said.status = code));
      const handle: ProxyProcess['cli'] = {
        waitFor: async (pattern, timeoutMs = 30_000) => {
          const until = Date.now() + timeoutMs;
          for (;;) {
            const m = pattern.exec(said.stdout + said.stderr);
            if (m) return m;
            if (said.status !== null || Date.now() > until) {
              const why = said.status === null ? 'time out' : `stopped, exit ${said.status}`;
              throw new Error(`no ${pattern} in the proxy's output (${why}):\n${said.stdout}${said.stderr}`);
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        },
        stop: async (signal = 'SIGINT') => {
          const status = await proxy.stop(signal);
          return { ...said, status };
        },
      };
      running.push(handle);
      return { url: proxy.url, cli: handle, reports };
    });
    await Promise.all(running.map((r) => r.stop('SIGTERM')));
  },
});

export { expect };
