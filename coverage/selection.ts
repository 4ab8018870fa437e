// Which service tests the `readings` and `contract-variant` projects re-run: the tests that call a
// route an open point decides (contracts/open-points.ts), or one whose answer comes in either list
// shape or alias spelling. What each test calls is listed in tests/calls.json, recorded from a run.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openPoints } from '../contracts/index.js';
import { TESTS_DIR } from '../settings/paths.js';
import { coverageModel } from './model.js';
import { WORKER_COVERAGE_DIR } from './where.js';

/** Test key (`contract/endpoints.spec.ts › describe › title`) → the registry ids of the routes it called. */
export type Calls = Record<string, string[]>;

/** The listing the projects are selected from; `HB_RECORD_CALLS=true` rewrites it from the run's observations. */
export const CALLS_FILE = join(TESTS_DIR, 'calls.json');

/** The projects whose runs the listing is recorded from and checked against: the service suite under the default readings. */
export const LISTED_PROJECTS = ['contract', 'wire', 'ui', 'flows'];

/** A test's key: its file relative to tests/, then its title path below the file. */
export const testKey = (file: string, titles: readonly string[]): string => [relative(TESTS_DIR, file), ...titles].join(' › ');

/** The routes whose answers some open point changes. */
export const decidedRoutes = (): Set<string> => new Set(Object.values(openPoints).flatMap((p) => p.decides));

/** The routes whose answer is a list (bare or `{Data}`) or carries a field with an alias spelling. */
export const variantRoutes = (): Set<string> =>
  new Set(coverageModel().flatMap((i) => (i.category === 'shape' || i.category === 'alias' ? [i.route] : [])));

export const readCalls = (file = CALLS_FILE): Calls => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Calls) : {});

export function writeCalls(calls: Calls, file = CALLS_FILE): void {
  const sorted = Object.fromEntries(Object.entries(calls).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** The keys of the tests that call one of `routes` (under `under`, a folder of tests/, when given). */
export const selected = (calls: Calls, routes: Set<string>, under = ''): string[] =>
  Object.entries(calls)
    .filter(([key, called]) => key.startsWith(under) && called.some((r) => routes.has(r)))
    .map(([key]) => key);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A project's `grep` for the tests of `keys`: Playwright matches it against the project name, the
 * file (relative to the config's testDir, tests/), the describes, the title and the tags, joined by
 * spaces. An empty selection matches nothing.
 */
export function grepOf(keys: string[]): RegExp {
  const one = (key: string) => {
    const [file = '', ...titles] = key.split(' › ');
    return `^ ?\\S+ ${escape(file)} ${titles.map(escape).join(' (?:@\\S+ )*')}(?: @\\S+)*$`;
  };
  return keys.length ? new RegExp(keys.map(one).join('|')) : /$^/;
}

/** What the run observed that its selection leaves out: one line per test and route, empty when it holds. */
export function leftOut(observed: Calls, listed: Calls): string[] {
  const checks = [
    { project: 'readings', routes: decidedRoutes(), under: '' },
    { project: 'contract-variant', routes: variantRoutes(), under: 'contract/' },
  ];
  return checks.flatMap(({ project, routes, under }) => {
    const chosen = new Set(selected(listed, routes, under));
    return Object.entries(observed).flatMap(([key, called]) =>
      key.startsWith(under) && !chosen.has(key)
        ? called.filter((r) => routes.has(r)).map((r) => `${key} calls ${r} but is not in the ${project} selection`)
        : [],
    );
  });
}

/** What the workers of the listed projects saw each test call (fixture.ts writes it beside the counts). */
export function readWorkerCalls(outputDirs: string[]): Calls {
  const calls: Calls = {};
  for (const dir of new Set(outputDirs.map((d) => join(d, WORKER_COVERAGE_DIR)))) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      const w = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { project?: string; calls?: Calls };
      if (!LISTED_PROJECTS.includes(w.project ?? '')) continue;
      // Only the suite's own tests: an inline suite of a harness check lives outside tests/.
      for (const [key, routes] of Object.entries(w.calls ?? {}).filter(([k]) => !k.startsWith('..')))
        calls[key] = [...new Set([...(calls[key] ?? []), ...routes])].sort();
    }
  }
  return calls;
}

/** The listing with the run's observations in place of what it held for the tests that ran; tests whose file is gone drop out. */
export const recorded = (listed: Calls, observed: Calls): Calls =>
  Object.fromEntries(Object.entries({ ...listed, ...observed }).filter(([key]) => existsSync(join(TESTS_DIR, key.split(' › ')[0] ?? ''))));
