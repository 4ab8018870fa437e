// The coverage reporter: merges the workers' counts (fixture.ts) with what the tests say
// (meaning checks shown or vacuous, readings observed, skip reasons), writes reports/coverage.json
// and coverage.html, prints the coverage line, and fails the run when the gate is on and unmet.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { openPoints, registry, type OpenPointId } from '../contracts/index.js';
import { loadEnv } from '../settings/env.js';
import { reportsPath } from './report-options.js';
import { SOURCE } from '../coverage/sources.js';
import { UNCOUNTED_PROJECTS, WORKER_COVERAGE_DIR } from '../coverage/where.js';
import { announce, gateSetting, writeCoverage, type GateSetting } from '../coverage/file.js';
import { coverageModel } from '../coverage/model.js';
import { addHit, buildReport, emptyData, mergeData, type CoverageData, type Scope } from '../coverage/tally.js';

export interface CoverageReporterOptions {
  /** `auto` (default): on for a whole run against the built-in mock. HB_COVERAGE_GATE overrides it. */
  gate?: GateSetting;
  /** Hold the run to part of the model only. */
  scope?: Scope;
}

const ids = new Set(registry.map((e) => e.id));
const routesNamed = (title: string): string[] => [...new Set((title.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter((w) => ids.has(w)))];

/** The workers' counts under each project's output folder. */
export function readWorkerCounts(outputDirs: string[]): CoverageData {
  let data = emptyData();
  for (const dir of new Set(outputDirs.map((d) => join(d, WORKER_COVERAGE_DIR)))) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      const w = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Pick<CoverageData, 'hits' | 'unknown'>;
      data = mergeData(data, { ...emptyData(), hits: w.hits, unknown: w.unknown });
    }
  }
  return data;
}

/** What the tests themselves say: meaning checks shown or vacuous, readings observed, why a route was not shown. */
export function testEvidence(tests: TestCase[]): CoverageData {
  const data = emptyData();
  for (const test of tests) {
    const project = test.parent.project()?.name ?? '';
    if (UNCOUNTED_PROJECTS.includes(project)) continue;
    const result = test.results.at(-1);
    const notes = [...test.annotations, ...(result?.annotations ?? [])];
    const title = test.titlePath().slice(2).join(' › ');
    const vacuous = notes.filter((a) => a.type === 'vacuous').map((a) => `vacuous: ${a.description ?? ''}`);
    const skipped =
      test.outcome() === 'skipped' ? [`skipped: ${notes.find((a) => a.type === 'skip')?.description ?? 'no reason given'}`] : [];
    for (const route of routesNamed(title)) {
      for (const why of [...vacuous, ...skipped]) data.notes[route] = [...new Set([...(data.notes[route] ?? []), `${title}: ${why}`])];
    }
    for (const a of notes.filter((x) => x.type === 'reading')) {
      const [, point, readings] = /^(\w+): (.*?) \(/.exec(a.description ?? '') ?? [];
      const listed = point && point in openPoints ? openPoints[point as OpenPointId].readings.map((r) => r.id) : [];
      const seen = (readings ?? '').split(' or ');
      if (seen.length === 1 && listed.includes(seen[0] as string)) addHit(data, `reading:${point}:${seen[0]}`);
    }
    if (!notes.some((a) => a.type === SOURCE)) continue;
    const covered = test.outcome() === 'expected' && result?.status === 'passed' && !vacuous.length;
    const before = data.meaning[title];
    const shown = covered || !!before?.covered;
    data.meaning[title] = { covered: shown, why: shown ? [] : [...new Set([...(before?.why ?? []), ...vacuous, ...skipped])] };
  }
  return data;
}

const VALUE_OPTIONS = new Set(['--project', '--workers', '-j', '--reporter', '--config', '-c', '--retries', '--timeout', '--output']);
const NARROWING = /^(--grep|-g|--grep-invert|--last-failed|--only-changed|--shard|--project)/;

/** Whether the run is the whole suite (every project, no filter); shards aside. */
export function wholeRun(config: FullConfig, suite: Suite, argv = process.argv): boolean {
  const args = argv.slice(argv.indexOf('test') + 1);
  const files = args.filter((a, i) => !a.startsWith('-') && !VALUE_OPTIONS.has(args[i - 1] ?? ''));
  const narrowed = args.some((a) => NARROWING.test(a) && !a.startsWith('--shard'));
  const ran = new Set(suite.suites.map((s) => s.project()?.name));
  return !files.length && !narrowed && config.projects.every((p) => ran.has(p.name));
}

export default class CoverageReporter implements Reporter {
  private config!: FullConfig;
  private suite!: Suite;

  constructor(private readonly options: CoverageReporterOptions = {}) {}

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.suite = suite;
  }

  onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    // A listing runs nothing: no coverage to write, no gate to hold.
    if (process.argv.includes('--list')) return Promise.resolve(undefined);
    const env = loadEnv();
    const meta = this.config.metadata as { target?: string; targetKind?: string };
    const targetKind = meta.targetKind ?? env.target.kind;
    const offline = targetKind === 'mock';
    const whole = wholeRun(this.config, this.suite);
    const shard = this.config.shard ? `${this.config.shard.current}/${this.config.shard.total}` : null;
    const setting = gateSetting(env.coverageGate, this.options.gate);
    // An interrupted or timed-out run exercised less than it would have: its gaps are not the suite's.
    const finished = result.status === 'passed' || result.status === 'failed';
    const gate = finished && (setting === 'on' || (setting === 'auto' && offline && whole && !shard));
    const data = mergeData(readWorkerCounts(this.config.projects.map((p) => p.outputDir)), testEvidence(this.suite.allTests()));
    const report = buildReport(coverageModel(), data, { offline, target: meta.target ?? targetKind, gate, scope: this.options.scope });
    const file = reportsPath(env, 'coverage.json');
    writeCoverage(file, { ...report, run: { whole, shard, targetKind, gate: setting } });
    const gateHolds = announce(report, file);
    return Promise.resolve(gateHolds ? undefined : { status: 'failed' });
  }

  printsToStdio(): boolean {
    return false;
  }
}
