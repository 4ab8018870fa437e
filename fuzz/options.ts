// `npm run fuzz`'s command line, read apart from the run, so the suite checks it in its worker
// (tests/harness/settings/start-paths.spec.ts): a mistake is one line and exit code 2, `--help` the usage and
// exit 0; a --replay file is read and checked here, before any request.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { negativeValuesJoined } from '../settings/command-line.js';
import { pathOrExit, readableFile } from '../settings/start-paths.js';

const USAGE = `Usage: npm run fuzz -- [--seed N] [--cases N] [--time-limit SECONDS] [--readings default|alternate] [--replay FILE]
  --seed        fast-check seed (default: random, printed)
  --cases       the budget, in generated cases (default 2400): one seed sends the same requests, in the
                same order, to a fast and a slow server
  --time-limit  a safety stop in seconds (default 600), not the budget: a check it cuts short fails the run
  --readings    the built-in mock's readings, default or alternate (no HB_BASE_URL)
  --replay      run a replay file's input again (reports/fuzz/*.json)
Target: HB_BASE_URL, HB_EMAIL, HB_PASSWORD, HB_HALL_ID (else a built-in mock; HB_MOCK_MUTANT plays a mutant).
Writes (form posts, BlockUser, GenerateAccessPIN) only against the mock or with HB_ALLOW_WRITES=true.`;

/** A refusal of the command line: one line and exit code 2. */
export function usage(message: string): never {
  console.error(`fuzz: ${message} (npm run fuzz -- --help shows the usage)`);
  process.exit(2);
}

const ReplayFile = z.object({
  property: z.string().min(1),
  input: z.unknown().refine((v) => v !== undefined, 'required'),
  seed: z.number().int(),
});

export interface FuzzArgs {
  seed: number;
  cases: number;
  budgetMs: number;
  readings: 'default' | 'alternate';
  /** The --replay path as given, and the file's content. */
  replay?: { path: string } & z.infer<typeof ReplayFile>;
}

/** The command line `argv`, or exit: 2 with one line on a mistake, 0 with the usage on --help. */
export function fuzzArgsOrExit(argv: string[]): FuzzArgs {
  let flags: { seed?: string; cases: string; 'time-limit': string; readings: string; replay?: string; help: boolean };
  try {
    flags = parseArgs({
      args: negativeValuesJoined(argv),
      strict: true,
      options: {
        seed: { type: 'string' },
        cases: { type: 'string', default: '2400' },
        'time-limit': { type: 'string', default: '600' },
        readings: { type: 'string', default: 'default' },
        replay: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    usage((error as Error).message);
  }
  if (flags.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name: string, v: string | undefined, min: number) => {
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v) || Number(v) < min) usage(`--${name} must be a whole number of at least ${min}, got "${v}"`);
    return Number(v);
  };
  const seed = whole('seed', flags.seed, -2147483648) ?? Math.floor(Math.random() * 2 ** 31);
  const cases = whole('cases', flags.cases, 1) as number;
  const budgetMs = (whole('time-limit', flags['time-limit'], 1) as number) * 1000;
  const readings = flags.readings;
  if (readings !== 'default' && readings !== 'alternate') usage(`--readings must be default or alternate, got "${readings}"`);
  if (!flags.replay) return { seed, cases, budgetMs, readings };
  const file = resolve(flags.replay);
  pathOrExit('--replay', () => readableFile(file));
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    usage(`--replay: ${file} is not a replay file: ${(error as Error).message}`);
  }
  // The fields a replay needs (fuzz/runner.ts writes them); a file without them is refused here, not deep in a check.
  const parsed = ReplayFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    console.error(`Cannot start: --replay: ${file} is not a replay file: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
    process.exit(2);
  }
  return { seed, cases, budgetMs, readings, replay: { path: flags.replay, ...parsed.data } };
}
