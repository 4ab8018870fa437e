// The canary's file for the run summary: every outcome the summary tells apart, once (a pass with
// drift, a contract break, a flaky test, skips with reasons, one naming the password). Run again, without
// retries and without the flaky test, by the canary's `contract-variant` project: re-runs to tell from distinct tests.
import { repoModule } from '../../../../child-runs/child-run.js';

export const SUMMARY_FILE = 'summary.spec.ts';
/** The test whose contract break the summary names. */
export const BROKEN_TITLE = 'listRoomsForGrid answers';
/** The test that fails once and passes on its retry. */
export const RETRIED_TITLE = 'passes on its retry';

export const SUMMARY_FILES = {
  // Plain Playwright: its failures restart a worker, which then loads no mock, client or browser. The failures
  // come last, the retried test before the broken one, so the canary's one worker restarts only for a retry.
  [SUMMARY_FILE]: `import { test } from '@playwright/test';
import { ContractError } from ${repoModule('client/errors.ts')};
import { loadEnv } from ${repoModule('settings/env.ts')};

test('listBookingsForHallGrid answers', async ({}, testInfo) => {
  const drift = { unknownKeys: ['$[].HallId'], aliases: {}, newBaselineKeys: [] };
  await testInfo.attach('listBookingsForHallGrid-drift.json', { body: JSON.stringify(drift), contentType: 'application/json' });
});
test('needs a staging server', () => test.skip(true, 'no staging server here'));
test('needs a staging server too', () => test.skip(true, 'no staging server here'));
test('needs the password', () => test.skip(true, 'reason naming ' + loadEnv().mockPassword));
test('passes on its retry', ({}, testInfo) => {
  if (testInfo.retry === 0) throw new Error('first try fails');
});
// No retry: a break that fails every try is failed after one (a retry would cost a worker start).
test.describe(() => {
  test.describe.configure({ retries: 0 });
  test('listRoomsForGrid answers', () => {
    const exchange = { endpointId: 'listRoomsForGrid', method: 'GET', url: 'http://127.0.0.1:9/api/Rooms?hallId=1',
      status: 200, requestHeaders: {}, responseHeaders: {} };
    throw new ContractError(exchange, '✖ Invalid input: expected number, received string\\n  → at [0].rowNumber');
  });
});
`,
};
