// Fixtures of the proxy's checks: a proxy in front of the worker's mock (the browser's
// baseURL points at it), mocks of their own (a mutated one), the `npm run proxy` CLI as a
// child process. Each is stopped after its test.
import { join } from 'node:path';
import { test as base, expect } from '../../fixtures/bookings.js';
import { childEnv, startNode, scratchDir, type RunningChild } from '../../child-runs/child-run.js';
import { startProxy, type Proxy, type ProxyOptions } from '../../proxy/server.js';
import type { MockOptions } from '../../mock-server/context.js';
import { startMockServer, type MockServer } from '../../mock-server/server.js';

/** The CLI proxy as a child process, once it listens: its URL and the process. */
interface ProxyProcess {
  url: string;
  child: RunningChild;
  /** Its HB_REPORTS_DIR: the record lands in `<reports>/proxy/`. */
  reports: string;
}

export interface ProxyFixtures {
  /** A proxy in front of the worker's mock, nothing protected, no fault; the page's baseURL. */
  contractProxy: Proxy;
  /** Start a mock of the test's own (a mutant, say); closed after the test. */
  startMock: (options?: MockOptions & { host?: string }) => Promise<MockServer>;
  /** Start `npm run proxy` with these arguments and HB_* variables; stopped after the test. */
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
    const children: RunningChild[] = [];
    await use(async (args, env = {}) => {
      const reports = scratchDir('proxy-cli');
      const child = startNode(
        ['--import', 'tsx', 'scripts/proxy.ts', '--port', '0', ...args],
        childEnv({ HB_REPORTS_DIR: reports, ...env }),
      );
      children.push(child);
      const [, url] = await child.waitFor(/hb-proxy listening on (http:\/\/\S+)/);
      return { url: url as string, child, reports };
    });
    await Promise.all(children.map((c) => c.stop('SIGTERM')));
  },
});

export { expect };
