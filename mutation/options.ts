// `npm run mutation`'s command line: the options, their defaults, and the mutants they select.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run mutation -- [--only id,id] [--parallel N] [--workers N] [--timeout SECONDS] [--keep-going]
                            [--no-first-try] [--no-baseline] [--record] [--list] [-- playwright args]
  --parallel    suite runs at once (default: 1 per 2 cores)   --workers  Playwright workers per run (default: 2)
  --keep-going  run the mutants even when the faithful run is not green
  --no-first-try  skip the pass that tries each mutant against its last killer; the whole suite per mutant
  --no-baseline   run the suite against the faithful mock here, even when npm test's results of this
                  commit and settings (reports/results.json) could stand for it
  --record      write the tests that killed the mutants to mutation/killers.json (with --only, the
                others' entries are kept; with playwright args after --, only with --only)
  after --      passed to every playwright run (e.g. --project=contract while working on one area; the
                score of record is the whole suite, with nothing after --)`;

export interface MutationOptions {
  /** Mutant ids named by --only; undefined for the whole catalogue. */
  only?: string[];
  parallel: number;
  workers: number;
  timeoutMs: number;
  keepGoing: boolean;
  firstTry: boolean;
  /** Reuse npm test's results of this commit as the faithful run (reports/results.json). */
  baseline: boolean;
  record: boolean;
  list: boolean;
  help: boolean;
  /** Everything after `--`, for every playwright run. */
  playwrightArgs: string[];
}

/** The options of `argv` (without node and the script); throws on an unknown option or a bad number. */
export function parseMutationArgs(argv: string[]): MutationOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      only: { type: 'string' },
      parallel: { type: 'string', default: String(Math.max(1, Math.floor(availableParallelism() / 2))) },
      workers: { type: 'string', default: '2' },
      timeout: { type: 'string', default: '900' },
      'keep-going': { type: 'boolean', default: false },
      'no-first-try': { type: 'boolean', default: false },
      'no-baseline': { type: 'boolean', default: false },
      record: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const count = (name: string, s: string) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number ≥ 1, not ${JSON.stringify(s)}`);
    return n;
  };
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    only: only?.length ? only : undefined,
    parallel: count('parallel', values.parallel),
    workers: count('workers', values.workers),
    timeoutMs: count('timeout', values.timeout) * 1000,
    keepGoing: values['keep-going'],
    firstTry: !values['no-first-try'],
    baseline: !values['no-baseline'],
    record: values.record,
    list: values.list,
    help: values.help,
    playwrightArgs: positionals,
  };
}

/** The catalogue's mutants that `only` names (all without it), and the names it gives that are no mutant's. */
export function selectMutants<M extends { id: string }>(catalogue: readonly M[], only?: string[]): { selected: M[]; unknown: string[] } {
  const unknown = only?.filter((id) => !catalogue.some((m) => m.id === id)) ?? [];
  return { selected: only ? catalogue.filter((m) => only.includes(m.id)) : [...catalogue], unknown };
}
