// `npm run mutation`'s first run: the suite's own config with its service projects (the faithful mock,
// whose results are the control of every try) and beside them the first try's rounds (scripts/mutation-plan.ts),
// one project per round and suite project, with that project's options and the mutant per test.
// The plan is a JSON file named by HB_MUTATION_PLAN.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Project } from '@playwright/test';
import base from '../playwright.config.js';
import type { TestFixtures, WorkerFixtures } from '../fixtures/index.js';
import { REPO_ROOT, TESTS_DIR as TESTS } from '../fixtures/paths.js';
import { roundsOf, MUTATION_PROJECTS, type PlannedTry, type Round } from './mutation-plan.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const plan = JSON.parse(readFileSync(process.env.HB_MUTATION_PLAN ?? '', 'utf8')) as PlannedTry[];
const projects = new Map((base.projects ?? []).map((p) => [p.name, p]));

export default defineConfig<TestFixtures, WorkerFixtures>({
  ...base,
  testDir: TESTS,
  globalSetup: join(REPO_ROOT, 'fixtures', 'global-setup.ts'),
  // scripts/mutation.ts reads the run's JSON report; the suite's reporters write for a person.
  reporter: [['json']],
  projects: [
    // Their testDir is relative to the suite's config, one folder up from this one.
    ...(base.projects ?? [])
      .filter((p) => p.name === 'setup' || MUTATION_PROJECTS.includes(p.name ?? ''))
      .map((p) => ({ ...p, testDir: resolve(REPO_ROOT, p.testDir ?? 'tests') })),
    ...roundsOf(plan).flatMap(roundProject),
  ],
});

/** A round's project: its tests, run as their suite project would, each against its mutant. */
function roundProject(round: Round): Project<TestFixtures, WorkerFixtures>[] {
  const from = projects.get(round.project);
  if (!from) return [];
  return [
    {
      ...from,
      name: round.name,
      testDir: TESTS,
      testMatch: [...new Set(round.tries.map((t) => join(TESTS, t.file)))],
      testIgnore: [],
      grep: new RegExp(round.tries.map((t) => `(${escape(t.titlePath.join(' '))}$)`).join('|')),
      dependencies: ['setup'],
      use: { ...from.use, mutantPerTest: round.mutantPerTest },
    },
  ];
}
