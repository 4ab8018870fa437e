// The suite's and every script's write guard by address (settings/same-machine.ts), run once at
// start: writes allowed against a remote target that is, or shares an address with, a protected
// host stop the run in one line, as loadEnv's spelled comparison does. An entry that does not
// resolve here is a warning naming it; a target that does not resolve is named as HB_BASE_URL's problem.
import { EnvError, type HbEnv } from './env.js';
import { guardVerdict, type Lookup } from './same-machine.js';

export interface WriteTargetCheck {
  /** The start-up line refusing writes, or undefined when writes may go (or none are allowed). */
  problem?: string;
  /** Lines to print and go on with (entries compared by name only). */
  warnings: string[];
}

/** The guard's verdict on this run's writes, worded for the start-up. */
export async function writeTargetCheck(env: HbEnv, lookup?: Lookup): Promise<WriteTargetCheck> {
  if (env.target.kind !== 'remote' || !env.allowWrites || !env.protectedHosts.length) return { warnings: [] };
  const { why, unresolvedTarget, warnings } = await guardVerdict(env.target.baseUrl, env.protectedHosts, lookup);
  if (!why) return { warnings };
  const host = new URL(env.target.baseUrl).hostname;
  const problem = unresolvedTarget
    ? `Cannot start: HB_BASE_URL: ${host} does not resolve (${unresolvedTarget}): check the URL and the network (DNS, VPN)`
    : `Cannot start: HB_ALLOW_WRITES: refusing true: ${why}; point HB_BASE_URL at a staging server, or unset HB_ALLOW_WRITES`;
  return { problem, warnings };
}

/** The start-up line refusing writes to a protected target, or undefined when writes may go. */
export async function writeTargetProblem(env: HbEnv, lookup?: Lookup): Promise<string | undefined> {
  return (await writeTargetCheck(env, lookup)).problem;
}

/** {@link writeTargetCheck}: its warnings printed, its problem an {@link EnvError} (the suite's global setup prints it in one line). */
export async function checkWriteTarget(env: HbEnv, lookup?: Lookup): Promise<void> {
  const { problem, warnings } = await writeTargetCheck(env, lookup);
  for (const line of warnings) console.error(line);
  if (problem) throw new EnvError(problem);
}

/** For a script: the warnings printed, the problem printed in one line, exit code 2. */
export async function checkWriteTargetOrExit(env: HbEnv): Promise<void> {
  try {
    await checkWriteTarget(env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
