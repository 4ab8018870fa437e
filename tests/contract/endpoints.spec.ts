// One contract test per JSON endpoint of the registry, generated from it: called with
// arguments discovered from the target (client/contract-arguments.ts), answered 200
// JSON that satisfies the endpoint's schema, drift recorded, unspecified bodies held to
// the baseline.
import { endpoints, type EndpointId, type JsonEndpoint } from '../../contracts/index.js';
import { expectContract } from '../../fixtures/contract-check.js';
import { baselineSource } from '../../client/drift.js';
import { need } from '../../client/discovery.js';
import type { HbClient } from '../../client/client.js';
import { expect, test } from '../../fixtures/index.js';
import { vacuous } from '../../fixtures/readings.js';
import { skipUnlessWrites } from '../../fixtures/read-only.js';
import { guardCollateral, ROUNDS } from '../../fixtures/bookings/collateral.js';
import { callRound } from '../../fixtures/bookings/repeats.js';
import { beyond, SOURCE } from '../../coverage/sources.js';

/** The hall's customers (deleted ones included) that are blocked, by lower-case UserId; fails when the list lacks `customerId`. */
async function blockedOf(api: HbClient, hallId: number, customerId: string): Promise<Set<string>> {
  const { data } = await api.call('listCustomersForHall', { query: { id: hallId, includeDeleted: 'true' } });
  const customer = data.find((c) => c.UserId.toLowerCase() === customerId.toLowerCase());
  expect(customer, `listCustomersForHall lists the test customer ${customerId}`).toBeDefined();
  return new Set(data.filter((c) => c.IsBlocked === true).map((c) => c.UserId.toLowerCase()));
}

/** The customers but `customerId` whose IsBlocked differs between two reads. */
const flipped = (before: Set<string>, after: Set<string>, customerId: string): string[] =>
  [...new Set([...before, ...after])].filter((c) => c !== customerId && before.has(c) !== after.has(c)).sort();

/** The customers but the test customer whose IsBlocked changed across one blockUser call (a read just before and just after). */
async function flippedAcross(api: HbClient, hallId: number, customerId: string, block: () => Promise<unknown>): Promise<string[]> {
  const before = await blockedOf(api, hallId, customerId);
  await block();
  return flipped(before, await blockedOf(api, hallId, customerId), customerId);
}

for (const endpoint of Object.values(endpoints) as JsonEndpoint[]) {
  const id = endpoint.id as EndpointId;

  test(
    `${id} answers 200 JSON that satisfies its contract${endpoint.writes ? ' @write' : ''}`,
    {
      annotation: [
        endpoint.beyondDocument
          ? beyond(endpoint, 'its response as its entry gives it')
          : {
              type: SOURCE,
              description: `interface doc, ${endpoint.method} ${endpoint.path}: ${
                endpoint.documented
                  ? 'its response as the resource tables give it'
                  : '"Response: not shown" (held to the baseline recorded against this target)'
              }`,
            },
      ],
    },
    async ({ api, facts, env, target, seeding, hallGrid }, testInfo) => {
      skipUnlessWrites(testInfo, env.allowWrites, endpoint.writes);
      const args = seeding.argumentsOrSkip(id, facts);
      // Near a JSON write: the booking it names (PreviewEmailContent's) and those beside it, the test customer's bookings.
      const named = (args as { body?: { BookingId?: unknown } }).body?.BookingId;
      const near = {
        ids: typeof named === 'number' ? [named] : [],
        days: [],
        rooms: [],
        customers: facts.testCustomerId.ok ? [facts.testCustomerId.value.toLowerCase()] : [],
      };
      if (endpoint.writes && !near.ids.length && !near.customers.length)
        vacuous('collateral writes unchecked: the write names no booking and there is no test customer (HB_TEST_CUSTOMER_ID)');
      const check = async () => {
        // BlockUser has no documented undo: on a server an earlier run blocked the test customer
        // on, its effect cannot show again. Said on the test, never skipped.
        const customerId = id === 'blockUser' ? need(facts.testCustomerId, 'test customer').toLowerCase() : '';
        const before = customerId ? await blockedOf(api, facts.hallId, customerId) : undefined;
        if (before?.has(customerId))
          vacuous(
            `the test customer ${customerId} was already blocked (by an earlier run): blockUser's effect cannot show again; ` +
              'unblock it in the service (the document names no unblock), or set HB_TEST_CUSTOMER_ID to another customer of the hall',
          );
        await expectContract(api, id, args, {
          strict: env.strictContracts,
          target: target.baseUrl,
          baseline: { file: env.contractBaseline, source: baselineSource(target.mockServer ? undefined : target.baseUrl) },
        });
        if (!before) return;
        // The only effect a blocked customer shows in the interface document: Customer.IsBlocked, of that customer only.
        const after = await blockedOf(api, facts.hallId, customerId);
        expect(after.has(customerId), `IsBlocked of the test customer ${customerId} after blockUser`).toBe(true);
        if (!flipped(before, after, customerId).length) return;
        // Other customers changed: another administrator's doing, unless blockUser changes others whenever it is called.
        // As many more calls as the collateral check repeats a write, stopping at the first that changes no one else.
        const block = () => api.call('blockUser', args as never);
        const again: string[][] = [];
        while (again.length < ROUNDS) {
          const others = await flippedAcross(api, facts.hallId, customerId, block);
          if (!others.length) break;
          again.push(others);
        }
        const confirmed = again.length === ROUNDS;
        expect(
          confirmed ? again : [],
          `customers but the test customer whose IsBlocked changed across each of ${ROUNDS} more blockUser calls`,
        ).toEqual([]);
        testInfo.annotations.push({
          type: 'observed',
          description: `other customers' IsBlocked changed meanwhile: ${flipped(before, after, customerId).join(', ')}`,
        });
      };
      // A write leaves the hall's bookings it did not make as they were (fixtures/bookings/collateral.ts).
      await (endpoint.writes
        ? guardCollateral(hallGrid, testInfo, { round: callRound(id, () => api.call(id, args), near), near: () => near }, check)
        : check());
    },
  );
}
