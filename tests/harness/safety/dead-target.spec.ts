// A dead target: one that does not answer at the start stops the run before any test, with one
// line naming HB_BASE_URL and the reason, exit code 2, the last run's reports left in place; one
// that dies mid-run is found by one probe, whose run-wide marker stops the run with one message
// (fixtures/target-down.ts). The parts in the worker; each whole in a child run of the real config.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runPlaywright, startPlaywright, scratchDir } from '../../../child-runs/child-run.js';
import { scanArtefacts } from '../../../reporting/artefact-secrets.js';
import { closedPort } from '../../../fixtures/failures.js';
import { expect, test } from '../../../fixtures/index.js';
import type { RunSummary } from '../../../reporting/summary-model.js';
import { checkTarget, takeTargetDown, targetDown, TRANSPORT_FAILURE } from '../../../fixtures/target-down.js';
import { DEFAULT_CREDENTIALS } from '../../../mock-server/state.js';
import { startMockServer } from '../../../mock-server/server.js';

/** The artefacts of a complete run, as a run that did not start must leave them. */
const LAST_REPORTS: Record<string, string> = {
  'playwright-report/index.html': '<title>last complete run</title>',
  'allure-results/last-result.json': '{"status":"passed"}',
  'junit.xml': '<testsuites tests="443"></testsuites>',
  'summary.json': '{"total":443}',
};

test.describe('dead target', () => {
  test('the no-connection failures of each client read as such; statuses and contract breaks do not', () => {
    // As tests/wire/faults.spec.ts and README ("Faults on the mock") show each client's words.
    const noConnection = [
      'checkSession: GET http://127.0.0.1:4310/api/Scheduler/HasJustLoggedIn → no HTTP answer: ECONNREFUSED (connection refused)',
      'listRooms: GET https://staging.example/api/Rooms → no HTTP answer, no status: ENOTFOUND (request failed): getaddrinfo ENOTFOUND',
      'apiRequestContext.get: connect ECONNREFUSED 127.0.0.1:4310',
      'apiRequestContext.get: getaddrinfo EAI_AGAIN staging.example',
      'apiRequestContext.post: socket hang up',
      'page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:4310/Account/Login',
      'page.goto: net::ERR_NAME_NOT_RESOLVED at https://staging.example/Account/Login',
    ];
    const answered = [
      'listRooms: GET http://127.0.0.1:4310/api/Rooms → HTTP 500; the contract expects 200',
      'expect(received).toBe(expected) // Object.is equality',
      'listBookingsForHallGrid: GET http://x/api → HTTP 200: $[0].BookingId: expected number',
    ];
    for (const m of noConnection) expect(TRANSPORT_FAILURE.test(m), m).toBe(true);
    for (const m of answered) expect(TRANSPORT_FAILURE.test(m), m).toBe(false);
  });

  test('a target found dead mid-run is marked once for the run, with one message naming it', async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      const first = await checkTarget(baseUrl, 2_000);
      expect(first, 'the first worker to find it dead').toMatchObject({ first: true });
      const message = `The target ${baseUrl} stopped answering during the run: GET ${baseUrl}/Account/Login → connect ECONNREFUSED`;
      expect(first?.reason).toContain(message);
      expect(await checkTarget(baseUrl, 2_000), "a later worker keeps the first one's reason").toEqual({
        reason: first?.reason,
        first: false,
      });
      expect(targetDown(baseUrl), 'every later test is skipped on it').toBe(first?.reason);
    } finally {
      expect(takeTargetDown(baseUrl), 'the global teardown ends the run with it').toContain('stopped answering');
    }
    expect(targetDown(baseUrl)).toBeUndefined();
  });

  test('a run whose target does not answer stops before any test: one line, exit 2, the last reports intact', async ({}, testInfo) => {
    test.setTimeout(180_000);
    const port = await closedPort();
    const dir = scratchDir('failed-start');
    const reports = join(dir, 'reports');
    for (const [path, body] of Object.entries(LAST_REPORTS)) {
      mkdirSync(join(reports, path, '..'), { recursive: true });
      writeFileSync(join(reports, path), body);
    }
    // The real config and reporters (HTML, JUnit, Allure, blob, summary, coverage), as a CI shard runs them.
    const run = await runPlaywright(
      ['test', '--project=contract', '--no-deps', '--shard=1/1', '--output', join(dir, 'test-results')],
      childEnv({
        CI: '1',
        HB_BASE_URL: `http://127.0.0.1:${port}`,
        HB_EMAIL: 'qa@example.org',
        HB_PASSWORD: 'not-used-123',
        HB_HALL_ID: '42',
        HB_REPORTS_DIR: reports,
        HB_STORAGE_STATE: join(dir, 'state.json'),
      }),
      150_000,
    );
    const output = `${run.stdout}\n${run.stderr}`;
    await testInfo.attach('failed-start.txt', { body: output, contentType: 'text/plain' });
    expect(run.status, output).toBe(2);
    expect(run.stdout.split('\n')[0], 'the settings named first').toBe('Settings from the environment only (HB_ENV_FILE=none)');
    const line = `Cannot start: HB_BASE_URL: GET http://127.0.0.1:${port}/Account/Login → ECONNREFUSED`;
    expect(run.stderr.trim().split('\n'), `one line:\n${output}`).toEqual([expect.stringContaining(line)]);
    expect(output, 'no stack trace').not.toMatch(/^\s+at /m);
    expect(output, 'no test ran').not.toMatch(/\d+ (passed|failed)|Running \d+ test/);
    for (const [path, body] of Object.entries(LAST_REPORTS)) {
      expect(readFileSync(join(reports, path), 'utf8'), `${path} of the last complete run`).toBe(body);
    }
  });

  test('a target dying mid-run stops the run: one message naming it, the tests left not run, exit 130, no secret', async ({}, testInfo) => {
    test.setTimeout(240_000);
    // A remote target that answers the global setup's checks, then dies as the tests begin.
    const password = `mid-run-${randomBytes(9).toString('base64url')}`;
    const mock = await startMockServer({ credentials: { ...DEFAULT_CREDENTIALS, password } });
    const secrets = new Map([[password, 'the password']]);
    mock.context.keys.onIssue = (secret) => secrets.set(secret, 'a ticket or token the target issued');
    const dir = scratchDir('dead-mid-run');
    const [reports, results] = [join(dir, 'reports'), join(dir, 'test-results')];
    // As a CI shard runs (its blob too, scanned for secrets below).
    const child = startPlaywright(
      ['test', '--project=contract', '--no-deps', '--shard=1/1', '--output', results],
      childEnv({
        CI: '1',
        HB_BASE_URL: mock.url,
        HB_EMAIL: mock.context.credentials.email,
        HB_PASSWORD: password,
        HB_HALL_ID: String(mock.context.hallId),
        // One worker: one worker start, one failure before the stop.
        HB_MAX_CONCURRENCY: '1',
        HB_REPORTS_DIR: reports,
        HB_STORAGE_STATE: join(dir, 'state.json'),
      }),
      200_000,
    );
    const at = { start: Date.now(), died: 0, failed: 0 };
    try {
      await child.waitFor(/^Running \d+ tests? using \d+ workers?, shard 1 of 1$/m, 150_000);
    } finally {
      await mock.close();
      at.died = Date.now();
    }
    // The dot reporter's mark of the first failure (× to be retried, F final): the stop's clock starts.
    await child.waitFor(/^Running .*\n+[^\n]*[×F]/m, 150_000).then(
      () => (at.failed = Date.now()),
      () => undefined,
    );
    const run = await child.exited;
    const stopMs = Date.now() - (at.failed || at.died);
    const output = `${run.stdout}\n${run.stderr}`;
    const phases = `start to death ${at.died - at.start} ms, to the first failure ${at.failed - at.died} ms, to the exit ${stopMs} ms`;
    await testInfo.attach('dead-mid-run.txt', { body: `${output}\n${phases}`, contentType: 'text/plain' });
    expect(run.status, `exit code 130, as Ctrl+C ends a run (README):\n${output}`).toBe(130);
    const message = `The target ${mock.url} stopped answering during the run: GET ${mock.url}/Account/Login → `;
    expect(output.split(message).length - 1, `one message naming the target:\n${output}`).toBe(1);
    const [, after = ''] = output.split(message);
    expect(after.split('\n')[1], 'no stack trace under the message').not.toMatch(/^\s+at /);
    const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary;
    expect(summary.status).toBe('interrupted');
    expect(summary.counts.failed, 'the one test that met the dead target, not one failure per test').toBe(1);
    expect(summary.counts.skipped, 'the tests after the stop not run').toBe(summary.counts.total - 1);
    expect(stopMs, 'the run ends in seconds after the first failure, not a worker restart per test').toBeLessThan(30_000);
    expect(scanArtefacts([reports, results], secrets, { output }), 'no credentials in the output or the reports').toEqual([]);
  });
});
