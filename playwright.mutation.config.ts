// `npm run mutation`'s first run: the suite's own config with its service projects (the faithful mock,
// whose results are the control of every try; left out when npm test's run is the baseline) and beside
// them the first try (mutation/plan.ts): the try projects, each with its suite project's options (the service
// projects' shared group with those of `wire`) and the mutants per test. The plan is a JSON file named
// by HB_MUTATION_PLAN.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Project } from '@playwright/test';
import base from './playwright.config.js';
import type { TestFixtures, WorkerFixtures } from './fixtures/index.js';
import { REPO_ROOT, STORAGE_STATE, TESTS_DIR as TESTS } from './settings/paths.js';
import { mutationPlanSetting } from './settings/run.js';
import { MUTATION_PROJECTS, tryProjectsOf, type PlannedTry, type TryProject } from './mutation/plan.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const setting = mutationPlanSetting();
const plan = JSON.parse(readFileSync(setting.file, 'utf8')) as PlannedTry[];
const projects = new Map((base.projects ?? []).map((p) => [p.name, p]));
// With a baseline (npm test's run of this commit), the suite's projects are not run again: setup only.
const { triesOnly } = setting;
const suite = (base.projects ?? [])
  .filter((p) => p.name === 'setup' || (!triesOnly && MUTATION_PROJECTS.includes(p.name ?? '')))
  // Their testDir is relative to the suite's config: made absolute, from the repository's root.
  .map((p) => ({ ...p, testDir: resolve(REPO_ROOT, p.testDir ?? 'tests') }));
const tryProjects = tryProjectsOf(plan);
const tries = tryProjects.flatMap(tryProject);

export default defineConfig<TestFixtures, WorkerFixtures>({
  ...base,
  testDir: TESTS,
  globalSetup: join(REPO_ROOT, 'fixtures', 'global-setup.ts'),
  // main.ts reads the run's JSON report; the suite's reporters write for a person.
  reporter: [['json']],
  projects: [...suite, ...tries],
});

/** A try project: its tests, run as their suite project would, each against its mutant of the round. */
function tryProject(p: TryProject): Project<TestFixtures, WorkerFixtures>[] {
  const from = projects.get(p.project);
  if (!from) return [];
  // The setup test's try saves its session to a file of its own: a mutant that lets it pass cannot hand the
  // other tries a broken session, and it needs no session itself.
  const setup = p.project === 'setup';
  return [
    {
      ...from,
      // A project's tries share one worker, started once: each round takes one worker, and the rounds share the
      // run's slots side by side.
      workers: 1,
      name: p.name,
      testDir: TESTS,
      testMatch: [...new Set(p.tries.map((t) => join(TESTS, t.file)))],
      testIgnore: [],
      // Playwright greps `project file › titles` joined by spaces: the file too, so a test of the same title elsewhere stays out.
      grep: new RegExp(p.tries.map((t) => `(${escape([t.file, ...t.titlePath].join(' '))}$)`).join('|')),
      dependencies: setup ? [] : ['setup'],
      use: {
        ...from.use,
        mutantPerTest: p.mutantPerTest,
        ...(setup ? { sessionFile: `${STORAGE_STATE}.${p.name.replace(/\W+/g, '-')}.json` } : {}),
      },
    },
  ];
}
