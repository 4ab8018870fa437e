// The suite's and every script's write guard by address (settings/same-machine.ts), run once at
// start: writes allowed against a remote target that is, or shares an address with, a protected
// host stop the run in one line, as loadEnv's spelled comparison does.
import { EnvError, type HbEnv } from './env.js';
import { protectedBecause, type Lookup } from './same-machine.js';

/** The start-up line refusing writes to a protected target, or undefined when writes may go (or none are allowed). */
export async function writeTargetProblem(env: HbEnv, lookup?: Lookup): Promise<string | undefined> {
  if (env.target.kind !== 'remote' || !env.allowWrites || !env.protectedHosts.length) return undefined;
  const why = await protectedBecause(env.target.baseUrl, env.protectedHosts, lookup);
  if (!why) return undefined;
  return `Cannot start: HB_ALLOW_WRITES: refusing true: ${why}; point HB_BASE_URL at a staging server, or unset HB_ALLOW_WRITES`;
}

/** {@link writeTargetProblem} as an {@link EnvError} (the suite's global setup prints it in one line). */
export async function checkWriteTarget(env: HbEnv, lookup?: Lookup): Promise<void> {
  const problem = await writeTargetProblem(env, lookup);
  if (problem) throw new EnvError(problem);
}

/** For a script: the problem printed in one line, exit code 2. */
export async function checkWriteTargetOrExit(env: HbEnv): Promise<void> {
  const problem = await writeTargetProblem(env);
  if (!problem) return;
  console.error(problem);
  process.exit(2);
}
