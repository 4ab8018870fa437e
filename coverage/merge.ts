// Coverage across shards (`npm run report -- --merge <dir>`): each shard's coverage.json
// carries its raw counts; they add up, and the report and the gate are made again from the sum.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageModel } from './model.js';
import { announce, type CoverageFile, type GateSetting, writeCoverage } from './file.js';
import { buildReport, emptyData, mergeData } from './tally.js';

/** Files named `coverage.json` anywhere under `dir`. */
function coverageFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? coverageFilesUnder(join(dir, e.name)) : e.name === 'coverage.json' ? [join(dir, e.name)] : [],
  );
}

/**
 * The shards as one run. The gate: `on`/`off` as set; `auto` holds the merged run to the model when
 * every shard was offline and whole but for its shard, and the shards make up the whole (1…n of n).
 */
export function mergeShards(shards: CoverageFile[], setting: GateSetting): CoverageFile {
  const data = shards.reduce((sum, s) => mergeData(sum, s.data), emptyData());
  const offline = shards.length > 0 && shards.every((s) => s.run.targetKind === 'mock');
  const parts = new Set(shards.map((s) => s.run.shard));
  const total = Number(shards[0]?.run.shard?.split('/')[1] ?? 1);
  const complete = parts.size === total && (total === 1 ? parts.has(null) || parts.has('1/1') : true);
  const gate = setting === 'on' || (setting === 'auto' && offline && complete && shards.every((s) => s.run.whole));
  const report = buildReport(coverageModel(), data, { offline, target: shards[0]?.target ?? 'unknown', gate });
  return {
    ...report,
    run: { whole: complete && shards.every((s) => s.run.whole), shard: null, targetKind: shards[0]?.run.targetKind ?? '', gate: setting },
  };
}

/** Merge every shard's coverage.json under `dir` into `file`; false when the gate is on and unmet, null when no shard had one. */
export function mergeShardCoverage(dir: string, file: string, setting: GateSetting): boolean | null {
  const files = coverageFilesUnder(dir);
  if (!files.length) return null;
  const merged = mergeShards(
    files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as CoverageFile),
    setting,
  );
  writeCoverage(file, merged);
  console.log(`Merged the coverage of ${files.length} shard(s):`);
  return announce(merged, file);
}
