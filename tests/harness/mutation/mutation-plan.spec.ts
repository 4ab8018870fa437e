// `npm run mutation`'s first try and record (mutation/): the try projects play a test's planned mutants
// in rounds (the service projects share them), results map back to their try, the `mutantPerTest` option
// plays a mutant for one test only as an expected failure, and a run of some mutants merges into the
// report and the killers record.
import { endpoints as E } from '../../../contracts/index.js';
import { expect, test } from '../../../fixtures/index.js';
import { parseMutationArgs, selectMutants } from '../../../mutation/options.js';
import { MUTANT_ANNOTATION, testKey, tryOfResult, tryProjectsOf, type PlannedTry } from '../../../mutation/plan.js';
import { crowdedKillers, KILLER_ROUNDS, mergeKillers, mergeResults, type MutantResult } from '../../../mutation/report.js';

const grid = { project: 'contract', file: 'contract/endpoints.spec.ts', titlePath: ['grid answers'] };
const plan: PlannedTry[] = [
  { ...grid, mutant: 'booking-id-as-string' },
  { ...grid, mutant: 'booking-start-not-iso' },
  { project: 'wire', file: 'wire/forms.spec.ts', titlePath: ['forms', 'a post'], mutant: 'create-not-stored' },
  { project: 'contract-variant', file: 'contract/endpoints.spec.ts', titlePath: ['grid answers'], mutant: 'grid-wrapper-renamed' },
];

test.describe('mutation first try', () => {
  test("tryProjectsOf plays a test's mutants in rounds, the service projects together, a project of other options apart", () => {
    const projects = tryProjectsOf(plan);
    expect(projects.map((p) => [p.name, p.project, p.round, p.mutantPerTest])).toEqual([
      ['try', 'wire', 1, { [testKey(grid)]: 'booking-id-as-string', 'wire/forms.spec.ts › forms › a post': 'create-not-stored' }],
      ['try|contract-variant', 'contract-variant', 1, { [testKey(grid)]: 'grid-wrapper-renamed' }],
      ['try|2', 'wire', 2, { [testKey(grid)]: 'booking-start-not-iso' }],
    ]);
  });

  test("tryOfResult maps a try's result and its mutant back to the suite test, and ignores other tests", () => {
    expect(tryOfResult(plan, '[try] contract/endpoints.spec.ts › grid answers', 'booking-start-not-iso')).toEqual({
      mutant: 'booking-start-not-iso',
      test: '[contract] contract/endpoints.spec.ts › grid answers',
    });
    expect(tryOfResult(plan, '[try|contract-variant] contract/endpoints.spec.ts › grid answers', 'grid-wrapper-renamed')).toEqual({
      mutant: 'grid-wrapper-renamed',
      test: '[contract-variant] contract/endpoints.spec.ts › grid answers',
    });
    expect(tryOfResult(plan, '[contract] contract/endpoints.spec.ts › grid answers', 'booking-start-not-iso')).toBeUndefined();
    expect(tryOfResult(plan, '[try] contract/endpoints.spec.ts › grid answers', undefined)).toBeUndefined();
    expect(tryOfResult(plan, '[try] contract/endpoints.spec.ts › grid answers', 'create-not-stored')).toBeUndefined();
    // One mutant planned against one test in two suite projects: each try project's result maps to its own.
    const both: PlannedTry[] = [
      { ...grid, mutant: 'grid-wrapper-renamed' },
      { ...grid, project: 'contract-variant', mutant: 'grid-wrapper-renamed' },
    ];
    expect(tryOfResult(both, '[try|contract-variant] contract/endpoints.spec.ts › grid answers', 'grid-wrapper-renamed')?.test).toBe(
      '[contract-variant] contract/endpoints.spec.ts › grid answers',
    );
    expect(tryOfResult(both, '[try|2] contract/endpoints.spec.ts › grid answers', 'grid-wrapper-renamed')?.test).toBe(
      '[contract] contract/endpoints.spec.ts › grid answers',
    );
  });

  test.describe('a mutant for one test', () => {
    const played = 'a test the mutant breaks is an expected failure';
    const key = (title: string) =>
      testKey({ file: 'harness/mutation/mutation-plan.spec.ts', titlePath: ['mutation first try', 'a mutant for one test', title] });
    test.use({ mutantPerTest: { [key(played)]: 'booking-id-as-string' } });

    // Passes only as the expected failure the fixture declares: the faithful answer is asserted, the mutant breaks it.
    test(played, ({ mock }, testInfo) => {
      expect(testInfo.annotations).toContainEqual({ type: MUTANT_ANNOTATION, description: 'booking-id-as-string' });
      expect(mock.mutate(E.listBookingsForHallGrid.id, [{ BookingId: 7 }])).toEqual([{ BookingId: 7 }]);
    });

    test('and the faithful mock for every other test', ({ mock }, testInfo) => {
      expect(testInfo.expectedStatus).toBe('passed');
      expect(mock.mutate(E.listBookingsForHallGrid.id, [{ BookingId: 7 }])).toEqual([{ BookingId: 7 }]);
    });
  });
});

test.describe('mutation record', () => {
  const result = (id: string, status: MutantResult['status'], test = `[contract] contract/endpoints.spec.ts › ${id}`): MutantResult => ({
    id,
    area: 'bookings',
    breaks: id,
    status,
    seconds: 0,
    caughtBy: status === 'killed' ? [{ test, error: 'boom' }] : [],
    firstTry: true,
  });
  const order = ['a', 'b', 'c'];

  test('--only X --record merges X into the killers record and keeps the others', () => {
    const before = { a: ['[contract] old a'], b: ['[contract] old b'], c: ['[contract] old c'], gone: ['[wire] x'] };
    expect(mergeKillers(before, [result('b', 'killed', '[wire] new b')], order)).toEqual({
      a: ['[contract] old a'],
      b: ['[wire] new b'],
      c: ['[contract] old c'],
    });
    expect(mergeKillers(before, [result('c', 'survived')], order)).toEqual({ a: ['[contract] old a'], b: ['[contract] old b'] });
  });

  test("--record names a killer it crowded past the first try's rounds, and only one this run recorded", () => {
    const early = '[contract] contract/auth.spec.ts › early';
    const ids = Array.from({ length: KILLER_ROUNDS + 1 }, (_, i) => `m${i}`);
    const record = { ...Object.fromEntries(ids.map((id) => [id, [early]])), other: ['[wire] other'] };
    expect(crowdedKillers(record, [result('m0', 'killed', early)])).toEqual([[early, KILLER_ROUNDS + 1]]);
    expect(crowdedKillers(record, [result('other', 'killed', '[wire] other')]), 'a crowd this run did not record').toEqual([]);
    const four = Object.fromEntries(Object.entries(record).filter(([id]) => id !== 'm0'));
    expect(crowdedKillers(four, [result('m1', 'killed', early)]), `${KILLER_ROUNDS} mutants of one killer`).toEqual([]);
  });

  test('--only X merges X into the last report and keeps the other mutants', () => {
    const before = { mutants: [result('a', 'killed'), result('b', 'survived'), result('gone', 'killed')] };
    const merged = mergeResults(before, [result('b', 'killed')], order);
    expect(merged.map((r) => [r.id, r.status])).toEqual([
      ['a', 'killed'],
      ['b', 'killed'],
    ]);
  });

  test('the options select mutants by --only and refuse a bad count', () => {
    const o = parseMutationArgs(['--only', 'b, c', '--record', '--', '--project=contract']);
    expect([o.only, o.record, o.playwrightArgs]).toEqual([['b', 'c'], true, ['--project=contract']]);
    expect(selectMutants([{ id: 'a' }, { id: 'b' }], ['b', 'z'])).toEqual({ selected: [{ id: 'b' }], unknown: ['z'] });
    expect(() => parseMutationArgs(['--workers', '0'])).toThrow(/--workers takes a whole number/);
  });
});
