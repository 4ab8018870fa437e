// What the start-up says beside its errors, on lines of their own that the run goes on after: an `HB_*` name the
// suite does not read (a typo is otherwise silent), and proxy variables the suite ignores (one route to the target).
/** Names read elsewhere (EnvVariables holds the rest): the harness's own, the mock's port, the replay's shell variables. */
const INTERNAL = [
  ...['HB_ENV_FILE', 'HB_RUN_ID', 'HB_MOCK_SECRET', 'HB_MOCK_PASSWORD', 'HB_MUTATION_PLAN', 'HB_MUTATION_TRIES_ONLY'],
  ...['HB_STORAGE_STATE', 'HB_MOCK_PORT', 'HB_COOKIE', 'HB_TOKEN'],
];

/** Edits from `a` to `b` (Levenshtein). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** One warning per `HB_*` name of `source` neither among `settings` nor internal, naming the nearest known one. */
export function unknownNames(source: NodeJS.ProcessEnv, settings: readonly string[]): string[] {
  const known = [...settings, ...INTERNAL];
  return Object.keys(source)
    .filter((name) => name.startsWith('HB_') && !known.includes(name))
    .map((name) => {
      const nearest = known.reduce((best, k) => (distance(name, k) < distance(name, best) ? k : best));
      const hint = distance(name, nearest) <= 3 ? `; did you mean ${nearest}?` : '';
      return `Warning: ${name} is not a setting of this suite and is ignored${hint}`;
    });
}

/** Proxy variables Chromium on Linux and some HTTP clients read. */
const PROXY_VARIABLES = ['http_proxy', 'https_proxy', 'all_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'];

/**
 * The proxy variables set in `source`: the suite's browser and clients ignore them and go straight to the target,
 * one route for the start-up checks, the write guard and the tests alike (fixtures/browser.ts).
 */
export const proxyVariablesSet = (source: NodeJS.ProcessEnv): string[] => PROXY_VARIABLES.filter((name) => source[name]);

/** The line a run against a remote target prints when the environment names a proxy; undefined when it names none. */
export function proxyNote(remote: boolean, source: NodeJS.ProcessEnv): string | undefined {
  const names = proxyVariablesSet(source);
  if (!remote || !names.length) return undefined;
  return (
    `Note: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} set: the suite's browser and clients ignore ` +
    'proxy variables and connect to HB_BASE_URL directly, as its start-up checks and write guard do'
  );
}
