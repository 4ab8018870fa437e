// `npm run mutation`'s first try (scripts/mutation-plan.ts): the rounds give each planned test one mutant
// per round, results map back to their try, and the `mutantPerTest` option plays a mutant for one test only.
import { endpoints as E } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { roundsOf, testKey, tryOfResult, type PlannedTry } from '../../scripts/mutation-plan.js';

const grid = { project: 'contract', file: 'contract/endpoints.spec.ts', titlePath: ['grid answers'] };
const plan: PlannedTry[] = [
  { ...grid, mutant: 'booking-id-as-string' },
  { ...grid, mutant: 'booking-start-not-iso' },
  { project: 'wire', file: 'wire/forms.spec.ts', titlePath: ['forms', 'a post'], mutant: 'create-not-stored' },
];

test.describe('mutation first try', () => {
  test('roundsOf gives each planned test one mutant per round, one project per round and suite project', () => {
    const rounds = roundsOf(plan);
    expect(rounds.map((r) => [r.name, r.mutantPerTest])).toEqual([
      ['try1|contract', { [testKey(grid)]: 'booking-id-as-string' }],
      ['try2|contract', { [testKey(grid)]: 'booking-start-not-iso' }],
      ['try1|wire', { 'wire/forms.spec.ts › forms › a post': 'create-not-stored' }],
    ]);
  });

  test("tryOfResult maps a round's result back to its mutant and suite test, and ignores other tests", () => {
    const rounds = roundsOf(plan);
    expect(tryOfResult(rounds, '[try2|contract] contract/endpoints.spec.ts › grid answers')).toEqual({
      mutant: 'booking-start-not-iso',
      test: '[contract] contract/endpoints.spec.ts › grid answers',
    });
    expect(tryOfResult(rounds, '[contract] contract/endpoints.spec.ts › grid answers')).toBeUndefined();
    expect(tryOfResult(rounds, '[try3|contract] contract/endpoints.spec.ts › grid answers')).toBeUndefined();
  });

  test.describe('a mutant for one test', () => {
    const played = 'the mock plays the mutant named for this test';
    test.use({
      mutantPerTest: {
        [testKey({ file: 'harness/mutation-plan.spec.ts', titlePath: ['mutation first try', 'a mutant for one test', played] })]:
          'booking-id-as-string',
      },
    });

    test(played, ({ mock }) => {
      test.skip(!mock, 'the first try runs on the mock only');
      expect(mock?.mutate(E.listBookingsForHallGrid.id, [{ BookingId: 7 }])).toEqual([{ BookingId: '7' }]);
    });

    test('and the faithful mock for every other test', ({ mock }) => {
      test.skip(!mock, 'the first try runs on the mock only');
      expect(mock?.mutate(E.listBookingsForHallGrid.id, [{ BookingId: 7 }])).toEqual([{ BookingId: 7 }]);
    });
  });
});
