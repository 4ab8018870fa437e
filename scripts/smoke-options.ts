// `npm run smoke` arguments: none but `--help`; the target comes from the HB_* variables.
import { parseArgs } from 'node:util';

export const SMOKE_USAGE = `Usage: npm run smoke [-- --help]
Takes no other argument: the target comes from HB_BASE_URL, HB_EMAIL, HB_PASSWORD, HB_HALL_ID (README, "Smoke check").`;

/** Strict: a flag the check does not know is refused, not ignored on a run that then looks green. */
export const parseSmokeArgs = (args: string[]): { help: boolean } => ({
  help: parseArgs({ args, strict: true, options: { help: { type: 'boolean', short: 'h' } } }).values.help === true,
});
