// Every documented value of every enumerated query parameter (read from the registry's
// schemas by the coverage model: enums, booleans, `timerange`'s range, `roomId`'s 0 and a room)
// is accepted: 200 JSON that satisfies the endpoint's contract. What the values mean is checked
// in the filters-*.spec.ts files and time-ranges.spec.ts; this holds the values nobody filters by to the contract.
import { endpoints, type EndpointId, type JsonEndpoint } from '../../contracts/index.js';
import { OTHER_VALUE, queryParams } from '../../coverage/model.js';
import { need } from '../../client/discovery.js';
import type { CallArgs } from '../../client/client.js';
import { expect, test } from '../../fixtures/index.js';
import { SOURCE } from '../../coverage/sources.js';

for (const endpoint of Object.values(endpoints) as JsonEndpoint[]) {
  const id = endpoint.id as EndpointId;
  // Writes are held to their contract once, in endpoints.spec.ts; their values are not multiplied here.
  if (endpoint.writes) continue;
  for (const param of queryParams(endpoint).filter((p) => p.values)) {
    test(
      `${id} takes every documented value of ${param.name}, each answered 200 within its contract`,
      { annotation: [{ type: SOURCE, description: `interface doc, ${endpoint.method} ${endpoint.path}: the values of ${param.name}` }] },
      async ({ api, facts, seeding }) => {
        const args = seeding.argumentsOrSkip(id, facts) as { query?: Record<string, unknown> };
        const values = (param.values ?? []).map((v) => (v === OTHER_VALUE ? String(need(facts.rooms, 'bookable room')[0]!.id) : v));
        const answers = await Promise.all(
          values.map((value) => api.call(id, { ...args, query: { ...args.query, [param.name]: value } } as CallArgs<typeof id>)),
        );
        for (const [i, answer] of answers.entries()) {
          expect(answer.status, `${id} ${param.name}=${values[i]}`).toBe(200);
        }
      },
    );
  }
}
