// `npm run mutation`'s first try, planned: each mutant against the tests that killed it before, played by
// the mock for that test only (the `mutantPerTest` option). A test planned against several mutants is
// repeated (`repeatEach`), its n-th repeat playing its n-th mutant. Playwright starts a worker for every
// repeat of every project, so the service projects share one try project (see SHARED).
import { existsSync, readFileSync } from 'node:fs';
import { SERVICE_PROJECTS } from '../child-runs/child-run.js';
import { parseTestName } from '../reporting/json-report.js';

/** The suite that judges the mock's service: setup, the service projects and the contract's list-shape and alias variant. */
export const MUTATION_PROJECTS = [...SERVICE_PROJECTS, 'contract-variant'];
/** Suite projects a try may run in: the service projects and `setup` (its try runs last, see config.ts). */
const TRY_PROJECTS = ['setup', ...MUTATION_PROJECTS];

/** One try: `titlePath` of `file` (relative to tests/), run as suite project `project` would, against `mutant`. */
export interface PlannedTry {
  mutant: string;
  project: string;
  file: string;
  titlePath: string[];
}

/** A test as the first try keys it: `file › describe › title`, the file relative to tests/. */
export const testKey = (t: { file: string; titlePath: string[] }): string => [t.file, ...t.titlePath].join(' › ');

/**
 * Suite projects whose tries run in one try project, `try`, with the settings of SHARED_SETTINGS: the same
 * mock, and a contract test runs as it does in a browser project (the readings projects run them so).
 * Their files lie in folders of their own, so a test's file names its suite project.
 */
const SHARED = SERVICE_PROJECTS;
const SHARED_SETTINGS = 'wire';

/** The try project of suite project `project`: `try` for the shared ones, else `try|<project>`. */
const tryProjectName = (project: string): string => (SHARED.includes(project) ? 'try' : `try|${project}`);

/** Whether a result (`[project] file › title`) is of a try project. */
export const isTryResult = (test: string): boolean => /^\[try[|\]]/.test(test);

export interface TryProject {
  /** `try`, or `try|<suite project>` for a project of its own settings. */
  name: string;
  /** The suite project whose settings it takes. */
  project: string;
  tries: PlannedTry[];
  /** What the `mutantPerTest` option of the project holds: test key → its mutants, one per repeat. */
  mutantPerTest: Record<string, string[]>;
  /** How often each test is repeated: the most mutants any one test of the project plays. */
  repeatEach: number;
}

/** The try projects that play `plan`, one per suite project, in the order the plan first names them. */
export function tryProjectsOf(plan: PlannedTry[]): TryProject[] {
  const projects = new Map<string, TryProject>();
  for (const t of plan) {
    const name = tryProjectName(t.project);
    const project = SHARED.includes(t.project) ? SHARED_SETTINGS : t.project;
    const p = projects.get(name) ?? { name, project, tries: [], mutantPerTest: {}, repeatEach: 1 };
    const key = testKey(t);
    const mutants = [...(p.mutantPerTest[key] ?? []), t.mutant];
    p.mutantPerTest[key] = mutants;
    p.repeatEach = Math.max(p.repeatEach, mutants.length);
    p.tries.push(t);
    projects.set(name, p);
  }
  return [...projects.values()];
}

/** A try's result (`[try…] file › a › b`) and the mutant it played → the suite test of `plan` it stands for; undefined for other tests. */
export function tryOfResult(plan: PlannedTry[], name: string, mutant: string | undefined): { mutant: string; test: string } | undefined {
  const key = isTryResult(name) ? name.slice(name.indexOf('] ') + 2) : undefined;
  const planned = key && mutant ? plan.find((t) => t.mutant === mutant && testKey(t) === key) : undefined;
  return planned && mutant ? { mutant, test: `[${planned.project}] ${key}` } : undefined;
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
