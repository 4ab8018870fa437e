// The generated checks' budget is in requests, not seconds (fuzz/runner.ts): on a fast mock and on
// one whose every /api/ answer waits 3 ms (the `delay` fault, mock-server/faults.ts: the run takes twice as long
// or more) the same seed and case budget send the same requests in the same order; the time limit is only a
// safety stop, and a run it cuts short says so (its properties are marked interrupted, which fails the suite's
// spec and `npm run fuzz`).
import { expect, test } from '../../../fixtures/index.js';
import { API_PREFIX } from '../../../contracts/index.js';
import { openFuzzContext } from '../../../fuzz/context.js';
import { runFuzz } from '../../../fuzz/runner.js';
import { fault } from '../../../mock-server/fault-handlers.js';
import { startMockServer } from '../../../mock-server/server.js';
import { childEnv, runScript } from '../../../child-runs/child-run.js';
import { said } from '../refusals.js';

const SEED = 20261127;
const CASES = 20;

/** The requests one generated run sends to a fresh mock (`delayMs` on every /api/ answer), in order. */
async function sentBy(delayMs: number, safetyMs: number, replayDir: string) {
  const mock = await startMockServer();
  try {
    if (delayMs) mock.context.use(fault({ fault: 'delay', ms: delayMs, path: `${API_PREFIX}*` }));
    const { credentials, hallId } = mock.context;
    const target = { baseUrl: mock.url, ...credentials, hallId, maxConcurrency: 1, writes: false, label: 'built-in mock' };
    const ctx = await openFuzzContext(target, SEED);
    const summary = await runFuzz(ctx, { seed: SEED, cases: CASES, budgetMs: safetyMs, replayDir }, 1);
    const json = (r: (typeof mock.context.received)[number]) =>
      (r.headers['content-type'] ?? '').includes('json') ? ` ${r.rawBody.toString('utf8')}` : '';
    return {
      sent: mock.context.received.map((r) => `${r.method} ${r.path}${json(r)}`),
      interrupted: summary.properties.filter((p) => p.interrupted).map((p) => p.name),
    };
  } finally {
    await mock.close();
  }
}

test('a generated run sends the same requests in the same order on a fast and a slow server', async ({}, testInfo) => {
  test.setTimeout(180_000);
  const fast = await sentBy(0, 120_000, testInfo.outputPath('fast'));
  const slow = await sentBy(3, 120_000, testInfo.outputPath('slow'));
  expect(fast.interrupted, 'properties the safety stop cut short on the fast mock').toEqual([]);
  expect(slow.interrupted, 'properties the safety stop cut short on the slow mock').toEqual([]);
  expect(fast.sent.length, 'requests of the run').toBeGreaterThan(CASES);
  expect(slow.sent, 'the slow run against the fast one, request by request').toEqual(fast.sent);
});

test('npm run fuzz: --cases is the budget, --time-limit a stop that fails the run it cuts short', async () => {
  // A slow target: the stop cuts the run after a few answers, not after a second of requests as fast as the mock answers.
  const mock = await startMockServer();
  mock.context.use(fault({ fault: 'delay', ms: 200, path: `${API_PREFIX}*` }));
  const { email, password } = mock.context.credentials;
  const env = { HB_BASE_URL: mock.url, HB_EMAIL: email, HB_PASSWORD: password, HB_HALL_ID: String(mock.context.hallId) };
  const run = await runScript('scripts/fuzz.ts', ['--seed', '7', '--cases', '100000', '--time-limit', '1'], childEnv(env)).finally(() =>
    mock.close(),
  );
  expect(run.status, said(run)).toBe(1);
  expect(run.stdout, said(run)).toMatch(/seed 7, 100000 cases \(time limit 1 s\)/);
  expect(run.stderr, said(run)).toMatch(
    /^fuzz: the time limit \(1 s\) stopped \d+ check\(s\) before all their cases ran: the verdict is incomplete/m,
  );
});
