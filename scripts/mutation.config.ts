// `npm run mutation`'s first pass: the suite's own config, its projects replaced by one project per
// (mutant, test that killed it before), each with that project's options and a mock serving the
// mutant, so every mutant is tried in one Playwright run. The plan is a JSON file named by HB_MUTATION_PLAN.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Project } from '@playwright/test';
import base from '../playwright.config.js';
import { REPO_ROOT } from '../fixtures/paths.js';
import type { TestFixtures, WorkerFixtures } from '../fixtures/index.js';

/** One try: run `title` of `file` (relative to tests/) as project `project` would, against `mutant` (the faithful mock when null). */
export interface PlannedTry { mutant: string | null; project: string; file: string; titlePath: string[] }

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const plan = JSON.parse(readFileSync(process.env.HB_MUTATION_PLAN ?? '', 'utf8')) as PlannedTry[];
const projects = new Map((base.projects ?? []).map((p) => [p.name, p]));

export default defineConfig<TestFixtures, WorkerFixtures>({
  ...base,
  testDir: join(REPO_ROOT, 'tests'),
  globalSetup: join(REPO_ROOT, 'fixtures', 'global-setup.ts'),
  // scripts/mutation.ts reads the run's JSON report; the suite's reporters write for a person.
  reporter: [['json']],
  projects: [
    ...plan.flatMap((t, i) => (t.mutant ? tryProject(`${t.mutant}|${i}`, t.project, [t]) : [])),
    // The controls, one project per suite project: no mutant between them, so they need no worker each.
    ...[...new Set(plan.filter((t) => !t.mutant).map((t) => t.project))].flatMap((p) =>
      tryProject('faithful|0', p, plan.filter((t) => !t.mutant && t.project === p))),
  ],
});

/** A project running `tries` (all of suite project `project`) as `project` would, against their mutant or the faithful mock. */
function tryProject(prefix: string, project: string, tries: PlannedTry[]): Project<TestFixtures, WorkerFixtures>[] {
  const from = projects.get(project);
  const mutant = tries[0]?.mutant;
  if (!from || !tries.length) return [];
  return [{
    ...from,
    // `mutant|index|project` (`faithful|0|project` for the controls): scripts/mutation.ts maps each result back.
    name: `${prefix}|${project}`,
    testDir: join(REPO_ROOT, 'tests'),
    testMatch: [...new Set(tries.map((t) => join(REPO_ROOT, 'tests', t.file)))],
    testIgnore: [],
    grep: new RegExp(tries.map((t) => `(${escape(t.titlePath.join(' '))}$)`).join('|')),
    dependencies: [],
    use: { ...from.use, mockOptions: { ...from.use?.mockOptions, ...(mutant && { mutant }) } },
  }];
}
