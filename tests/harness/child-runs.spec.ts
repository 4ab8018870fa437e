// Every child `playwright test` of a suite run goes through child-runs/child-run.ts, which logs it for
// the teardown's count (child-runs.teardown.ts). A spawn of Playwright anywhere else in tests/ or
// fixtures/, or a start of a script that makes one, would run unseen. Pure: the source is read. And
// when a run records the listing itself (reporting/listing-reporter.ts) rather than in a child run.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { listingSource, RUN_LISTS_ITSELF } from '../../child-runs/listing.js';
import { REPO_ROOT } from '../../settings/paths.js';

/** The one module that spawns Playwright's command line, and logs each run. */
const LOGGED = 'child-runs/child-run.ts';
/** Playwright's command line, its package and file named on one line (as a path, or as the parts of one). */
const CLI = /^.*playwright\b.*\bcli\.js\b.*$/m;
/** In a file that spawns processes itself: `npx` or `playwright` as the command. */
const CHILD_PROCESS = /from ['"](node:)?child_process['"]/;
const COMMAND = /['"`](npx|playwright)['"`]/;
/** A call of the logged runs (a file that makes one spawns Playwright, logged). */
const LOGGED_CALL = /\b(runPlaywright|startPlaywright|runInlineTest)\(/;

const sourcesOf = (dir: string): string[] =>
  readdirSync(join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f))
    .map((f) => `${dir}/${f}`);
const files = new Map(
  [
    'tests',
    'fixtures',
    'scripts',
    'mock-server',
    'child-runs',
    'mutation',
    'bench',
    'client',
    'proxy',
    'recording',
    'fuzz',
    'coverage',
    'reporting',
    'settings',
  ]
    .flatMap(sourcesOf)
    .map((f) => [f, readFileSync(join(REPO_ROOT, f), 'utf8')]),
);

/** The repository files `file` imports by a relative path (`.js` in the source, `.ts` on disk). */
const importsOf = (file: string, text: string): string[] =>
  [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].map((m) => normalize(join(dirname(file), `${m[1]}.ts`)));

/** Files whose code, or the code they import, spawns Playwright (logged or not); importing child-run.ts alone does not. */
function spawningFiles(): Set<string> {
  const spawning = new Set([...files].filter(([f, text]) => f !== LOGGED && (CLI.test(text) || LOGGED_CALL.test(text))).map(([f]) => f));
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, text] of files) {
      if (!spawning.has(file) && importsOf(file, text).some((f) => spawning.has(f))) grew = spawning.add(file) && true;
    }
  }
  return spawning;
}

/** Where a file of tests/ or fixtures/ starts Playwright outside the log: one line per finding. */
function unloggedSpawns(): string[] {
  const spawning = spawningFiles();
  return [...files]
    .filter(([f]) => /^(tests|fixtures)\//.test(f) && f !== LOGGED)
    .flatMap(([file, text]) => [
      ...(CLI.exec(text) ? [`${file}: Playwright's command line: ${CLI.exec(text)?.[0].trim()}`] : []),
      ...(CHILD_PROCESS.test(text) && COMMAND.test(text) ? [`${file}: spawns ${COMMAND.exec(text)?.[0]}`] : []),
      ...[...text.matchAll(/['"`]((?:scripts|mock-server)\/[\w/.-]+\.ts)['"`]/g)]
        .filter((m) => spawning.has(m[1] as string))
        .map((m) => `${file}: starts ${m[1]}, which spawns Playwright`),
    ]);
}

test('no file of tests/ or fixtures/ spawns Playwright but through the logged child runs of child-runs/child-run.ts', () => {
  expect(files.has(LOGGED), `${LOGGED} is where the runs are logged`).toBe(true);
  expect(
    unloggedSpawns(),
    'spawn Playwright with runPlaywright, startPlaywright or runInlineTest (child-runs/child-run.ts), under a purpose',
  ).toEqual([]);
});

test('a run records the listing itself only when it holds the whole suite with the config reporters; else a child run lists it', () => {
  const lists = (...args: string[]) => listingSource(['test', ...args]);
  for (const whole of [
    [],
    ['--workers=1', '-x', '--retries', '1', '--add-reporter=json', '--output', '/tmp/o', '-c', 'playwright.config.ts'],
  ]) {
    expect(lists(...whole), whole.join(' ')).toBe(RUN_LISTS_ITSELF);
  }
  const parts = [
    ['tests/harness/tags.spec.ts'],
    ['--project=harness'],
    ['-g', '@smoke'],
    ['--grep-invert=x'],
    ['--shard=1/2'],
    ['--last-failed'],
    ['--only-changed'],
    ['--repeat-each=2'],
    ['--list'],
    ['--reporter=dot'],
    ['--test-list', 'some.txt'],
  ];
  for (const part of parts) expect(lists(...part), part.join(' ')).toMatch(/^a child run: /);
  expect(listingSource(['merge-reports', 'blobs'])).toMatch(/^a child run: /);
});
