// `npm run mutation`'s first try, planned: each mutant against the tests that killed it before, played by
// the mock for that test only (the `mutantPerTest` option). One try project per suite project; a test
// planned against several mutants is repeated (`repeatEach`), its n-th repeat playing its n-th mutant.
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

/** The try project of suite project `project`. */
const tryProjectName = (project: string): string => `try|${project}`;

export interface TryProject {
  /** `try|<suite project>`. */
  name: string;
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
    const p = projects.get(name) ?? { name, project: t.project, tries: [], mutantPerTest: {}, repeatEach: 1 };
    const key = testKey(t);
    const mutants = [...(p.mutantPerTest[key] ?? []), t.mutant];
    p.mutantPerTest[key] = mutants;
    p.repeatEach = Math.max(p.repeatEach, mutants.length);
    p.tries.push(t);
    projects.set(name, p);
  }
  return [...projects.values()];
}

/** `[try|<project>] file › a › b` and the mutant it played → the suite test it stands for; undefined for other tests. */
export function tryOfResult(name: string, mutant: string | undefined): { mutant: string; test: string } | undefined {
  const m = /^\[try\|([^\]]+)\] (.*)$/.exec(name);
  return m && mutant ? { mutant, test: `[${m[1]}] ${m[2]}` } : undefined;
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
