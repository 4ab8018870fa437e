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
import { beyond, SOURCE } from '../../coverage/sources.js';

/** Customer.IsBlocked of one customer of the hall; fails when the hall's list lacks them. */
async function isBlocked(api: HbClient, hallId: number, customerId: string): Promise<boolean> {
  const { data } = await api.call('listCustomersForHall', { query: { id: hallId, includeDeleted: 'true' } });
  const customer = data.find((c) => c.UserId.toLowerCase() === customerId.toLowerCase());
  expect(customer, `listCustomersForHall lists the test customer ${customerId}`).toBeDefined();
  return customer?.IsBlocked === true;
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
    async ({ api, facts, env, target, seeding }, testInfo) => {
      skipUnlessWrites(testInfo, env.allowWrites, endpoint.writes);
      const args = seeding.argumentsOrSkip(id, facts);
      // BlockUser has no documented undo: on a server an earlier run blocked the test customer
      // on, its effect cannot show again. Said on the test, never skipped.
      const blockedBefore =
        id === 'blockUser' ? await isBlocked(api, facts.hallId, need(facts.testCustomerId, 'test customer')) : undefined;
      if (blockedBefore)
        vacuous(`the test customer was already blocked (by an earlier run): blockUser's effect cannot show on this server again`);
      await expectContract(api, id, args, {
        strict: env.strictContracts,
        target: target.baseUrl,
        baseline: { file: env.contractBaseline, source: baselineSource(target.mockServer ? undefined : target.baseUrl) },
      });

      if (id === 'blockUser') {
        // The only effect a blocked customer shows in the interface document: Customer.IsBlocked.
        const customerId = need(facts.testCustomerId, 'test customer');
        expect(await isBlocked(api, facts.hallId, customerId), `IsBlocked of the test customer ${customerId} after blockUser`).toBe(true);
      }
    },
  );
}
