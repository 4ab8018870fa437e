// The registry stays in step with the interface document: every JSON endpoint path of
// the document has a registry entry, a mock handler and a contract test, and every HTML
// route a page entry. It reads the committed copy contracts/spec/hall-booking-interface.md.
// It also holds the rule of CONTRIBUTING.md (Adding a JSON endpoint): an entry lives in its
// domain's contract file, is served by its domain's handler file, and has arguments when it takes some.
import { readFileSync } from 'node:fs';
import type { HttpHandler } from 'msw';
import * as account from '../../../contracts/account.js';
import * as bookings from '../../../contracts/bookings.js';
import * as catalog from '../../../contracts/catalog.js';
import * as customers from '../../../contracts/customers.js';
import { endpoints, pages, registry, type Domain, type JsonEndpoint, type RegistryEntry } from '../../../contracts/index.js';
import * as rooms from '../../../contracts/rooms.js';
import * as scheduler from '../../../contracts/scheduler.js';
import { contractArguments } from '../../../client/contract-arguments.js';
import { REPO_ROOT } from '../../../settings/paths.js';
import { MockContext } from '../../../mock-server/context.js';
import { bookingHandlers } from '../../../mock-server/handlers/bookings.js';
import { catalogHandlers } from '../../../mock-server/handlers/catalog.js';
import { customerHandlers } from '../../../mock-server/handlers/customers.js';
import { roomHandlers } from '../../../mock-server/handlers/rooms.js';
import { schedulerHandlers } from '../../../mock-server/handlers/scheduler.js';
import { buildHandlers } from '../../../mock-server/server.js';
import { expect, test } from '../../../fixtures/index.js';

const COPY = `${REPO_ROOT}contracts/spec/hall-booking-interface.md`;
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

/** Each domain's contract file (contracts/<domain>.ts), as a module. */
const contractFiles: Record<Domain, object> = { account, bookings, catalog, customers, rooms, scheduler };
/** The entries a contract file declares: the values of its exported tables of entries. */
const declaredIn = (file: object): RegistryEntry[] =>
  Object.values(file).flatMap((value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.values(value).filter((e): e is RegistryEntry => typeof e === 'object' && e !== null && 'kind' in e && 'path' in e)
      : [],
  );
const mockContext = () => new MockContext({ listShape: 'array', aliases: 'primary', dashboard404: false });
/** The handlers of each domain's handler file (mock-server/handlers/<domain>.ts) that serves JSON endpoints. */
const handlerFiles: Partial<Record<Domain, (mock: MockContext) => unknown[]>> = {
  bookings: bookingHandlers,
  catalog: catalogHandlers,
  customers: customerHandlers,
  rooms: roomHandlers,
  scheduler: schedulerHandlers,
};
const servedBy = (handlers: unknown[]) =>
  new Set(
    handlers
      .filter((h): h is HttpHandler => typeof h === 'object' && h !== null && 'info' in h)
      .map((h) => `${String(h.info.method)} ${String(h.info.path).toLowerCase()}`),
  );

test.describe('registry meta-test', () => {
  test('every JSON endpoint of the interface document has a registry entry, and every other entry names its source', () => {
    expect(docApiPaths.length, 'the document names JSON endpoints').toBeGreaterThan(0);
    const missing = docApiPaths.filter((p) => !entryFor(p));
    expect(missing, 'document paths without a registry entry').toEqual([]);
    const named = (e: JsonEndpoint) => docApiPaths.some((p) => p.toLowerCase() === e.path.toLowerCase());
    const extra = jsonEntries.filter((e) => !named(e) && !e.beyondDocument).map((e) => `${e.id} ${e.path}`);
    expect(extra, "registry entries the document does not name: say where the contract comes from (beyondDocument: '…')").toEqual([]);
    const stale = jsonEntries.filter((e) => named(e) && e.beyondDocument).map((e) => e.id);
    expect(stale, 'entries marked beyondDocument that the document now names: drop the mark').toEqual([]);
  });

  test('every JSON endpoint of the interface document has a mock handler', () => {
    const handlers = buildHandlers(mockContext()).filter(
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

  test('every HTML route of the interface document has a page entry', () => {
    const pagePaths = Object.values(pages).map((p) => p.path.toLowerCase());
    expect(docPagePaths.length, 'the document names HTML routes').toBeGreaterThan(0);
    expect(
      docPagePaths.filter((p) => !pagePaths.includes(p.toLowerCase())),
      'document routes without a page entry',
    ).toEqual([]);
  });

  test("each entry is declared in its own domain's contract file, and the registry merges those files only", () => {
    const misplaced = Object.entries(contractFiles).flatMap(([domain, file]) =>
      declaredIn(file)
        .filter((e) => e.domain !== domain)
        .map((e) => `${e.id} (domain ${e.domain}) in contracts/${domain}.ts`),
    );
    expect(misplaced, "entries declared in another domain's file").toEqual([]);
    const declared = Object.values(contractFiles)
      .flatMap(declaredIn)
      .map((e) => e.id)
      .sort();
    expect(
      registry.map((e) => e.id).sort(),
      'the registry holds exactly the entries of the contract files (contracts/<domain>.ts)',
    ).toEqual(declared);
  });

  test("each JSON endpoint is served by its domain's handler file", () => {
    const mock = mockContext();
    const unserved = jsonEntries.flatMap((e) => {
      const handlers = handlerFiles[e.domain];
      const key = `${e.method} ${e.path.toLowerCase()}`;
      return handlers && servedBy(handlers(mock)).has(key) ? [] : [`${e.id}: not in mock-server/handlers/${e.domain}.ts`];
    });
    expect(unserved, "JSON endpoints their domain's handler file does not serve").toEqual([]);
  });

  test('a JSON endpoint with a query or a body has arguments in client/contract-arguments.ts, one without has none', () => {
    const wrong = jsonEntries.flatMap((e) => {
      const takes = Boolean(e.query ?? e.body);
      const has = Object.hasOwn(contractArguments, e.id);
      return takes === has ? [] : [`${e.id}: ${takes ? 'takes arguments but has none' : 'takes none but has some'}`];
    });
    expect(wrong).toEqual([]);
  });
});
