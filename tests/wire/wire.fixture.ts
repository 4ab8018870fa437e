// Fixtures of the wire tests, on top of the suite's (the `mock` for faults, the `bookings` ledger
// for tests that write): fresh clients that a fault may log out without touching the worker's, and
// in-page fetch with the browser's own failure text.
import type { Page } from '@playwright/test';
import { pathKey } from '../../contracts/index.js';
import { test as base, expect } from '../../fixtures/bookings.js';
import { fault } from '../../mock-server/fault-handlers.js';
import { FAULTS_PATH } from '../../mock-server/faults.js';
import { HbClient, type ClientOptions } from '../../client/client.js';

/** What a browser page saw for one in-page `fetch`. */
export interface PageFetchResult {
  status?: number;
  /** URL of the final answer (after redirects, which in-page fetch follows). */
  url?: string;
  redirected?: boolean;
  retryAfter?: string | null;
  /** The rejection of `fetch` in the page (`TypeError: Failed to fetch`, `TimeoutError: …`). */
  error?: string;
  /** Chromium's failure text for the request (`net::ERR_CONNECTION_RESET`, …). */
  failure?: string;
  ms: number;
}

/** `fetch` inside the page (same origin as the target), with Chromium's own failure text captured. */
export async function pageFetch(
  page: Page,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<PageFetchResult> {
  const target = new URL(path, page.url()).toString();
  const failures: string[] = [];
  const onFailed = (request: import('@playwright/test').Request) => {
    if (request.url() === target) failures.push(request.failure()?.errorText ?? '');
  };
  page.on('requestfailed', onFailed);
  try {
    const result = await page.evaluate(
      async ({ url, method, body, headers, timeoutMs }) => {
        const started = performance.now();
        try {
          const r = await fetch(url, {
            method,
            body,
            headers,
            signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
            credentials: 'same-origin',
          });
          return {
            status: r.status,
            url: r.url,
            redirected: r.redirected,
            retryAfter: r.headers.get('retry-after'),
            ms: performance.now() - started,
          };
        } catch (e) {
          return { error: `${(e as Error).name}: ${(e as Error).message}`, ms: performance.now() - started };
        }
      },
      { url: target, method: init.method ?? 'GET', body: init.body, headers: init.headers, timeoutMs: init.timeoutMs },
    );
    // `requestfailed` may trail the rejection by a tick: wait for it when the fetch failed.
    if ('error' in result)
      await expect.poll(() => failures.length, { message: `requestfailed for ${path}`, timeout: 2_000 }).toBeGreaterThan(0);
    return { ...result, failure: failures[0] };
  } finally {
    page.off('requestfailed', onFailed);
  }
}

export interface WireFixtures {
  /** A new client with its own login, so a fault that ends its session leaves the worker's alone. */
  freshClient: (options?: Partial<ClientOptions>) => Promise<HbClient>;
}

export const test = base.extend<WireFixtures>({
  freshClient: async ({ target }, use) => {
    await use(async (options = {}) => {
      const client = HbClient.of(target, options);
      await client.login();
      return client;
    });
  },
});

/** Requests the mock received for a registry endpoint path (attempts, for the retry policy). */
export const attemptsAt = (received: readonly { path: string; method: string; at: number }[], path: string, method = 'GET') =>
  received.filter((r) => r.method === method && pathKey(r.path) === path.toLowerCase());

export { expect, fault, FAULTS_PATH };
