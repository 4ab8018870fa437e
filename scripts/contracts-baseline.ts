// `npm run contracts:baseline`: record the observed shape (JSON types per key path) of
// every body the interface document leaves unspecified into HB_CONTRACT_BASELINE
// (default contracts/baseline.json), with the target it came from as its `source`.
// Against the built-in mock it records both list-shape/alias variants and merges them,
// so the baseline cannot flap between the contract and contract-variant projects.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { endpoints, type EndpointId, type JsonEndpoint } from '../contracts/index.js';
import { argumentsFor } from '../client/contract-arguments.js';
import { discoverFacts, MissingFact } from '../client/discovery.js';
import { baselineSource, mergeShapes, shapeOf, type Baseline, type Shape } from '../client/drift.js';
import { loadEnvOrExit } from '../settings/env.js';
import { HbClient } from '../client/client.js';
import type { MockOptions } from '../mock-server/context.js';
import { openTarget } from '../fixtures/target.js';

const env = loadEnvOrExit();
const unspecified = (Object.values(endpoints) as JsonEndpoint[]).filter((e) => !e.documented);

async function observe(mockOptions: MockOptions): Promise<Record<string, Shape>> {
  const target = await openTarget(env, mockOptions);
  try {
    const client = HbClient.of(target, { maxConcurrency: target.mockServer ? 8 : env.maxConcurrency });
    await client.login();
    const facts = await discoverFacts(client, target);
    const shapes: Record<string, Shape> = {};
    for (const endpoint of unspecified) {
      const id = endpoint.id as EndpointId;
      if (endpoint.writes && !env.allowWrites) {
        console.warn(`skip ${id}: it writes; set HB_ALLOW_WRITES=true to record it against a remote target`);
        continue;
      }
      try {
        const { json } = await client.call(id, argumentsFor(id, facts));
        shapes[id] = shapeOf(json);
      } catch (error) {
        if (!(error instanceof MissingFact)) throw error;
        console.warn(`skip ${id}: ${error.message}`);
      }
    }
    return shapes;
  } finally {
    await target.mockServer?.close();
  }
}

const variants: MockOptions[] =
  env.target.kind === 'mock'
    ? [
        { listShape: 'array', aliases: 'primary' },
        { listShape: 'data', aliases: 'alternate' },
      ]
    : [{}];
const observed = await Promise.all(variants.map(observe));
const merged: Record<string, Shape> = {};
for (const shapes of observed) {
  for (const [id, shape] of Object.entries(shapes)) merged[id] = merged[id] ? mergeShapes(merged[id], shape) : shape;
}
if (observed.length > 1 && JSON.stringify(observed[0]) !== JSON.stringify(observed[1])) {
  console.warn('note: the mock variants answered unspecified bodies in different shapes; the baseline holds their union');
}
const baseline: Baseline = {
  // Compared only when a run targets the same source (fixtures/contract-check.ts).
  source: baselineSource(env.target.kind === 'mock' ? undefined : env.target.baseUrl),
  endpoints: Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((id) => [id, merged[id] as Shape]),
  ),
};
// One line per key path keeps review diffs of the committed baseline readable.
const text = JSON.stringify(baseline, null, 2).replace(
  /\[\n\s*([^[\]{}]*?)\n\s*\]/g,
  (_m, inner: string) => `[${inner.split(/,\n\s*/).join(', ')}]`,
);
mkdirSync(dirname(env.contractBaseline), { recursive: true });
writeFileSync(env.contractBaseline, `${text}\n`);
console.log(
  `wrote ${Object.keys(baseline.endpoints).length} of ${unspecified.length} unspecified bodies from ${baseline.source} to ` +
    `${env.contractBaseline}`,
);
