// Settings from a `.env` file, read by Node's own loader (process.loadEnvFile) into the environment
// before settings/env.ts parses it, for the suite and every script alike. A variable already in the
// environment wins over the file. HB_ENV_FILE names another file, or `none` for no file at all.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { REPO_ROOT, shownPath } from './paths.js';
import { readableFile, StartPathError } from './start-paths.js';

/** What was read: the file (absent when none), its variables, and those the environment overrode. */
export interface EnvFileReading {
  file?: string;
  variables: string[];
  overridden: string[];
  /** Set but empty in the environment, set in the file: the file's value is kept (an empty value never erases one silently). */
  emptied: string[];
  /** The run's first line, naming where the settings came from. */
  line: string;
}

/** HB_ENV_FILE names a file that is not there: a start-up error naming the variable. */
class EnvFileError extends Error {
  override name = 'EnvFileError';
}

/**
 * Read the settings file into `target` (process.env by default): `.env` in the repository, or the
 * file HB_ENV_FILE names (relative to the working folder). Throws {@link EnvFileError} when
 * HB_ENV_FILE names a missing file; a missing `.env` is no error.
 */
export function readEnvFile(target: NodeJS.ProcessEnv = process.env): EnvFileReading {
  const named = target.HB_ENV_FILE;
  if (named === 'none')
    return { variables: [], overridden: [], emptied: [], line: 'Settings from the environment only (HB_ENV_FILE=none)' };
  const file = named ? resolve(named) : resolve(REPO_ROOT, '.env');
  if (!existsSync(file)) {
    if (named) throw new EnvFileError(`Cannot start: HB_ENV_FILE: no such file ${file} (example: HB_ENV_FILE=staging.env)`);
    return { variables: [], overridden: [], emptied: [], line: 'Settings from the environment only (no .env file)' };
  }
  if (named) {
    try {
      readableFile(file);
    } catch (error) {
      if (!(error instanceof StartPathError)) throw error;
      throw new EnvFileError(`Cannot start: HB_ENV_FILE: ${error.message} (example: HB_ENV_FILE=staging.env)`);
    }
  }
  const values = parseEnv(readFileSync(file, 'utf8'));
  const variables = Object.keys(values);
  // A variable set empty in the environment (a CI workflow's `${{ vars.X }}` when X is not defined) would win over the file and
  // erase its value without a word: the file's value is kept, and the first line says so.
  const emptied = variables.filter((k) => target[k] === '' && values[k] !== '');
  const overridden = variables.filter((k) => target[k] !== undefined && !emptied.includes(k));
  if (target === process.env) process.loadEnvFile(file);
  else for (const k of variables) target[k] ??= values[k];
  for (const k of emptied) target[k] = values[k];
  const wins = overridden.length ? `the environment wins for ${overridden.join(', ')}` : 'the environment wins';
  const kept = emptied.length ? `; empty in the environment, the file's value kept: ${emptied.join(', ')}` : '';
  const count = `${variables.length} variable${variables.length === 1 ? '' : 's'}`;
  return { file, variables, overridden, emptied, line: `Settings from ${shownPath(file)} (${count}; ${wins}${kept})` };
}

let reading: EnvFileReading | undefined;

/**
 * For every entry point (the suite's config, each script, the mock's command line): read the settings
 * file once per process and print its line first; in a Playwright worker (which inherits the runner's
 * environment) nothing is printed. A missing HB_ENV_FILE prints one line and exits with code 2.
 */
export function useEnvFile(): EnvFileReading {
  if (reading) return reading;
  reading = readEnvFileOrExit(process.env);
  if (process.env.TEST_WORKER_INDEX === undefined) console.log(reading.line);
  return reading;
}

/** {@link readEnvFile}, a settings file it cannot read being one line on stderr and exit code 2. */
export function readEnvFileOrExit(target: NodeJS.ProcessEnv): EnvFileReading {
  try {
    return readEnvFile(target);
  } catch (error) {
    if (!(error instanceof EnvFileError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
