// The budgets of `npm run bench`, each a ratio to one pass of the service suite against a staging-like server measured
// on the same machine within the hour (machines of one kind differ by up to 1.8× from day to day: seconds alone would
// hold a slow day to a fast day's figures), and the history of every bench run, one row each, in
// docs/bench-history.md (the bench writes it; the README's Speed section points to it).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../settings/paths.js';
import { round, verdict, type Row } from './report.js';

export const HISTORY = join(REPO_ROOT, 'docs', 'bench-history.md');
/** How long a pass holds as the reference of the budgets. */
const PASS_HOLDS_MS = 60 * 60 * 1000;

/** The measures whose figures are ratios to the pass: the bench takes the pass again after the last of them. */
export const RATIOED: readonly string[] = ['suite', 'mutation', 'ci'];
/** How far the two passes of one bench may differ before its ratios are not to be trusted. */
const DRIFT_BOUND = 1.2;

/** The budgets, each against the pass: the figure and its bound. */
const BUDGETS = {
  npmTest: 2.0,
  npmTestCpuSeconds: 180,
  mutation: 1.0,
  ci: 5.0,
  bigHall: 1.2,
  latencyFloor: 1.2,
} as const;

/** What the measures of one bench run found (reports/bench.json's figures), each absent when not measured. */
export interface Figures {
  /**
   * The service pass against a staging-like server (the staging measure's 0 ms run); with a closing pass, the mean
   * of the two, which `passes` holds.
   */
  passSeconds?: number;
  passes?: { start: number; end: number };
  /** Why the pass taken again after the measures is no unit (it failed or was not green): the drift is unknown. */
  closingPassFailed?: string;
  /** selfChecksShare: the harness and artefacts projects' share of its CPU, in per cent. */
  npmTest?: { wallSeconds: number; cpuSeconds: number; green: boolean; selfChecksShare?: number };
  mutation?: { wallSeconds: number; ok: boolean };
  /** `at`: when that .ci/run ran (without --ci the bench reads the last run's figures). */
  ci?: { seconds: number; ok: boolean; at?: string };
  bigHall?: { ratio: number; green: boolean };
  latency?: { ofFloor: number; green: boolean };
}

export interface Reference {
  seconds: number;
  /** `measured now`, or when the history's pass was taken. */
  when: string;
  /** The slower of this run's two passes over the faster: how far the machine's speed drifted during the bench. */
  drift?: number;
}

const COLUMNS = [
  'date (UTC)',
  'commit',
  'machine',
  'service pass',
  'npm test',
  'mutation',
  '.ci/run',
  'big hall',
  '100 ms / floor',
  'verdict',
];

/** The slower of two passes over the faster: how far the machine's speed drifted between them. */
const driftOf = (a: number, b: number): number => round(Math.max(a, b) / Math.min(a, b), 2);

/** A history row's pass cell, `28.8 s` or `28.8 s (28.8, 28.7)` (the mean of two passes): its seconds, and for two their drift. */
export function passOfCell(cell: string): { seconds: number; drift?: number } | undefined {
  const m = /^([\d.]+) s(?: \(([\d.]+), ([\d.]+)\))?$/.exec(cell.trim());
  const seconds = Number(m?.[1]);
  if (!m || !(seconds > 0)) return undefined;
  if (m[2] === undefined || m[3] === undefined) return { seconds };
  return { seconds, drift: driftOf(Number(m[2]), Number(m[3])) };
}

/** The last pass of the history taken within the hour, if any. */
function recentPass(now = Date.now()): Reference | undefined {
  if (!existsSync(HISTORY)) return undefined;
  for (const line of readFileSync(HISTORY, 'utf8').split('\n').reverse()) {
    const cells = line.split('|').map((c) => c.trim());
    const [date, machineOf, pass] = [cells[1], cells[3], cells[4]];
    // A pass of another machine is no unit of this one's figures.
    if (machineOf !== machine()) continue;
    const taken = passOfCell(pass ?? '');
    const at = Date.parse(`${date?.replace(' ', 'T')}:00Z`);
    if (taken && Number.isFinite(at))
      return now - at <= PASS_HOLDS_MS
        ? { seconds: taken.seconds, when: date!, ...(taken.drift !== undefined && { drift: taken.drift }) }
        : undefined;
  }
  return undefined;
}

const times = (n: number, pass: number) => round(n / pass, 2);
/** `2 × Intel(R) Xeon(R) …`: the history's machine column. */
const machine = (): string => `${cpus().length} × ${cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? '?'}`;

/** The unit of the budgets: this run's service pass, else the history's within the hour. */
export function referenceOf(f: Figures): Reference | undefined {
  if (!f.passSeconds) return recentPass();
  if (!f.passes) return { seconds: f.passSeconds, when: 'measured now' };
  const { start, end } = f.passes;
  return {
    seconds: f.passSeconds,
    when: `the mean of ${start} s before the measures and ${end} s after them`,
    drift: driftOf(start, end),
  };
}

/** Whether the .ci/run figures are of another hour than this run's (they compare with nothing of this one). */
const staleCi = (f: Figures): boolean => f.ci?.at !== undefined && Date.now() - Date.parse(f.ci.at) > PASS_HOLDS_MS;

/** The budget rows: each figure as a ratio to the reference pass, against its bound; the big hall and latency need none. */
export function ratioRows(f: Figures, reference: Reference | undefined): Row[] {
  const rows: Row[] = [];
  const row = (measure: string, ratio: number, bound: number, ok: boolean, note = '') =>
    rows.push({ measure, value: `${ratio}×${note}`, target: `≤ ${bound}×`, status: verdict(ok && ratio <= bound) });
  if (!reference) {
    if ([f.npmTest, f.mutation, f.ci].some(Boolean))
      rows.push({
        measure: 'budgets',
        value: 'no service pass within the hour: add staging (npm run bench -- --only staging,…)',
        status: verdict(false),
      });
  } else {
    const pass = reference.seconds;
    rows.push({ measure: 'service pass (the budgets’ unit)', value: `${pass} s (${reference.when})` });
    if (f.closingPassFailed)
      rows.push({
        measure: "the machine's drift during the bench",
        value: `unknown: the pass after the measures failed (${f.closingPassFailed})`,
        status: verdict(false),
      });
    const drifted = reference.drift !== undefined && reference.drift > DRIFT_BOUND;
    if (reference.drift !== undefined)
      rows.push({
        measure: "the machine's drift during the bench",
        value: `${reference.drift}×${drifted ? ': the ratios are uncertain by as much; measure again on a quiet machine' : ''}`,
        target: `≤ ${DRIFT_BOUND}×`,
        status: verdict(reference.drift <= DRIFT_BOUND),
      });
    if (f.npmTest) {
      const { wallSeconds, cpuSeconds, green } = f.npmTest;
      row('npm test / pass', times(wallSeconds, pass), BUDGETS.npmTest, green, green ? '' : ', NOT GREEN');
      rows.push({
        measure: 'npm test, CPU',
        value: `${cpuSeconds} s`,
        target: `≤ ${BUDGETS.npmTestCpuSeconds} s`,
        status: verdict(cpuSeconds <= BUDGETS.npmTestCpuSeconds),
      });
    }
    if (f.mutation) row('npm run mutation / pass', times(f.mutation.wallSeconds, pass), BUDGETS.mutation, f.mutation.ok);
    if (f.ci && staleCi(f))
      rows.push({
        measure: '.ci/run / pass',
        value: `the last .ci/run (${f.ci.at}) is over an hour old: npm run bench -- --ci`,
        status: verdict(false),
      });
    else if (f.ci) row('.ci/run / pass', times(f.ci.seconds, pass), BUDGETS.ci, f.ci.ok);
  }
  if (f.bigHall) row('big hall / default seed', f.bigHall.ratio, BUDGETS.bigHall, f.bigHall.green);
  if (f.latency) row('100 ms per answer / floor', f.latency.ofFloor, BUDGETS.latencyFloor, f.latency.green);
  return rows;
}

type Raw = Record<string, Record<string, unknown> | undefined>;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The figures of the measures' raw results (reports/bench.json's), each absent when its measure did not run or failed. */
export function figuresOf(results: Record<string, unknown>): Figures {
  const r = results as Raw;
  const fast = r.staging?.fast as { wallSeconds?: number; exitCode?: number | null } | undefined;
  const slow = r.staging?.slow as { exitCode?: number | null } | undefined;
  const seeds = r['seed-scale'] as { ratio?: number; default?: { exitCode?: number }; big?: { exitCode?: number } } | undefined;
  const f: Figures = {};
  const closing = r.closingPass as { wallSeconds?: number; exitCode?: number | null; error?: string } | undefined;
  if (fast?.exitCode === 0 && num(fast.wallSeconds)) {
    f.passSeconds = fast.wallSeconds;
    if (closing?.exitCode === 0 && num(closing.wallSeconds)) {
      f.passes = { start: fast.wallSeconds!, end: closing.wallSeconds! };
      f.passSeconds = round((fast.wallSeconds! + closing.wallSeconds!) / 2, 1);
    } else if (closing) f.closingPassFailed = closing.error ?? `exit ${closing.exitCode ?? 'none'}`;
  }
  const suite = r.suite;
  const share = num((suite?.selfChecks as { share?: unknown } | undefined)?.share);
  if (num(suite?.wallSeconds) !== undefined)
    f.npmTest = {
      wallSeconds: num(suite?.wallSeconds)!,
      cpuSeconds: num(suite?.cpuSeconds) ?? NaN,
      green: suite?.exitCode === 0,
      ...(share !== undefined && { selfChecksShare: share }),
    };
  const m = r.mutation;
  if (num(m?.wallSeconds) !== undefined)
    f.mutation = { wallSeconds: num(m?.wallSeconds)!, ok: m?.exitCode === 0 && m?.killed === m?.total };
  const ci = r.ci;
  if (num(ci?.seconds) !== undefined)
    f.ci = { seconds: num(ci?.seconds)!, ok: ci?.exitCode === 0, ...(typeof ci?.at === 'string' && { at: ci.at }) };
  if (num(seeds?.ratio) !== undefined)
    f.bigHall = { ratio: seeds!.ratio!, green: seeds?.default?.exitCode === 0 && seeds.big?.exitCode === 0 };
  if (num(r.staging?.ofFloor) !== undefined) f.latency = { ofFloor: num(r.staging?.ofFloor)!, green: slow?.exitCode === 0 };
  return f;
}

const commit = (): string => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '—';
  }
};

/** The history file's opening: what it holds, and its table's head. */
const HISTORY_HEAD =
  '# Bench history\n\nOne row per `npm run bench`, written by it (`bench/ratios.ts`); each time a ratio to the service ' +
  'pass of the same run (with the passes before and after the measures, their mean), or of a run within the hour, and ' +
  "the self-checks a share of npm test's CPU. " +
  'Budgets: [README, Speed](../README.md#speed).\n\n' +
  `| ${COLUMNS.join(' | ')} |\n|${COLUMNS.map(() => '---').join('|')}|\n`;

/** One row of the history for this run: its date, commit, machine, figures (as ratios where a pass is known) and verdict. */
export function appendHistory(f: Figures, rows: Row[]): void {
  const pass = f.passSeconds ?? recentPass()?.seconds;
  const ratio = (n: number | undefined) => (n === undefined ? '—' : pass ? `${times(n, pass)}×` : `${n} s`);
  const cells = [
    new Date().toISOString().slice(0, 16).replace('T', ' '),
    commit(),
    machine(),
    f.passSeconds === undefined ? '—' : `${f.passSeconds} s${f.passes ? ` (${f.passes.start}, ${f.passes.end})` : ''}`,
    f.npmTest
      ? `${ratio(f.npmTest.wallSeconds)}, ${f.npmTest.cpuSeconds} CPU-s` +
        (f.npmTest.selfChecksShare === undefined ? '' : `, self-checks ${f.npmTest.selfChecksShare}%`)
      : '—',
    ratio(f.mutation?.wallSeconds),
    staleCi(f) ? 'over an hour old' : ratio(f.ci?.seconds),
    f.bigHall ? `${f.bigHall.ratio}×` : '—',
    f.latency ? `${f.latency.ofFloor}×` : '—',
    rows.some((r) => r.status === verdict(false)) ? 'MISSED' : 'met',
  ];
  if (!existsSync(HISTORY)) appendFileSync(HISTORY, HISTORY_HEAD);
  appendFileSync(HISTORY, `| ${cells.join(' | ')} |\n`);
}
