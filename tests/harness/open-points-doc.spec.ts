// docs/open-points.md says what the code says: every open point with its readings and
// the checks written for them, every meaning check with the sentence it rests on.
import { readFileSync } from 'node:fs';
import { openPoints } from '../../contracts/index.js';
import { OPEN_POINT, SOURCE } from '../../coverage/sources.js';
import { DOC, isMeaningCheck, listedTests, render } from '../../scripts/open-points-doc.js';
import { expect, test } from './shared-runs.fixture.js';

test.describe('open points and sources', () => {
  test('every meaning check names its source, every open point has a check, and docs/open-points.md is current', ({ listing }) => {
    const tests = listedTests(listing);
    expect(tests.length, 'tests listed').toBeGreaterThan(50);
    const unsourced = tests.filter((t) => isMeaningCheck(t) && !t.annotations.some((a) => a.type === SOURCE));
    expect(
      unsourced.map((t) => `${t.file}: ${t.title}`),
      'checks that name no sentence of the interface document or the live notes',
    ).toEqual([]);
    const covered = new Set(tests.flatMap((t) => t.annotations.filter((a) => a.type === OPEN_POINT).map((a) => a.description)));
    expect(
      Object.keys(openPoints).filter((id) => !covered.has(id)),
      'open points no check is written for',
    ).toEqual([]);
    expect(readFileSync(DOC, 'utf8'), 'docs/open-points.md is stale: run npm run docs').toBe(render(tests));
  });
});
