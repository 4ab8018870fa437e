// `npm run bench`'s table: one row per figure, next to its target and whether it is met; printed and
// written to reports/bench.json with every measure's raw result.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../settings/paths.js';

const REPORT = join(REPO_ROOT, 'reports', 'bench.json');

export interface Row {
  measure: string;
  value: string;
  target?: string;
  /** met / MISSED when the row has a target; '—' when it was not measured. */
  status?: string;
}

export const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** The rows as an aligned table: measure, value, target, status. */
export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => [r.measure, r.value, r.target ?? '', r.status ?? '']);
  const head = ['measure', 'value', 'target', 'status'];
  const w = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) =>
    c
      .map((x, i) => (i < 3 ? x.padEnd(w[i] as number) : x))
      .join('  ')
      .trimEnd();
  return [line(head), ...cells.map(line)].join('\n');
}

/** The table on the console and reports/bench.json. */
export function writeBenchReport(results: Record<string, unknown>, rows: Row[]): void {
  const table = rows.map((r) => ({ ...r, measure: r.measure.trim() }));
  console.log(`\n${formatTable(rows)}`);
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify({ generatedAt: new Date().toISOString(), ...results, table }, null, 2)}\n`);
  console.log('\n→ reports/bench.json');
}
