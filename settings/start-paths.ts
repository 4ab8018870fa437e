// The paths a tool takes (HB_ENV_FILE, HB_REPORTS_DIR, --out, --record, --replay, seed files), checked
// at start: there, of the right kind, readable or writable. A problem is one line naming the variable
// or flag (`Cannot start: --out: …`), exit code 2, before any request. Node's recursive mkdir never
// returns under a path such as /proc (mkdir answers ENOENT for a parent that exists), so it is not used.
import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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
