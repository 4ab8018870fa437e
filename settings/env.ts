// The environment, read once and checked with zod. Without HB_BASE_URL the suite runs
// against the built-in mock; with it, against that server, and then the credentials
// and hall id are required. A bad value stops the run before any test, by name.
import { resolve } from 'node:path';
import { z } from 'zod';
import { Guid } from '../contracts/common.js';
import { readSeedFile, SeedFileError, type SeedFile } from './seed-file.js';
import { useEnvFile } from './env-file.js';
import { REPO_ROOT } from './paths.js';
import { pathOrExit, reportsFolder } from './start-paths.js';
import { isProtectedHost, protectedHostList, protectedHostsProblem } from './protected-hosts.js';
import { proxyNote, unknownNames } from './env-notes.js';

const Flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));

/** Every variable the suite reads, with an example shown when one is missing or malformed. */
const ENV_EXAMPLES: Record<string, string> = {
  HB_BASE_URL: 'https://staging.hall-booking.example',
  HB_EMAIL: 'qa-admin@hall.example',
  HB_PASSWORD: '********',
  HB_HALL_ID: '42',
  HB_ALLOW_WRITES: 'false',
  HB_TEST_CUSTOMER_ID: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  HB_STRICT_CONTRACTS: 'false',
  HB_CONTRACT_BASELINE: 'contracts/baseline.json',
  HB_PROTECTED_HOSTS: 'hallmaster.co.uk,www.hallmaster.co.uk',
  HB_MAX_CONCURRENCY: '2',
  HB_MAX_RESPONSE_MS: '2000',
  HB_SEQUENCE_SEED: '-700614100@0:2:1@ACB:F',
  CHROMIUM_PATH: '/usr/bin/chromium',
  HB_REPORTS_DIR: 'reports',
  HB_MOCK_PASSWORD: 'a-long-random-string',
  HB_SECRETS_LOG: '/tmp/hb-issued-secrets.txt',
  HB_MOCK_MUTANT: 'grid-ignores-status-type',
  HB_MOCK_STATS: '/tmp/hb-mock-stats.jsonl',
  HB_MOCK_SEED: 'reports/hall.seed.json',
  HB_MOCK_SEED_SCALE: '3000',
  HB_COVERAGE_GATE: 'on',
  HB_ENV_FILE: 'staging.env',
};

/** The schema of every variable; tools that read a few of them (npm run proxy) pick theirs. */
export const EnvVariables = z.object({
  // The service's paths are absolute (/Account/Login, /api/…): a path in the base URL would be dropped by
  // every request, so it is refused rather than silently ignored (the proxy refuses it too).
  HB_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((u) => {
      // Runs after a failed .url() check too: an unparsable value is left to that check's message.
      const url = URL.canParse(u) ? new URL(u) : null;
      return !url || (url.pathname === '/' && !url.search && !url.hash);
    }, "expected the server's origin only, such as https://staging.example (no path, query or fragment)")
    // A password in the URL would be printed, logged and recorded wherever the URL is: refused, and never echoed.
    .refine((u) => {
      const url = URL.canParse(u) ? new URL(u) : null;
      return !url || (!url.username && !url.password);
    }, 'expected no user name or password in the URL (HB_EMAIL and HB_PASSWORD hold the login)')
    .optional(),
  HB_EMAIL: z.string().min(1).optional(),
  HB_PASSWORD: z.string().min(1).optional(),
  HB_HALL_ID: z.string().regex(/^\d+$/, 'expected a whole number').optional(),
  HB_ALLOW_WRITES: Flag.optional(),
  HB_TEST_CUSTOMER_ID: Guid.optional(),
  HB_STRICT_CONTRACTS: Flag.optional(),
  HB_CONTRACT_BASELINE: z.string().min(1).optional(),
  HB_PROTECTED_HOSTS: z
    .string()
    .superRefine((v, ctx) => {
      const why = protectedHostsProblem(v);
      if (why) ctx.addIssue({ code: 'custom', message: why });
    })
    .optional(),
  HB_MAX_CONCURRENCY: z
    .string()
    .regex(/^[1-9]\d*$/, 'expected a positive whole number')
    .optional(),
  HB_MAX_RESPONSE_MS: z
    .string()
    .regex(/^[1-9]\d*$/, 'expected a positive whole number (milliseconds)')
    .optional(),
  HB_SEQUENCE_SEED: z
    .string()
    .regex(/^-?\d+(@[\d:]*(@[A-Za-z0-9+/:]*)?)?$/, 'expected a seed, or the seed@path@replayPath a failed sequence printed')
    .optional(),
  CHROMIUM_PATH: z.string().min(1).optional(),
  HB_REPORTS_DIR: z.string().min(1).optional(),
  HB_MOCK_PASSWORD: z.string().min(8, 'at least 8 characters, so that it can be found and masked').optional(),
  HB_SECRETS_LOG: z.string().min(1).optional(),
  HB_MOCK_MUTANT: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'expected a mutant id from mock-server/mutants.ts')
    .optional(),
  HB_MOCK_STATS: z.string().min(1).optional(),
  HB_MOCK_SEED: z.string().min(1).optional(),
  HB_MOCK_SEED_SCALE: z
    .string()
    .regex(/^[1-9]\d*$/, 'expected a positive whole number (bookings)')
    .optional(),
  HB_COVERAGE_GATE: z.enum(['on', 'off']).optional(),
});

type Target = { kind: 'mock' } | { kind: 'remote'; baseUrl: string; email: string; password: string; hallId: number };

export interface HbEnv {
  target: Target;
  /** Writes against a remote target happen only when this is true (always true against the mock). */
  allowWrites: boolean;
  /** GUID of a customer the suite may book for and block. */
  testCustomerId?: string;
  /** Unknown keys in JSON answers fail the contract tests instead of being recorded as drift. */
  strictContracts: boolean;
  /**
   * Absolute path of the shape baseline for unspecified bodies (HB_CONTRACT_BASELINE,
   * relative to the repository; default contracts/baseline.json).
   */
  contractBaseline: string;
  /** Hosts the suite never writes to, whatever HB_ALLOW_WRITES says: `host` or `host:port`, normalised (protected-hosts.ts). */
  protectedHosts: string[];
  /** Workers against a remote target, and the run-wide cap on the Node clients' requests in flight. */
  maxConcurrency: number;
  /** A route whose median answer in a test takes longer fails that test (HB_MAX_RESPONSE_MS, default 2000 ms). */
  maxResponseMs: number;
  /** The model-based write sequences' seed, path and commands' replay path as a failure printed them (HB_SEQUENCE_SEED). */
  sequenceSeed?: SequenceSeed;
  chromiumPath?: string;
  /** Where reporters write (default `reports`); the leak and shard tests point child runs elsewhere. */
  reportsDir: string;
  /** Password of the built-in mock instead of its default (the leak test plants a known one). */
  mockPassword?: string;
  /** File the built-in mock appends every cookie value and token it issues to (leak test only). */
  secretsLog?: string;
  /** A deliberate regression the built-in mock serves (npm run mutation); refused with a remote target. */
  mockMutant?: string;
  /** File each worker's mock appends its counters (logins) to at teardown (npm run bench). */
  mockStatsFile?: string;
  /** A recorded hall the built-in mock plays instead of its own (npm run record writes one); refused with a remote target. */
  mockSeed?: SeedFile;
  /** A big hall: this many more bookings in the built-in mock (mock-server/seed-scale.ts); refused with a remote target. */
  mockSeedScale?: number;
  /** Fail the run on documented items never exercised (coverage/); unset: on for a whole offline run only. */
  coverageGate?: 'on' | 'off';
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** A start-up error's one line: the variable, what is wrong, an example (one style for every start-up error). */
const startupProblem = (name: string, why: string): string =>
  `Cannot start: ${name}: ${why} (example: ${name}=${ENV_EXAMPLES[name] ?? '…'}; see .env.example)`;
const problem = startupProblem;
/** A URL's origin without credentials, for a message; the text itself when it is no URL. */
const displayOrigin = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/** A path relative to the repository (HB_CONTRACT_BASELINE, HB_REPORTS_DIR), made absolute. */
export const repoPath = (path: string): string => resolve(REPO_ROOT, path);

/** HB_BASE_URL when the environment names a remote target (empty is unset, as for {@link loadEnv}); undefined for the built-in mock. */
export const remoteTargetNamed = (source: NodeJS.ProcessEnv = process.env): string | undefined => source.HB_BASE_URL || undefined;

/** Parse the environment; throws {@link EnvError} listing every bad or missing variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): HbEnv {
  const present = Object.fromEntries(
    Object.keys(EnvVariables.shape)
      .filter((k) => source[k] !== undefined && source[k] !== '')
      .map((k) => [k, source[k]]),
  );
  const parsed = EnvVariables.safeParse(present);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(problem(String(issue.path[0]), issue.message));
  }
  const raw = parsed.success ? parsed.data : ({} as z.infer<typeof EnvVariables>);
  if (present.HB_BASE_URL) {
    for (const name of ['HB_EMAIL', 'HB_PASSWORD', 'HB_HALL_ID'] as const) {
      if (!present[name]) problems.push(problem(name, 'required when HB_BASE_URL is set'));
    }
  }
  // The mock's options play the built-in mock: with a remote target they would be ignored without a word,
  // and a printed command (a replay, a seeded run) would run against another server than the one it names.
  if (present.HB_BASE_URL) {
    for (const name of ['HB_MOCK_SEED', 'HB_MOCK_SEED_SCALE', 'HB_MOCK_MUTANT'] as const) {
      if (present[name]) {
        const why = `plays the built-in mock, but HB_BASE_URL names ${displayOrigin(present.HB_BASE_URL)}: unset HB_BASE_URL`;
        problems.push(problem(name, `${why} (HB_ENV_FILE=none reads no .env file)`));
      }
    }
  }
  if (problems.length) {
    // One line per variable: a single mistake reads as a single line.
    throw new EnvError(problems.join('\n'));
  }
  const target: Target = raw.HB_BASE_URL
    ? {
        kind: 'remote',
        baseUrl: raw.HB_BASE_URL.replace(/\/+$/, ''),
        email: raw.HB_EMAIL as string,
        password: raw.HB_PASSWORD as string,
        hallId: Number(raw.HB_HALL_ID),
      }
    : { kind: 'mock' };
  const protectedHosts = protectedHostList(raw.HB_PROTECTED_HOSTS);
  const allowWrites = target.kind === 'mock' || raw.HB_ALLOW_WRITES === true;
  if (target.kind === 'remote' && allowWrites && isProtectedHost(target.baseUrl, protectedHosts)) {
    throw new EnvError(
      `Cannot start: HB_ALLOW_WRITES: refusing true against ${new URL(target.baseUrl).hostname}, listed in HB_PROTECTED_HOSTS; ` +
        'point HB_BASE_URL at a staging server, or unset HB_ALLOW_WRITES',
    );
  }
  return {
    target,
    allowWrites,
    testCustomerId: raw.HB_TEST_CUSTOMER_ID,
    strictContracts: raw.HB_STRICT_CONTRACTS === true,
    contractBaseline: resolve(REPO_ROOT, raw.HB_CONTRACT_BASELINE ?? 'contracts/baseline.json'),
    protectedHosts,
    maxConcurrency: Number(raw.HB_MAX_CONCURRENCY ?? 2),
    maxResponseMs: Number(raw.HB_MAX_RESPONSE_MS ?? 2000),
    ...(raw.HB_SEQUENCE_SEED && { sequenceSeed: sequenceSeedOf(raw.HB_SEQUENCE_SEED) }),
    chromiumPath: raw.CHROMIUM_PATH,
    reportsDir: raw.HB_REPORTS_DIR ?? 'reports',
    mockPassword: raw.HB_MOCK_PASSWORD,
    secretsLog: raw.HB_SECRETS_LOG,
    mockMutant: raw.HB_MOCK_MUTANT,
    mockStatsFile: raw.HB_MOCK_STATS,
    mockSeed: raw.HB_MOCK_SEED === undefined ? undefined : seedOf(raw.HB_MOCK_SEED),
    mockSeedScale: raw.HB_MOCK_SEED_SCALE === undefined ? undefined : Number(raw.HB_MOCK_SEED_SCALE),
    coverageGate: raw.HB_COVERAGE_GATE,
  };
}

/** A generated sequence to run again: fast-check's seed, its path to the shrunk case, and the commands' replay path. */
interface SequenceSeed {
  seed: number;
  path?: string;
  replayPath?: string;
}

/** `seed`, or `seed@path@replayPath` as a failed sequence prints them. */
const sequenceSeedOf = (value: string): SequenceSeed => {
  const [seed = '0', path, replayPath] = value.split('@');
  return { seed: Number(seed), ...(path && { path }), ...(replayPath && { replayPath }) };
};

/** HB_MOCK_SEED's file, read and checked; a problem is an EnvError naming the variable. */
function seedOf(path: string): SeedFile {
  try {
    return readSeedFile(resolve(path));
  } catch (error) {
    if (!(error instanceof SeedFileError)) throw error;
    throw new EnvError(problem('HB_MOCK_SEED', error.message));
  }
}

/** One warning per `HB_*` name this suite does not read, naming the nearest one it does (a typo is otherwise silent). */
export const unknownSettings = (source: NodeJS.ProcessEnv): string[] => unknownNames(source, Object.keys(EnvVariables.shape));

let warned = false;
let noted = false;

/**
 * {@link loadEnv} for an entry point (the suite's config, a script): the settings file read first
 * (settings/env-file.ts), and a bad variable printed as one line, exit code 2, no stack trace.
 * `reportsDir` (the suite, the fuzz, the report): HB_REPORTS_DIR made and proved writable too.
 */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env, { reportsDir = true } = {}): HbEnv {
  useEnvFile();
  if (!warned && process.env.TEST_WORKER_INDEX === undefined) for (const line of unknownSettings(source)) console.error(line);
  warned = true;
  let env: HbEnv;
  try {
    env = loadEnv(source);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (reportsDir) pathOrExit('HB_REPORTS_DIR', () => reportsFolder(repoPath(env.reportsDir)));
  const note = proxyNote(env.target.kind === 'remote', source);
  if (note && process.env.TEST_WORKER_INDEX === undefined && !noted) console.error(note);
  noted = true;
  return env;
}
