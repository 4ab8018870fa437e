// One contract test per JSON endpoint of the registry, generated from it: called with
// arguments discovered from the target (fixtures/contract-arguments.ts), answered 200
// JSON that satisfies the endpoint's schema, drift recorded, unspecified bodies held to
// the baseline.
import { endpoints, type EndpointId, type JsonEndpoint } from '../../contracts/index.js';
import { customerName } from '../../contracts/index.js';
import { contractArguments } from '../../fixtures/contract-arguments.js';
import { expectContract } from '../../fixtures/contract-check.js';
import { baselineSource } from '../../fixtures/drift.js';
import { MissingFact, need } from '../../fixtures/discovery.js';
import type { CallArgs } from '../../fixtures/http/client.js';
import { expect, test } from '../../fixtures/index.js';

for (const endpoint of Object.values(endpoints) as JsonEndpoint[]) {
  const id = endpoint.id as EndpointId;
  const tags = endpoint.writes ? '@contract @write' : '@contract';

  test(`${id} answers 200 JSON that satisfies its contract ${tags}`, async ({ api, facts, env, target }) => {
    test.skip(endpoint.writes && !env.allowWrites,
      `${id} writes (${endpoint.method} ${endpoint.path}); against a remote target it runs only with HB_ALLOW_WRITES=true`);
    let args: CallArgs<typeof id>;
    try {
      args = contractArguments[id](facts);
    } catch (error) {
      if (!(error instanceof MissingFact)) throw error;
      // Against the mock every fact exists by construction: a missing one is a harness fault, not a skip.
      if (target.mock) throw new Error(`${id}: the mock must serve every fact the contract tests need, but ${error.message}`);
      test.skip(true, `${id}: ${error.message}`);
      return;
    }
    await expectContract(api, id, args, {
      strict: env.strictContracts,
      target: target.baseUrl,
      baseline: { file: env.contractBaseline, source: baselineSource(target.mock ? undefined : target.baseUrl) },
    });

    if (id === 'blockUser') {
      // The only effect a blocked customer shows in the interface document: Customer.IsBlocked.
      const customerId = need(facts.testCustomerId, 'test customer');
      const { data } = await api.call('listCustomersForHall', { query: { id: facts.hallId, includeDeleted: 'true' } });
      const customer = data.find((c) => c.UserId.toLowerCase() === customerId.toLowerCase());
      expect(customer, `listCustomersForHall lists the blocked test customer ${customerId}`).toBeDefined();
      expect(customer?.IsBlocked, `IsBlocked of ${customerName(customer!)} (${customerId}) after blockUser`).toBe(true);
    }
  });
}
