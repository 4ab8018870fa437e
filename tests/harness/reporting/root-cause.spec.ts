// The root cause first: facts read from an answer that broke its contract are blocked by that
// break (endpoint and field), not missing from an empty hall; the closing summary shows the break
// once with the tests it blocked.
import { argumentsFor } from '../../../client/contract-arguments.js';
import { HbClient } from '../../../client/client.js';
import { BlockedByBreak, discoverFacts } from '../../../client/discovery.js';
import type { RunSummary } from '../../../reporting/summary-model.js';
import { summaryLines } from '../../../reporting/summary-text.js';
import { rootCausesOf } from '../../../reporting/summary-details.js';
import { endpoints } from '../../../contracts/index.js';
import { fault } from '../../../mock-server/fault-handlers.js';
import { expect, test } from '../proxy.fixture.js';

const BREAK = 'listBookingsForHallGrid: $[0].BookingId: expected number, received string';

test.describe('root cause first', () => {
  test('facts a grid that broke its contract withheld are blocked by that break, by endpoint and field', async ({ startMock }) => {
    const mock = await startMock({ mutant: 'booking-id-as-string' });
    const { credentials, hallId } = mock.context;
    const client = new HbClient({ baseUrl: mock.url, ...credentials, hallId, maxConcurrency: 4 });
    await client.ensureSession();
    const facts = await discoverFacts(client, { baseUrl: mock.url, hallId, mockServer: mock });
    expect(facts.booking).toMatchObject({ ok: false, blockedBy: BREAK });
    expect(facts.recurringParent).toMatchObject({ ok: false, blockedBy: BREAK });
    expect(facts.rooms.ok, 'a fact from an answer that kept its contract').toBe(true);
    expect(() => argumentsFor('checkAvailability', facts)).toThrow(BlockedByBreak);
    expect(() => argumentsFor('checkAvailability', facts)).toThrow(`blocked by a contract break: ${BREAK}`);
  });

  test('the closing summary shows the break once with the tests it blocked', () => {
    const tests = ['[contract] e.spec.ts:25 › checkAvailability answers', '[contract] e.spec.ts:25 › getCostOfBooking answers'];
    const summary = {
      target: 'built-in mock',
      status: 'failed',
      durationMs: 1000,
      counts: { total: 3, passed: 0, failed: 1, flaky: 0, skipped: 2 },
      byProject: {},
      distinctTests: 3,
      reruns: {},
      skipReasons: [],
      blockedByBreaks: [{ reason: BREAK, count: 2, tests }],
      failures: [
        {
          project: 'contract',
          location: 'e.spec.ts:25',
          title: 'listBookingsForHallGrid answers',
          message: `ContractError: … ${BREAK}`,
          cause: 'listBookingsForHallGrid $[*].BookingId',
        },
      ],
      flakyTests: [],
      reports: [],
    } as unknown as RunSummary;
    summary.rootCauses = rootCausesOf(summary.failures, summary.blockedByBreaks);
    const text = summaryLines(summary).join('\n');
    expect(text).toContain(
      `FAILED against built-in mock in 1s\nCauses (1; 1 test failed, 2 blocked):\n` +
        `  1. listBookingsForHallGrid $[*].BookingId  (1 failed, 2 blocked by it)\n     ContractError: … ${BREAK}\n` +
        '     [contract] e.spec.ts:25 › listBookingsForHallGrid answers\n',
    );
    expect(text).not.toContain('Skipped, by reason');
  });

  test('a charge matrix that names no date range is read with range 1 when range 1 answers, or fails with a server error', async ({
    startMock,
  }) => {
    /** The date range discovered when range 1's price rates answer as `fault` makes them (none: as usual). */
    const rangeWith = async (rates?: '500' | 'close') => {
      const mock = await startMock();
      mock.context.use({
        json: (id, data) =>
          id === 'getChargeMatrixRooms' ? (JSON.parse(JSON.stringify(data).replace(/"DateRangeId":\d+/gi, '"Other":0')) as unknown) : data,
      });
      if (rates) mock.context.use(fault({ fault: rates, path: endpoints.getChargeMatrixPriceRates.path }));
      const { credentials, hallId } = mock.context;
      const client = new HbClient({ baseUrl: mock.url, ...credentials, hallId, maxConcurrency: 4, retries: 0 });
      await client.ensureSession();
      return (await discoverFacts(client, { baseUrl: mock.url, hallId, mockServer: mock })).dateRangeId;
    };
    expect(await rangeWith()).toEqual({ ok: true, value: 1 });
    // A 500 is the endpoint's own break, for its test to meet; no answer at all leaves no range.
    expect(await rangeWith('500')).toEqual({ ok: true, value: 1 });
    expect(await rangeWith('close')).toMatchObject({ ok: false, reason: expect.stringMatching(/dateRangeId=1 did not answer/) });
  });
});
