// The paths a tool takes (HB_ENV_FILE, HB_REPORTS_DIR, --out, --record, --replay, seed files), checked
// at start: there, of the right kind, readable or writable. A problem is one line naming the variable
// or flag (`Cannot start: --out: …`), exit code 2, before any request. Node's recursive mkdir never
// returns under a path such as /proc (mkdir answers ENOENT for a parent that exists), so it is not used.
import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT } from './paths.js';
import { RUN_IN_PROGRESS } from './run.js';

/** Why a path cannot serve, on one line (`… is a file, not a folder`). */
export class StartPathError extends Error {
  override name = 'StartPathError';
}

const why = (error: unknown, path: string): string => {
  const e = error as NodeJS.ErrnoException;
  return `${e.path ?? path} cannot be written (${e.code ?? e.message})`;
};

/** Make `dir` (and missing parents) and write a file in it; a StartPathError naming the path when that fails. */
export function makeWritableDir(dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  while (!existsSync(at)) {
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (existsSync(at) && !statSync(at).isDirectory()) throw new StartPathError(`${at} is a file, not a folder`);
  try {
    for (const d of missing) mkdirSync(d);
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new StartPathError(why(error, dir));
  }
}

/** A file to read: there, a file, readable. */
export function readableFile(path: string): void {
  const file = resolve(path);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new StartPathError(`no such file ${file}`);
  if (!stat.isFile()) throw new StartPathError(`${file} is a folder, not a file`);
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    throw new StartPathError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
}

/** A file to write later: its folder there and writable (nothing made), the file itself absent or a writable file. */
export function writableFile(path: string): void {
  const file = resolve(path);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw new StartPathError(`${file} is a folder, not a file`);
  const folder = dirname(file);
  const parent = statSync(folder, { throwIfNoEntry: false });
  if (!parent) throw new StartPathError(`its folder ${folder} does not exist`);
  if (!parent.isDirectory()) throw new StartPathError(`${folder} is a file, not a folder`);
  try {
    accessSync(stat ? file : folder, constants.W_OK);
    // Root passes every access check: a read-only file system (/sys, /proc) shows only on a write.
    const probe = join(folder, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new StartPathError(why(error, stat ? file : folder));
  }
}

/** `check()`, or its problem as `Cannot start: NAME: why` on one line and exit code 2. */
export function pathOrExit(name: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof StartPathError)) throw error;
    console.error(`Cannot start: ${name}: ${error.message}`);
    process.exit(2);
  }
}

/**
 * What the suite's tools write at the top of the reports folder (reports/README.md lists each): a folder holding
 * anything else is someone else's, and the run rewrites what it writes there (the scrub of secrets), so it is refused.
 */
export const REPORT_ENTRIES = [
  ...['README.md', 'test-results', 'playwright-report', 'junit.xml', 'results.json', 'blob-report', 'blob-merged'],
  ...['allure-results', 'allure-report', 'history', 'summary.json', 'summary.md', 'ctrf.json', 'coverage.json'],
  ...['coverage.html', 'contracts', 'proxy', 'fuzz', 'sources.md', 'seeded-run', 'second-run.json', 'mutation.json'],
  ...['bench.json', 'ci.json', 'hall.seed.json'],
] as const;

/** A name the tools write there: one of {@link REPORT_ENTRIES}, a recording (`*.seed.json`), a tool's write probe. */
const isReportEntry = (name: string): boolean =>
  (REPORT_ENTRIES as readonly string[]).includes(name) ||
  name.endsWith('.seed.json') ||
  name.startsWith('.write-check-') ||
  name === RUN_IN_PROGRESS;

/** Whether `dir` is `other` or a folder above it. */
const holds = (dir: string, other: string): boolean => {
  const rel = relative(dir, other);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/**
 * The reports folder (HB_REPORTS_DIR): made and proved writable, and refused when it is the repository, the home or
 * working folder or a folder above one of them, or holds anything the tools do not write (at most three named).
 */
export function reportsFolder(dir: string, { repo = REPO_ROOT, home = homedir(), cwd = process.cwd() } = {}): void {
  const folder = resolve(dir);
  const places: [string, string][] = [
    ['the repository', repo],
    ['the home folder', home],
    ['the working folder', cwd],
  ];
  for (const [what, path] of places) {
    if (holds(folder, resolve(path))) {
      const where = relative(folder, resolve(path)) === '' ? what : `a folder above ${what}`;
      throw new StartPathError(`${folder} is ${where}; the run rewrites what it writes there: name a folder of its own, such as reports`);
    }
  }
  const foreign = existsSync(folder) && statSync(folder).isDirectory() ? readdirSync(folder).filter((name) => !isReportEntry(name)) : [];
  if (foreign.length) {
    const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ` and ${foreign.length - 3} more` : '');
    throw new StartPathError(
      `${folder} holds files the suite does not write (${shown}): name an empty folder, or one of its own such as reports`,
    );
  }
  makeWritableDir(folder);
}
