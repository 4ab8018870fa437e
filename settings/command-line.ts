// A script's command line, read the one way every script reads it: its own parser's refusal is one
// line naming the script, then the usage, and exit code 2 (a start-up error, as settings/env-file.ts
// words one); `--help` prints the usage and exits 0.
/** `parse(argv)`, or exit: 2 with `<name>: <why>` and the usage when it throws, 0 with the usage on `--help`. */
export function parseOrExit<T extends { help: boolean }>(
  name: string,
  parse: (argv: string[]) => T,
  usage: string,
  argv = process.argv.slice(2),
): T {
  let options: T;
  try {
    options = parse(argv);
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    process.exit(0);
  }
  return options;
}
