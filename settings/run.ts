// A run's own settings and files: its id (HB_RUN_ID, the marker in booking names), the key its workers'
// mocks sign sessions with (HB_MOCK_SECRET), and its folder in the temp folder, where the workers share
// run-wide files (request slots, facts, the dead-target marker, the suite listing). The folder is removed
// at the run's end; a run killed before its end leaves it, and the next run removes it and says so.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The run's id (HB_RUN_ID, set by playwright.config.ts for the runner and every worker); undefined outside a run. */
export const runId = (): string | undefined => process.env.HB_RUN_ID || undefined;

/**
 * The run's id, made now when none is set (a CI workflow sets one for all its shards). It begins with the start time in
 * base 36 (client/run-marker.ts reads it back); `tag` marks the kind of run (`z` for the generated inputs' own).
 */
export function ensureRunId(tag = ''): string {
  process.env.HB_RUN_ID ||= `${Date.now().toString(36)}${tag}${Math.random().toString(36).slice(2, 5)}`;
  return process.env.HB_RUN_ID;
}

/** The key the workers' mocks sign sessions with (HB_MOCK_SECRET): one per run, so no key in the source can forge one. */
export const mockSecret = (): string | undefined => process.env.HB_MOCK_SECRET || undefined;

/** {@link mockSecret}, made now when none is set (the runner, before its workers start). */
export function ensureMockSecret(): string {
  process.env.HB_MOCK_SECRET ||= randomBytes(32).toString('base64url');
  return process.env.HB_MOCK_SECRET;
}

const PREFIX = 'hb-run-';
const OWNER = 'owner.json';

/** The folder of run `id` in the temp folder. */
const folderOf = (id: string): string => join(tmpdir(), `${PREFIX}${id.replace(/[^a-z0-9_-]/gi, '_')}`);

/** A file of this run's folder (the folder made when missing); undefined outside a run. */
export function runFile(name: string): string | undefined {
  const id = runId();
  if (!id) return undefined;
  const folder = folderOf(id);
  mkdirSync(folder, { recursive: true });
  return join(folder, name.replace(/[^a-z0-9._-]/gi, '_'));
}

/** Whether process `pid` is running (a process of another user counts). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

interface Owner {
  pid: number;
  startedAt: string;
}

const ownerOf = (folder: string): Owner | undefined => {
  try {
    return JSON.parse(readFileSync(join(folder, OWNER), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
};

/** A run that ended without removing its folder: killed, or its machine stopped. */
export interface KilledRun {
  id: string;
  startedAt?: string;
}

/** The folders of runs whose runner is gone, removed; returns those runs. A folder with no owner yet (a run starting) is left. */
export function sweepKilledRuns(): KilledRun[] {
  const own = runId();
  const killed: KilledRun[] = [];
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const folder = join(tmpdir(), name);
    const owner = ownerOf(folder);
    if (!owner || (own && folder === folderOf(own)) || alive(owner.pid)) continue;
    rmSync(folder, { recursive: true, force: true });
    killed.push({ id: name.slice(PREFIX.length), startedAt: owner.startedAt });
  }
  return killed;
}

/**
 * The runner, as the run starts: the folders of killed runs removed ({@link sweepKilledRuns}), and this run's folder named
 * its own (the runner's pid). Returns the killed runs.
 */
export function claimRunFolder(): KilledRun[] {
  const id = ensureRunId();
  const killed = sweepKilledRuns();
  const folder = folderOf(id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, OWNER), JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() } satisfies Owner));
  return killed;
}

/** The run's end (its global teardown): its folder and every run-wide file in it removed. */
export function removeRunFolder(): void {
  const id = runId();
  if (id) rmSync(folderOf(id), { recursive: true, force: true });
}

/** The reports folder's note of a run under way: written once its start-up checks pass, removed when its reports are whole. */
export const RUN_IN_PROGRESS = '.run-in-progress.json';

interface InProgress extends Owner {
  runId: string;
}

/** The run whose reports are in `reportsDir` and that did not finish (its runner gone), if any; `alive` when one is under way. */
function unfinishedRun(reportsDir: string): (KilledRun & { alive: boolean }) | undefined {
  let note: InProgress;
  try {
    note = JSON.parse(readFileSync(join(reportsDir, RUN_IN_PROGRESS), 'utf8')) as InProgress;
  } catch {
    return undefined;
  }
  return { id: note.runId, startedAt: note.startedAt, alive: note.pid !== process.pid && alive(note.pid) };
}

/** Why no report is made of the results in `reportsDir` (a run under way, or one killed before its end), if so. */
export function unfinishedRunRefusal(reportsDir: string): string | undefined {
  const unfinished = unfinishedRun(reportsDir);
  if (!unfinished) return undefined;
  const started = unfinished.startedAt ? `, started ${unfinished.startedAt}` : '';
  return unfinished.alive
    ? `the run ${unfinished.id}${started} is still under way: report it when it ends`
    : `the Allure results are of the run ${unfinished.id}${started}, which did not finish (killed?): run the suite again`;
}

/** This run writes its reports now: the note written; returns the run that left the folder unfinished before it, if one did. */
export function beginReports(reportsDir: string): KilledRun | undefined {
  const before = unfinishedRun(reportsDir);
  const note: InProgress = { runId: ensureRunId(), pid: process.pid, startedAt: new Date().toISOString() };
  writeFileSync(join(reportsDir, RUN_IN_PROGRESS), JSON.stringify(note));
  return before && !before.alive ? before : undefined;
}

/** This run's reports are whole: the note removed. */
export function endReports(reportsDir: string): void {
  rmSync(join(reportsDir, RUN_IN_PROGRESS), { force: true });
}

/** A mutation run's plan (`npm run mutation` starts its child runs with it): the file of its tries, and whether only they run. */
export interface MutationPlanSetting {
  /** HB_MUTATION_PLAN: the JSON file of the planned tries. */
  file: string;
  /** HB_MUTATION_TRIES_ONLY: a baseline (npm test's run) stands for the faithful run, so only the tries run. */
  triesOnly: boolean;
}

/** The settings of a mutation run's child, as the mutation config reads them; a plan file is required there. */
export function mutationPlanSetting(): MutationPlanSetting {
  const file = process.env.HB_MUTATION_PLAN;
  if (!file) throw new Error('HB_MUTATION_PLAN is not set: the mutation config runs under npm run mutation only');
  return { file, triesOnly: process.env.HB_MUTATION_TRIES_ONLY === 'true' };
}

/** The variables that hand a mutation run's child its plan ({@link mutationPlanSetting} reads them back). */
export const mutationPlanVariables = ({ file, triesOnly }: MutationPlanSetting): Record<string, string> => ({
  HB_MUTATION_PLAN: file,
  ...(triesOnly ? { HB_MUTATION_TRIES_ONLY: 'true' } : {}),
});
