// The registry stays in step with the interface document: every JSON endpoint path of
// the document has a registry entry, a mock handler and a contract test, and every HTML
// route a page entry. It reads the committed copy contracts/spec/hall-booking-interface.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { JSONReport } from '@playwright/test/reporter';
import type { HttpHandler } from 'msw';
import { endpoints, pages, type JsonEndpoint } from '../../contracts/index.js';
import { testsOf } from '../../fixtures/json-report.js';
import { REPO_ROOT } from '../../fixtures/paths.js';
import { MockContext } from '../../mock-server/context.js';
import { buildHandlers } from '../../mock-server/server.js';

const COPY = `${REPO_ROOT}contracts/spec/hall-booking-interface.md`;
/** Where the document lives beside a full checkout; a user's clone may not have it. */
const ORIGINAL = `${REPO_ROOT}../shared/spec/hall-booking-interface.md`;
const doc = readFileSync(COPY, 'utf8');

/** Every `/api/...` path of the document (tables and headings), once each, case-insensitively. */
const docApiPaths = [
  ...new Map([...doc.matchAll(/\/api\/[A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*/g)].map((m) => [m[0].toLowerCase(), m[0]])).values(),
];
/** HTML routes: `/Admin/…`, `/Account/…`, `/Scheduler/…` not under `/api/`. */
const docPagePaths = [
  ...new Map(
    [...doc.matchAll(/(?<!\/api)\/(?:Admin|Account|Scheduler)\/[A-Za-z]+(?:\/[A-Za-z]+)*(?:\/\{\w+\})?/g)].map((m) => [
      m[0].toLowerCase(),
      m[0],
    ]),
  ).values(),
];

const jsonEntries = Object.values(endpoints) as JsonEndpoint[];
const entryFor = (path: string) => jsonEntries.find((e) => e.path.toLowerCase() === path.toLowerCase());

test.describe('registry meta-test', () => {
  test('the committed copy of the interface document matches ../shared/spec when that exists', () => {
    test.skip(!existsSync(ORIGINAL), `${ORIGINAL} is not beside this clone; the committed copy is the reference`);
    expect(
      readFileSync(ORIGINAL, 'utf8') === doc,
      'contracts/spec/hall-booking-interface.md differs from ../shared/spec/hall-booking-interface.md: copy it again',
    ).toBe(true);
  });

  test('every JSON endpoint of the interface document has a registry entry, and no entry lacks one', () => {
    expect(docApiPaths.length, 'the document names JSON endpoints').toBeGreaterThan(0);
    const missing = docApiPaths.filter((p) => !entryFor(p));
    expect(missing, 'document paths without a registry entry').toEqual([]);
    const extra = jsonEntries
      .filter((e) => !docApiPaths.some((p) => p.toLowerCase() === e.path.toLowerCase()))
      .map((e) => `${e.id} ${e.path}`);
    expect(extra, 'registry entries the document does not name').toEqual([]);
  });

  test('every JSON endpoint of the interface document has a mock handler', () => {
    const handlers = buildHandlers(new MockContext({ listShape: 'array', aliases: 'primary', dashboard404: false })).filter(
      (h): h is HttpHandler => 'info' in h && typeof (h.info as { path?: unknown }).path === 'string',
    );
    const served = new Set(handlers.map((h) => `${String(h.info.method)} ${String(h.info.path).toLowerCase()}`));
    const missing = docApiPaths.flatMap((p) => {
      const e = entryFor(p);
      if (!e) return [...served].some((s) => s.endsWith(` ${p.toLowerCase()}`)) ? [] : [`${p} (no registry entry either)`];
      return served.has(`${e.method} ${p.toLowerCase()}`) ? [] : [`${e.id} (${e.method} ${p})`];
    });
    expect(missing, 'document endpoints the mock does not serve').toEqual([]);
  });

  test('every JSON endpoint of the interface document has a contract test', () => {
    // Listed by Playwright itself, so a test that is filtered out or misnamed counts as missing.
    const run = spawnSync(
      process.execPath,
      [
        `${REPO_ROOT}node_modules/@playwright/test/cli.js`,
        'test',
        '--list',
        '--reporter=json',
        '--project=contract',
        'tests/contract/endpoints.spec.ts',
      ],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(PW_|PLAYWRIGHT_|TEST_)/.test(k))),
      },
    );
    expect(run.status, `playwright --list failed:\n${run.stderr}`).toBe(0);
    const listing = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as JSONReport;
    const titles = testsOf(listing).map((t) => t.spec.title);
    const missing = docApiPaths.flatMap((p) => {
      const e = entryFor(p);
      if (!e) return [`${p} (no registry entry, so no generated test)`];
      return titles.some((t) => t.startsWith(`${e.id} answers 200 JSON`)) ? [] : [`${e.id} (${p})`];
    });
    expect(missing, 'document endpoints without a contract test in tests/contract/endpoints.spec.ts').toEqual([]);
  });

  test('every HTML route of the interface document has a page entry', () => {
    const pagePaths = Object.values(pages).map((p) => p.path.toLowerCase());
    expect(docPagePaths.length, 'the document names HTML routes').toBeGreaterThan(0);
    expect(
      docPagePaths.filter((p) => !pagePaths.includes(p.toLowerCase())),
      'document routes without a page entry',
    ).toEqual([]);
  });
});
