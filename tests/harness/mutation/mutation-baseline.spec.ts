// npm run mutation takes its faithful baseline from npm test's results only when they are of this
// commit, these changes and these settings, and of the whole suite: each mismatch is refused, named.
// And every mutant has a recorded killer, which it tries first.
import { readFileSync } from 'node:fs';
import type { JSONReport } from '@playwright/test/reporter';
import { expect, test } from '../../../fixtures/index.js';
import { refusal } from '../../../mutation/baseline.js';
import { MUTATION_PROJECTS } from '../../../mutation/plan.js';
import { KILLER_ROUNDS, killerPlays, KILLERS } from '../../../mutation/report.js';
import { mutants } from '../../../mock-server/mutants.js';
import { runFingerprint } from '../../../settings/fingerprint.js';

const now = { commit: 'a'.repeat(40), hash: '0123456789abcdef' };
/** A report of `projects` with the given fingerprint and shard, as Playwright's JSON reporter writes one. */
const report = (
  fingerprint: object | undefined,
  projects = MUTATION_PROJECTS,
  shard: object | null = null,
  args: string[] = [],
): JSONReport =>
  ({
    config: { metadata: fingerprint ? { fingerprint, args } : {}, shard },
    errors: [],
    suites: [
      {
        title: 'a.spec.ts',
        file: 'a.spec.ts',
        specs: [{ title: 't', file: 'a.spec.ts', tests: projects.map((projectName) => ({ projectName, results: [] })) }],
        suites: [],
      },
    ],
    stats: { unexpected: 0, duration: 1 },
  }) as unknown as JSONReport;

test('a baseline of this commit, changes and settings, of every project, is taken', () => {
  expect(refusal(report(now), now)).toBeUndefined();
});

test('a baseline of another commit, other changes or settings, a shard or part of the suite is refused, naming why', () => {
  expect(refusal(undefined, now)).toMatch(/no results at .*: npm test writes them/);
  expect(refusal(report(undefined), now)).toMatch(/records no fingerprint/);
  expect(refusal(report({ ...now, commit: 'b'.repeat(40) }), now)).toMatch(/is of commit bbbbbbbbbb, not aaaaaaaaaa/);
  expect(refusal(report({ ...now, hash: 'other' }), now)).toMatch(/other uncommitted changes or other HB_\* settings/);
  expect(refusal(report(now, MUTATION_PROJECTS, { current: 1, total: 2 }), now)).toMatch(/is of one shard/);
  expect(refusal(report(now, ['contract']), now)).toMatch(/ran part of the suite \(no wire/);
  expect(refusal(report(now, MUTATION_PROJECTS, null, ['--grep', '@smoke']), now)).toMatch(/a run with arguments \(--grep @smoke\)/);
});

test('the fingerprint changes with a setting that shapes the suite, not with one that changes per run', () => {
  const base = runFingerprint({});
  expect(runFingerprint({ HB_RUN_ID: 'x', HB_MOCK_SECRET: 'y', HB_REPORTS_DIR: '/tmp/r' })).toEqual(base);
  expect(runFingerprint({ HB_MOCK_SEED_SCALE: '3000' }).hash).not.toBe(base.hash);
});

test('every mutant of the catalogue has a recorded killer, so npm run mutation tries it with one test, not the whole suite', () => {
  const killers = JSON.parse(readFileSync(KILLERS, 'utf8')) as Record<string, string[]>;
  const unrecorded = mutants.filter((m) => !killers[m.id]?.length).map((m) => m.id);
  expect(unrecorded, 'mutants with no killer in mutation/killers.json: npm run mutation -- --only <id> --record').toEqual([]);
  const crowded = [...killerPlays(killers)].filter(([, n]) => n > KILLER_ROUNDS);
  expect(crowded, `killers of more than ${KILLER_ROUNDS} mutants: the first try plays a round per mutant of each`).toEqual([]);
});
