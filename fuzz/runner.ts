// Runs the generated checks as fast-check properties: a seed, a number of cases and a time budget;
// each property stops at its first finding, shrunk to the smallest failing input and written to a
// replay file. Properties run side by side, as many as the cap on requests in flight allows.
// A case that gets no answer asks whether the target is down (the run's marker or a probe): a dead
// target ends the run as one report, with no finding and no replay file for its refused connections.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { redact } from '../client/secrets.js';
import { FUZZ_PROPERTIES, groupOf, type FuzzContext, type FuzzGroup, type Property } from './properties.js';
import { plan } from './plan.js';
import { wireStats } from './send.js';
import { refusals } from './json-verdicts.js';

export interface FuzzOptions {
  seed: number;
  /** Generated cases across all properties (each case is one request or, for form posts and logins, a few). */
  cases: number;
  /**
   * A safety stop, not the budget: the budget is `cases`, so the same seed sends the same requests on a fast
   * and a slow server. A property the stop cuts short is marked `interrupted` (a caller fails on it).
   */
  budgetMs: number;
  /** Where replay files go. */
  replayDir: string;
  /** What names this run's target in replay file names and commands (`HB_MOCK_MUTANT=x`, `--readings alternate`). */
  replay?: { tag?: string; envPrefix?: string; args?: string };
  log?: (line: string) => void;
  /**
   * Why the target is down, or undefined while it answers: asked after a case got no answer (the
   * suite reads the run's marker and probes, fixtures/target-down.ts; the script probes). Absent: never down.
   */
  targetDown?: () => Promise<string | undefined>;
  /**
   * Whether the run finds anything is all that is asked (a mutation try: the test fails or not): the first
   * finding ends the run, unshrunk, and the properties left are not run.
   */
  firstFindingOnly?: boolean;
  /** One group of the properties only (the suite's tests); absent: all of them. */
  group?: FuzzGroup;
}

interface Finding {
  property: string;
  message: string;
  /** The shrunk input. */
  input: unknown;
  seed: number;
  path?: string;
  shrinks: number;
  replayFile: string;
}

export interface FuzzSummary {
  cases: number;
  requests: number;
  ms: number;
  maxInFlight: number;
  properties: { name: string; runs: number; ms: number; finding?: string; interrupted: boolean }[];
  findings: Finding[];
  notes: string[];
  refused: number;
  tolerated: number;
  /** Why the run stopped early: the target stopped answering (reported once, instead of findings). */
  down?: string;
}

/** A verdict or error of a case that got no HTTP answer (fuzz/send.ts `describe`, client/errors.ts TransportError). */
const NO_ANSWER = /→ no answer: |no HTTP answer, no status/;

/** A file name for a property's replay: safe on every file system. */
const fileName = (property: string, seed: number, tag = '') =>
  `${[property, seed, tag]
    .filter((x) => x !== '')
    .join('-')
    .replace(/[^a-z0-9-]+/gi, '-')}.json`;

/** The command that replays a file against the same kind of target. */
export const replayCommand = (file: string, r: FuzzOptions['replay'] = {}) =>
  `${r.envPrefix ? `${r.envPrefix} ` : ''}npm run fuzz -- --replay ${file}${r.args ? ` ${r.args}` : ''}`;

function writeReplay(dir: string, f: Omit<Finding, 'replayFile'>, target: string, r: FuzzOptions['replay'] = {}): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, fileName(f.property, f.seed, r.tag));
  const body = { ...f, target, command: replayCommand(file, r) };
  writeFileSync(file, `${redact(JSON.stringify(body, null, 2))}\n`);
  return file;
}

/** One run's shared state: what its properties read (the options, the clock) and add to (the summary). */
interface Run {
  ctx: FuzzContext;
  options: FuzzOptions;
  summary: FuzzSummary;
  deadline: number;
  log: (line: string) => void;
  /** Whether the target is down: true once a probe said so (summary.down). */
  isDown: () => Promise<boolean>;
}

const inGroup = (options: FuzzOptions, p: Property) => !options.group || groupOf(p) === options.group;

/** Whether another property's finding has ended a run that asks for the first one only. */
const firstFound = (run: Run) => !!run.options.firstFindingOnly && run.summary.findings.length > 0;

/** The run's question whether the target is down, asked one at a time: concurrent cases that lost their connection share its answer. */
function downCheck(summary: FuzzSummary, options: FuzzOptions): () => Promise<boolean> {
  let asking: Promise<string | undefined> | undefined;
  return async () => {
    if (summary.down !== undefined) return true;
    if (!options.targetDown) return false;
    asking ??= options.targetDown().finally(() => (asking = undefined));
    summary.down ??= await asking;
    return summary.down !== undefined;
  };
}

/** A finding of a property: written to its replay file and added to the summary. */
function addFinding(run: Run, found: Omit<Finding, 'replayFile'>): void {
  const replayFile = writeReplay(run.options.replayDir, found, run.ctx.targetLabel, run.options.replay);
  run.summary.findings.push({ ...found, replayFile });
}

/** A property of listed inputs (the boundaries): each input once, in order, up to its first finding. */
async function listed(run: Run, property: Property): Promise<void> {
  const { summary, options } = run;
  const t = performance.now();
  let runs = 0;
  let verdict: string | null = null;
  let input: unknown;
  for (input of property.cases ?? []) {
    if (performance.now() > run.deadline || firstFound(run)) break;
    runs += 1;
    try {
      verdict = await property.judge(input);
    } catch (error) {
      // As fast-check takes a random case's error: its message is the finding.
      verdict = (error as Error).message;
    }
    // A target that stopped answering is reported once (summary.down), not as a boundary finding.
    if (verdict && NO_ANSWER.test(verdict) && (await run.isDown())) verdict = null;
    if (verdict || summary.down !== undefined) break;
  }
  summary.cases += runs;
  const row: FuzzSummary['properties'][number] = {
    name: property.name,
    runs,
    ms: performance.now() - t,
    interrupted: runs < (property.cases?.length ?? 0) && !verdict,
  };
  if (verdict) {
    addFinding(run, { property: property.name, message: redact(verdict), input, seed: options.seed, shrinks: 0 });
    row.finding = verdict.split('\n')[0];
  }
  summary.properties.push(row);
  run.log(
    `${row.finding ? '✗' : '✓'} ${property.name.padEnd(44)} ${String(runs).padStart(5)} cases${row.finding ? `  ${row.finding}` : ''}`,
  );
}

/** One random case of a property: its verdict thrown as fast-check's failure, unless the target is down. */
async function randomCase(run: Run, property: Property, input: unknown): Promise<void> {
  let verdict: string | null;
  try {
    verdict = await property.judge(input);
  } catch (error) {
    if (NO_ANSWER.test((error as Error).message) && (await run.isDown())) return;
    throw error;
  }
  if (verdict && NO_ANSWER.test(verdict) && (await run.isDown())) return;
  if (verdict) throw new Error(verdict);
}

/** A property of random inputs: `runs` cases from the seed, shrunk to the smallest failing one. */
async function random(run: Run, property: Property, runs: number): Promise<void> {
  const { summary, options } = run;
  if (firstFound(run)) return;
  const left = run.deadline - performance.now();
  if (left <= 0 || summary.down !== undefined) {
    // Not run: out of time, or the target is down (the run's one report says so).
    summary.properties.push({ name: property.name, runs: 0, ms: 0, interrupted: true });
    return;
  }
  const t = performance.now();
  let count = 0;
  const details = await fc.check(
    fc.asyncProperty(property.arb, async (input) => {
      if (summary.down !== undefined || firstFound(run)) return;
      count += 1;
      await randomCase(run, property, input);
    }),
    {
      seed: options.seed,
      numRuns: runs,
      interruptAfterTimeLimit: left,
      markInterruptAsFailure: false,
      endOnFailure: !!options.firstFindingOnly,
    },
  );
  const ms = performance.now() - t;
  summary.cases += count;
  const row: FuzzSummary['properties'][number] = { name: property.name, runs: details.numRuns, ms, interrupted: details.interrupted };
  const message = details.failed ? redact((details.errorInstance as Error | undefined)?.message ?? String(details.errorInstance)) : '';
  // A case that got no answer while the target was dying is not the target's finding: no replay file.
  const dying = summary.down !== undefined && NO_ANSWER.test(message);
  if (details.failed && details.counterexample && !dying) {
    const { seed, numShrinks: shrinks } = details;
    const path = details.counterexamplePath ?? undefined;
    addFinding(run, { property: property.name, message, input: details.counterexample[0], seed, path, shrinks });
    row.finding = message.split('\n')[0];
  }
  summary.properties.push(row);
  run.log(
    `${row.finding ? '✗' : '✓'} ${property.name.padEnd(44)} ${String(details.numRuns).padStart(5)} cases ` +
      `${(ms / 1000).toFixed(1).padStart(6)} s${row.finding ? `  ${row.finding}` : ''}`,
  );
}

/**
 * As many properties at once as `concurrency` (a property alone at the end would keep one request in flight),
 * the boundaries first, so the safety stop never cuts them for random ones. The form posts go one at a time, in
 * one job started second, their boundaries before the random ones: each post's number sets its name, day and
 * hour, and it reads the hall's count before and after it.
 */
async function runAll(run: Run, queue: { property: Property; runs: number }[], concurrency: number): Promise<void> {
  const boundaries = FUZZ_PROPERTIES(run.ctx).filter((p) => p.cases && inGroup(run.options, p));
  const posts = async () => {
    for (const p of boundaries.filter((b) => b.posts)) await listed(run, p);
    for (const q of queue.filter((r) => r.property.posts)) await random(run, q.property, q.runs);
  };
  const jobs: (() => Promise<void>)[] = [
    ...boundaries.filter((p) => !p.posts).map((p) => () => listed(run, p)),
    posts,
    ...queue.filter((q) => !q.property.posts).map((q) => () => random(run, q.property, q.runs)),
  ];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) await jobs[i]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

export async function runFuzz(ctx: FuzzContext, options: FuzzOptions, concurrency: number): Promise<FuzzSummary> {
  const started = performance.now();
  // Each property's share of the cases is the same in a run of its group alone.
  const queue = plan(ctx, options.cases).filter((q) => inGroup(options, q.property));
  const summary: FuzzSummary = {
    cases: 0,
    requests: 0,
    ms: 0,
    maxInFlight: 0,
    properties: [],
    findings: [],
    notes: [],
    refused: 0,
    tolerated: 0,
  };
  // The counters are the process's: this run's share is what they gained during it (the suite runs one group after another).
  const requestsBefore = wireStats.requests;
  const [refusedBefore, toleratedBefore] = [refusals.refused, refusals.tolerated];
  wireStats.maxInFlight = wireStats.inFlight;
  const log = options.log ?? (() => undefined);
  const run: Run = { ctx, options, summary, deadline: started + options.budgetMs, log, isDown: downCheck(summary, options) };
  await runAll(run, queue, concurrency);
  summary.notes.push(...ctx.notes());
  summary.requests = wireStats.requests - requestsBefore;
  summary.maxInFlight = wireStats.maxInFlight;
  summary.refused = refusals.refused - refusedBefore;
  summary.tolerated = refusals.tolerated - toleratedBefore;
  summary.ms = performance.now() - started;
  return summary;
}

/** Run one replay file's input again through its property's check; the verdict, or null when it no longer fails. */
export async function replay(ctx: FuzzContext, file: { property: string; input: unknown }): Promise<string | null> {
  const property = FUZZ_PROPERTIES(ctx).find((p) => p.name === file.property);
  if (!property)
    throw new Error(
      `replay: no property "${file.property}" (known: ${FUZZ_PROPERTIES(ctx)
        .map((p) => p.name)
        .join(', ')})`,
    );
  return property.judge(file.input);
}
