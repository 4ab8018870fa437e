// `npm run bench`: each figure of the fast loop, one measure per file of bench/ (`--only` takes some of them), and the
// budgets as ratios to one service pass (bench/ratios.ts); prints a table, writes reports/bench.json and adds a row to
// docs/bench-history.md.
import { useEnvFile } from '../settings/env-file.js';
import { parseOrExit } from '../settings/command-line.js';
import { ci } from '../bench/ci.js';
import { contract } from '../bench/contract.js';
import type { Measure } from '../bench/measure.js';
import { mutation } from '../bench/mutation.js';
import { MEASURES, parseBenchArgs, USAGE, type MeasureName } from '../bench/options.js';
import { verdict, writeBenchReport, type Row } from '../bench/report.js';
import { appendHistory, figuresOf, HISTORY, RATIOED, ratioRows, referenceOf } from '../bench/ratios.js';
import { shownPath } from '../settings/paths.js';
import { seedScale } from '../bench/seed-scale.js';
import { soakMeasure } from '../bench/soak.js';
import { closingPass, staging } from '../bench/staging.js';
import { suite } from '../bench/suite.js';
import { serve, throughput } from '../bench/throughput.js';
import { validationMeasure } from '../bench/validation.js';

const measures: Record<MeasureName, { take: Measure; what: string }> = {
  suite: { take: suite, what: 'the full offline run (npm test)' },
  contract: { take: contract, what: 'npx playwright test --project=contract' },
  mutation: { take: mutation, what: 'npm run mutation' },
  ci: { take: ci, what: '.ci/run (the last run, or with --ci a fresh clone)' },
  'seed-scale': { take: seedScale, what: 'the service suite, default seed and the big hall' },
  staging: { take: staging, what: 'the service suite against npm run mock as a remote target, 0 ms and --latency ms per answer' },
  soak: { take: soakMeasure, what: 'the mock under a long session (100,000 mixed requests, 10 × 10 MB bodies)' },
  throughput: { take: throughput, what: 'grid throughput, mock vs bare node:http' },
  validation: { take: validationMeasure, what: 'contract validation of a big grid' },
};

useEnvFile();
const o = parseOrExit('bench', parseBenchArgs, USAGE);
if (o.serve) {
  await serve();
} else {
  const results: Record<string, unknown> = {};
  const rows: Row[] = [];
  // The pass again after the last measure it is the unit of (bench/staging.ts, closingPass).
  const ratioed = MEASURES.filter((m) => o.measures.includes(m) && RATIOED.includes(m));
  const lastRatioed = o.measures.includes('staging') ? ratioed.at(-1) : undefined;
  for (const name of MEASURES.filter((m) => o.measures.includes(m))) {
    console.log(`bench: ${measures[name].what} …`);
    // A measure that breaks costs its own row, not the figures taken before it.
    try {
      const measured = await measures[name].take(o);
      results[name] = measured.result;
      rows.push(...measured.rows);
    } catch (e) {
      const message = (e as Error).message.split('\n')[0] ?? String(e);
      console.error(`bench: ${name} failed: ${message}`);
      results[name] = { error: message };
      rows.push({ measure: name, value: `not measured: ${message}`, status: verdict(false) });
    }
    if (name === lastRatioed) {
      console.log('bench: the service pass again, after the measures it is the unit of …');
      results.closingPass = await closingPass().catch((e: Error) => ({ error: e.message.split('\n')[0] }));
    }
  }
  // The budgets as ratios to this run's service pass (or one within the hour), then one row of history.
  const figures = figuresOf(results);
  rows.push(...ratioRows(figures, referenceOf(figures)));
  writeBenchReport(results, rows);
  appendHistory(figures, rows);
  console.log(`→ ${shownPath(HISTORY)}: one row added`);
  // A missed budget fails the command, as a red test fails a run (measure on a quiet machine).
  if (rows.some((r) => r.status === verdict(false))) process.exitCode = 1;
}
