// The selection of the `readings` and `contract-variant` projects (coverage/selection.ts):
// the grep takes exactly the listed tests, and a test that calls a decided route but is left out of
// the listing is named. The run itself holds the listing to what its tests called (the coverage reporter).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openPoints, registry } from '../../contracts/index.js';
import { decidedRoutes, grepOf, leftOut, readCalls, selected, variantRoutes } from '../../coverage/selection.js';
import { TESTS_DIR } from '../../settings/paths.js';

test.describe('readings selection', () => {
  test('grepOf matches the listed tests as Playwright titles them, tags included, and no other', () => {
    const grep = grepOf(['wire/forms.spec.ts › form posts and tokens @write › a post', 'contract/a.spec.ts › plain']);
    expect(grep.test('readings wire/forms.spec.ts form posts and tokens @write @write a post')).toBe(true);
    expect(grep.test(' readings contract/a.spec.ts plain @smoke')).toBe(true);
    expect(grep.test('readings contract/a.spec.ts not plain')).toBe(false);
    expect(grep.test('readings contract/b.spec.ts plain')).toBe(false);
    expect(grep.test('readings wire/forms.spec.ts form posts and tokens @write @write a post too')).toBe(false);
    expect(grepOf([]).test('readings contract/a.spec.ts plain')).toBe(false);
  });

  test('a test that calls a decided route but is not listed is named, with the route and the project', () => {
    const observed = { 'ui/s.spec.ts › page': ['schedulerPage', 'checkSession'], 'contract/c.spec.ts › list': ['listRoomsForGrid'] };
    expect(leftOut(observed, observed)).toEqual([]);
    expect(leftOut(observed, { 'ui/s.spec.ts › page': ['checkSession'] })).toEqual([
      'ui/s.spec.ts › page calls schedulerPage but is not in the readings selection',
      'contract/c.spec.ts › list calls listRoomsForGrid but is not in the contract-variant selection',
    ]);
  });

  test('every open point decides a route of the registry, and the listing selects tests of files that exist', () => {
    const ids = new Set(registry.map((e) => e.id));
    for (const [id, point] of Object.entries(openPoints)) {
      expect(point.decides.length, `${id} decides no route`).toBeGreaterThan(0);
      expect(
        point.decides.filter((r) => !ids.has(r)),
        `${id}: routes the registry lacks`,
      ).toEqual([]);
    }
    const calls = readCalls();
    const chosen = [...selected(calls, decidedRoutes()), ...selected(calls, variantRoutes(), 'contract/')];
    expect(chosen.length, 'tests selected from tests/calls.json').toBeGreaterThan(0);
    const gone = [...new Set(chosen.map((k) => k.split(' › ')[0] ?? ''))].filter((f) => !existsSync(join(TESTS_DIR, f)));
    expect(gone, 'listed files that are gone (HB_RECORD_CALLS=true rewrites the listing)').toEqual([]);
  });
});
