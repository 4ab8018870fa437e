// reports/summary.json (fixtures/summary-reporter.ts): a child run against a mutant mock
// whose rooms carry `rowNumber` as a string must come out as counts by project and feature,
// a contract break naming the endpoint and field paths, the mock's known drift, and no secret.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../fixtures/index.js';
import { childEnv, runPlaywright, tempDir } from '../../fixtures/child-run.js';
import { contractBreakOf, type RunSummary } from '../../fixtures/summary-reporter.js';
import { DEFAULT_CREDENTIALS } from '../../mock-server/context.js';

test.beforeEach(({ target }) => {
  test.skip(!target.mock, 'the child run starts its own mutant mock; the target is a remote server');
});

test.describe('run summary @harness', () => {
  test('summary.json counts a run by project and feature and names its contract breaks and drift', async () => {
    test.setTimeout(240_000);
    const dir = tempDir('summary');
    const reports = join(dir, 'reports');
    const run = await runPlaywright(
      ['test', '--project=contract', '-g', 'listRoomsForGrid answers|listBookingsForHallGrid answers'],
      childEnv({ HB_REPORTS_DIR: reports, HB_STORAGE_STATE: join(dir, 'state.json'), HB_MOCK_MUTANT: 'room-row-number-as-string' }),
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(1);
    const file = join(reports, 'summary.json');
    expect(existsSync(file), 'summary.json written').toBe(true);
    const text = readFileSync(file, 'utf8');
    const summary = JSON.parse(text) as RunSummary;

    expect(summary).toMatchObject({ target: 'built-in mock', targetKind: 'mock', status: 'failed' });
    expect(summary.counts).toEqual({ total: 3, passed: 2, failed: 1, flaky: 0, skipped: 0 });
    expect(summary.byProject.setup).toMatchObject({ total: 1, passed: 1 });
    expect(summary.byProject.contract).toMatchObject({ total: 2, passed: 1, failed: 1 });
    expect(summary.byFeature.rooms).toMatchObject({ total: 1, failed: 1 });
    expect(summary.byFeature.bookings).toMatchObject({ total: 1, passed: 1 });
    expect(summary.durationMs).toBeGreaterThan(0);

    expect(summary.contractBreaks).toHaveLength(1);
    expect(summary.contractBreaks[0]).toMatchObject({ endpointId: 'listRoomsForGrid', project: 'contract', status: 200 });
    expect(summary.contractBreaks[0]!.paths).toContain('[0].rowNumber');
    // The mock's documented drift: the grid carries HallId, which the contract does not name.
    expect(summary.drift).toContainEqual(
      expect.objectContaining({ project: 'contract', endpointId: 'listBookingsForHallGrid', unknownKeys: ['$[].HallId'] }),
    );
    expect(text).not.toContain(DEFAULT_CREDENTIALS.password);
  });

  test('an undeclared status is a break with the endpoint id and no field path', () => {
    const message =
      'UnexpectedStatusError: checkSession: GET http://127.0.0.1:4010/api/Scheduler/HasJustLoggedIn → HTTP 500; the contract expects 200';
    expect(contractBreakOf(message)).toEqual({ endpointId: 'checkSession', status: 500, paths: [] });
    expect(contractBreakOf('locator.click: Timeout 10000ms exceeded')).toBeUndefined();
  });
});
