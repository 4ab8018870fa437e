// A script's command line, read the one way every script reads it: its own parser's refusal is one
// line naming the script, then the usage, and exit code 2 (a start-up error, as settings/env-file.ts
// words one); `--help` prints the usage and exits 0.
/** A start-up problem that is not the command line's form (a path it names): its one line alone, no usage. */
export class StartError extends Error {
  override name = 'StartError';
}

/**
 * `parse(argv)`, or exit: 2 with `<name>: <why>` and the usage when it throws, 0 with `help` (the usage
 * and what only a reader of the help needs, e.g. the mock's mutants) on `--help`.
 */
export function parseOrExit<T extends { help: boolean }>(
  name: string,
  parse: (argv: string[]) => T,
  usage: string,
  argv = process.argv.slice(2),
  help = usage,
): T {
  let options: T;
  try {
    options = parse(argv);
  } catch (error) {
    console.error(error instanceof StartError ? error.message : `${name}: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(help);
    process.exit(0);
  }
  return options;
}

/**
 * `--budget -5` as `--budget=-5`: node:util's parseArgs refuses a value starting with a dash as
 * "ambiguous", so a negative number would never reach the tool's own range message.
 */
export function negativeValuesJoined(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (/^--[a-z][a-z0-9-]*$/.test(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}
