// How a run's budget of cases is shared among its random properties (fuzz/runner.ts runs the plan;
// the boundaries are listed inputs, each sent once, outside the budget's shares).
import { FUZZ_PROPERTIES, type FuzzContext, type Property } from './properties.js';

/** Cases of each property out of the total: most to the JSON endpoints, a few logins, writes when allowed. */
export function plan(ctx: FuzzContext, total: number): { property: Property; runs: number }[] {
  const props = FUZZ_PROPERTIES(ctx).filter((p) => !p.cases);
  const jsonProps = props.filter((p) => p.name.startsWith('json:'));
  const share = (f: number, min: number, max = Infinity) => Math.min(max, Math.max(min, Math.round(total * f)));
  return props.map((property) => {
    if (property.name.startsWith('json:')) return { property, runs: Math.max(5, Math.floor((total * 0.8) / jsonProps.length)) };
    if (property.name === 'no-session') return { property, runs: share(0.08, 20) };
    if (property.name === 'no-session-writes') return { property, runs: share(0.02, 8) };
    if (property.name === 'token') return { property, runs: share(0.05, 12) };
    if (property.name === 'return-url') return { property, runs: share(0.01, 10, 30) };
    if (property.name === 'form') return { property, runs: share(0.03, 12, 60) };
    return { property, runs: 1 };
  });
}
