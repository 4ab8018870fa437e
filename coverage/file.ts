// A run's coverage as a file (coverage.json and coverage.html beside it), its line on the console, and the gate's
// verdict: written by the coverage reporter (reporting/coverage-reporter.ts) and again for merged shards (merge.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { REPO_ROOT } from '../settings/paths.js';
import { coverageHtml } from './html.js';
import { coverageLine, type CoverageReport } from './tally.js';

export type GateSetting = 'on' | 'off' | 'auto';

/** What a shard's coverage.json adds to the report, so `npm run report -- --merge` can add shards up. */
export interface CoverageFile extends CoverageReport {
  run: { whole: boolean; shard: string | null; targetKind: string; gate: GateSetting };
}

/** HB_COVERAGE_GATE (settings/env.ts) when set, else the reporter's option, else `auto`. */
export const gateSetting = (fromEnv: 'on' | 'off' | undefined, option: GateSetting | undefined): GateSetting => fromEnv ?? option ?? 'auto';

export function writeCoverage(file: string, report: CoverageFile): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(file.replace(/\.json$/, '.html'), coverageHtml(report));
}

/** Print the line, and the gate's verdict with what is missing; true when the gate holds. */
export function announce(report: CoverageReport, file: string): boolean {
  const html = file.replace(/\.json$/, '.html');
  const rel = relative(REPO_ROOT, html);
  const shown = rel && !rel.startsWith('..') ? rel : html;
  console.log(`${coverageLine(report)} (${shown})`);
  if (report.gate.passed) return true;
  const list = report.gate.missing.slice(0, 25).map((m) => `  ✖ ${m}`);
  const more = report.gate.missing.length > 25 ? [`  … and ${report.gate.missing.length - 25} more in ${shown}`] : [];
  console.log(`coverage gate: ${report.gate.missing.length} documented item(s) never exercised:\n${[...list, ...more].join('\n')}`);
  return false;
}
