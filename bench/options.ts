// `npm run bench`'s command line: which measures to take (`--only`, in the order of MEASURES) and their settings.
import { parseArgs } from 'node:util';

/**
 * Every measure, in the order `npm run bench` takes them; each is one file of this folder. The staging-like run comes
 * first: its pass at 0 ms is the unit of the budgets (bench/ratios.ts).
 */
export const MEASURES = ['staging', 'suite', 'contract', 'mutation', 'ci', 'seed-scale', 'soak', 'throughput', 'validation'] as const;
export type MeasureName = (typeof MEASURES)[number];

export const USAGE = `Usage: npm run bench -- [--only measure,measure] [--ci] [--latency MS] [--scale N] [--requests N]
                         [--connections N] [--rows N]
  measures: ${MEASURES.join(', ')}
  --ci          run .ci/run on a fresh clone of HEAD (else the figures the last .ci/run wrote)
  --latency     the staging-like run's delay per answer (default 100 ms)
  --scale       bookings of the big hall for the seed-scale ratio (default 3000)`;

export interface BenchOptions {
  measures: MeasureName[];
  ci: boolean;
  latencyMs: number;
  scale: number;
  requests: number;
  connections: number;
  rows: number;
  help: boolean;
  /** Child mode of the throughput measure: serve the mock and a bare server, print their URLs. */
  serve: boolean;
}

/** The options of `argv` (without node and the script); throws naming an unknown measure or a bad number. */
export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      serve: { type: 'boolean', default: false },
      ci: { type: 'boolean', default: false },
      latency: { type: 'string', default: '100' },
      scale: { type: 'string', default: '3000' },
      requests: { type: 'string', default: '4000' },
      connections: { type: 'string', default: '8' },
      rows: { type: 'string', default: '20000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((m) => !(MEASURES as readonly string[]).includes(m)) ?? [];
  if (unknown.length) throw new Error(`unknown measure(s) ${unknown.join(', ')}; the measures are ${MEASURES.join(', ')}`);
  const count = (name: string, s: string, min = 1) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} takes a whole number ≥ ${min}, not ${JSON.stringify(s)}`);
    return n;
  };
  return {
    measures: MEASURES.filter((m) => !only || only.includes(m)),
    ci: values.ci,
    latencyMs: count('latency', values.latency, 0),
    scale: count('scale', values.scale),
    requests: count('requests', values.requests),
    connections: count('connections', values.connections),
    rows: count('rows', values.rows),
    help: values.help,
    serve: values.serve,
  };
}
