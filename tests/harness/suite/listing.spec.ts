// The checks that read the suite as Playwright lists it (in a whole run such as `npm test`, the run's own listing;
// in any other, one `playwright test --list` child run for the file): tags, the contract test of every registry
// entry, `test:service`'s projects, and the open points' doc. The tests run in order in one worker, so the
// suite is listed once. The doc's check holds the two listings to one another: `npm run docs` lists with a child run.
import { readFileSync } from 'node:fs';
import { endpoints, openPoints } from '../../../contracts/index.js';
import { OPEN_POINT, SOURCE } from '../../../coverage/sources.js';
import { listSuite } from '../../../child-runs/child-run.js';
import type { SuiteTest } from '../../../reporting/suite-listing.js';
import { DOC, isMeaningCheck, listedTests, render } from '../../../scripts/open-points-doc.js';
import { serviceRun } from '../../../scripts/test-service.js';
import { expect, test } from '../../../fixtures/index.js';

test.describe.configure({ mode: 'default' });

let listing: SuiteTest[] = [];

test.beforeAll(async () => {
  test.setTimeout(200_000);
  listing = await listSuite();
});

test('no test carries a tag that repeats its project, so the HTML report shows each label once', () => {
  expect(listing.length).toBeGreaterThan(100);
  // `@flow` in `flows` reads as the same label twice too.
  const twice = listing.flatMap((t) =>
    t.tags.some((tag) => [t.project, t.project.replace(/s$/, '')].includes(tag.replace(/^@/, ''))) ? [`${t.name} ${t.tags.join(' ')}`] : [],
  );
  expect(twice, 'tests whose tag repeats their project (drop the tag: `--project` selects the area)').toEqual([]);
});

test('every JSON endpoint of the registry has a contract test, as Playwright lists the suite', () => {
  // A test that is filtered out or misnamed counts as missing.
  const titles = listing
    .filter((t) => t.project === 'contract' && t.file === 'contract/endpoints.spec.ts')
    .map((t) => t.titlePath.at(-1) ?? '');
  const missing = Object.values(endpoints).filter((e) => !titles.some((t) => t.startsWith(`${e.id} answers 200 JSON`)));
  expect(
    missing.map((e) => `${e.id} (${e.path})`),
    'registry endpoints without a contract test in tests/contract/endpoints.spec.ts',
  ).toEqual([]);
});

test("test:service's projects are projects of the suite, and it leaves out the harness and the mock-only re-runs", () => {
  const listed = new Set(listing.map((t) => t.project));
  const projects = serviceRun([], {}).args.flatMap((a) => /^--project=(.+)$/.exec(a)?.[1] ?? []);
  expect(
    projects.filter((p) => !listed.has(p)),
    'projects test:service names that the suite does not list',
  ).toEqual([]);
  const left = [...listed].filter((p) => !projects.includes(p));
  expect(
    left.filter((p) => !/^(contract-variant|harness|artefacts|readings(-\d+)?)$/.test(p)),
    'service projects test:service leaves out',
  ).toEqual([]);
});

test('every meaning check names its source, every open point has a check, and docs/open-points.md is current', () => {
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
