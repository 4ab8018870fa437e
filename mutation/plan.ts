// `npm run mutation`'s first try, planned: each mutant against the tests that killed it before, played by
// the mock for that test only (the `mutantPerTest` option). A test planned against several mutants plays
// them in rounds, its n-th mutant in the n-th round; each round is a project of its own, holding only the
// tests that play a mutant in it. Playwright starts a worker for every project (and every repeat of one),
// so the rounds are as few as the most mutants one test plays, and the service projects share them (SHARED).
import { existsSync, readFileSync } from 'node:fs';
import { SERVICE_PROJECTS } from '../child-runs/child-run.js';
import { parseTestName } from '../reporting/json-report.js';

/** The suite that judges the mock's service: setup, the service projects and the contract's list-shape and alias variant. */
export const MUTATION_PROJECTS = [...SERVICE_PROJECTS, 'contract-variant'];
/** Suite projects a try may run in: the service projects and `setup` (its try keeps its own session: playwright.mutation.config.ts). */
const TRY_PROJECTS = ['setup', ...MUTATION_PROJECTS];

/** One try: `titlePath` of `file` (relative to tests/), run as suite project `project` would, against `mutant`. */
export interface PlannedTry {
  mutant: string;
  project: string;
  file: string;
  titlePath: string[];
}

/** The annotation of a try's result that names the mutant the mock played (fixtures/mutation-hook.ts; read back in verdict.ts). */
export const MUTANT_ANNOTATION = 'mutant';

/** A test as the first try keys it: `file › describe › title`, the file relative to tests/. */
export const testKey = (t: { file: string; titlePath: string[] }): string => [t.file, ...t.titlePath].join(' › ');

/**
 * Suite projects whose tries run in one try project, `try`, with the settings of SHARED_SETTINGS: the same
 * mock, and a contract test runs as it does in a browser project (the readings projects run them so).
 * Their files lie in folders of their own, so a test's file names its suite project.
 */
const SHARED = SERVICE_PROJECTS;
const SHARED_SETTINGS = 'wire';

/** The try projects of suite project `project`: `try` for the shared ones, else `try|<project>`; `|<n>` from the second round on. */
const tryProjectName = (project: string, round: number): string =>
  `${SHARED.includes(project) ? 'try' : `try|${project}`}${round ? `|${round + 1}` : ''}`;

/** Whether a result (`[project] file › title`) is of a try project. */
export const isTryResult = (test: string): boolean => /^\[try[|\]]/.test(test);

export interface TryProject {
  /** `try`, or `try|<suite project>` for a project of its own settings; `|<n>` for the n-th round. */
  name: string;
  /** The suite project whose settings it takes. */
  project: string;
  /** 1 for a test's first mutant, n for its n-th. */
  round: number;
  tries: PlannedTry[];
  /** What the `mutantPerTest` option of the project holds: test key → the mutant it plays in this round. */
  mutantPerTest: Record<string, string>;
}

/** The try projects that play `plan`: per suite project (or the shared group), one per round, first rounds first. */
export function tryProjectsOf(plan: PlannedTry[]): TryProject[] {
  const projects = new Map<string, TryProject>();
  const rounds = new Map<string, number>();
  for (const t of plan) {
    const group = tryProjectName(t.project, 0);
    const key = `${group}\n${testKey(t)}`;
    const round = rounds.get(key) ?? 0;
    rounds.set(key, round + 1);
    const name = tryProjectName(t.project, round);
    const project = SHARED.includes(t.project) ? SHARED_SETTINGS : t.project;
    const p = projects.get(name) ?? { name, project, round: round + 1, tries: [], mutantPerTest: {} };
    p.mutantPerTest[testKey(t)] = t.mutant;
    p.tries.push(t);
    projects.set(name, p);
  }
  return [...projects.values()].sort((a, b) => a.round - b.round);
}

/**
 * A try's result (`[try…] file › a › b`) and the mutant it played → the suite test of `plan` it stands for; undefined
 * for other tests. The plan entry's try project must be the result's (any round), so a test planned against one
 * mutant in two suite projects maps to each.
 */
export function tryOfResult(plan: PlannedTry[], name: string, mutant: string | undefined): { mutant: string; test: string } | undefined {
  if (!isTryResult(name) || !mutant) return undefined;
  const project = name.slice(1, name.indexOf('] '));
  const key = name.slice(name.indexOf('] ') + 2);
  const group = project.replace(/\|\d+$/, '');
  const planned = plan.find((t) => t.mutant === mutant && testKey(t) === key && tryProjectName(t.project, 0) === group);
  return planned ? { mutant, test: `[${planned.project}] ${key}` } : undefined;
}

/** Test names (`[project] file › title`) that killed each mutant before: the last report's, then the committed record's. */
export function loadHints(reportFile: string, killersFile: string): Map<string, string[]> {
  const hints = new Map<string, string[]>();
  const add = (id: string, names: string[]) => hints.set(id, [...new Set([...(hints.get(id) ?? []), ...names])]);
  try {
    const last = JSON.parse(readFileSync(reportFile, 'utf8')) as { mutants?: { id: string; caughtBy?: { test: string }[] }[] };
    for (const m of last.mutants ?? [])
      add(
        m.id,
        (m.caughtBy ?? []).map((f) => f.test),
      );
  } catch {
    // No earlier report: the committed record alone.
  }
  if (existsSync(killersFile)) {
    const record = JSON.parse(readFileSync(killersFile, 'utf8')) as Record<string, string[]>;
    for (const [id, names] of Object.entries(record)) add(id, names);
  }
  return hints;
}

/** Each mutant against at most two of the tests that killed it before, in projects a try can run in. */
export function planTries(mutantIds: string[], hints: Map<string, string[]>): PlannedTry[] {
  return mutantIds.flatMap((mutant) =>
    (hints.get(mutant) ?? []).slice(0, 2).flatMap((name) => {
      const parsed = parseTestName(name);
      return parsed && TRY_PROJECTS.includes(parsed.project) ? [{ mutant, ...parsed }] : [];
    }),
  );
}
