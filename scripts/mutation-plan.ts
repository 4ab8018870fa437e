// `npm run mutation`'s first try, planned: each mutant against the test that killed it before, played by
// the mock for that test only (the `mutantPerTest` option), in rounds: round r gives each planned test its
// r-th mutant, so a few workers try every mutant where one project per mutant started one worker each.

import { SERVICE_PROJECTS } from '../fixtures/child-run.js';

/** The suite that judges the mock's service: the service projects and the contract's list-shape and alias variant. */
export const MUTATION_PROJECTS = [...SERVICE_PROJECTS, 'contract-variant'];

/** One try: `titlePath` of `file` (relative to tests/), run as suite project `project` would, against `mutant`. */
export interface PlannedTry {
  mutant: string;
  project: string;
  file: string;
  titlePath: string[];
}

/** A test as the first try keys it: `file › describe › title`, the file relative to tests/. */
export const testKey = (t: { file: string; titlePath: string[] }): string => [t.file, ...t.titlePath].join(' › ');

/** The project name of round `round` of suite project `project`. */
export const roundName = (round: number, project: string): string => `try${round}|${project}`;

export interface Round {
  /** `try<n>|<suite project>`. */
  name: string;
  project: string;
  tries: PlannedTry[];
  /** What the `mutantPerTest` option of the round's project holds: test key → mutant id. */
  mutantPerTest: Record<string, string>;
}

/** The rounds that play `plan`: each planned test meets one of its mutants per round. */
export function roundsOf(plan: PlannedTry[]): Round[] {
  const byTest = new Map<string, PlannedTry[]>();
  for (const t of plan) {
    const key = `${t.project}|${testKey(t)}`;
    byTest.set(key, [...(byTest.get(key) ?? []), t]);
  }
  const rounds = new Map<string, Round>();
  for (const tries of byTest.values()) {
    tries.forEach((t, i) => {
      const name = roundName(i + 1, t.project);
      const round = rounds.get(name) ?? { name, project: t.project, tries: [], mutantPerTest: {} };
      round.tries.push(t);
      round.mutantPerTest[testKey(t)] = t.mutant;
      rounds.set(name, round);
    });
  }
  return [...rounds.values()];
}

/** `[try<n>|<project>] file › a › b` → the try it ran, by the rounds that planned it; undefined for other tests. */
export function tryOfResult(rounds: Round[], name: string): { mutant: string; test: string } | undefined {
  const m = /^\[(try\d+\|[^\]]+)\] (.*)$/.exec(name);
  const round = m && rounds.find((r) => r.name === m[1]);
  const mutant = round?.mutantPerTest[m?.[2] ?? ''];
  return round && mutant ? { mutant, test: `[${round.project}] ${m?.[2]}` } : undefined;
}
