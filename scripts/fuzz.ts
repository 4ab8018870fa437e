// `npm run fuzz`: generated valid and invalid requests from the registry's contracts, through a real
// session and its tokens, against HB_BASE_URL or a built-in mock it starts itself. One line per check,
// then the summary. Exit 0 nothing found, 1 a finding (replay file written), 2 bad flags or environment.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ALTERNATE_READINGS } from '../contracts/index.js';
import { loadEnvOrExit, repoPath } from '../settings/env.js';
import { checkWriteTargetOrExit } from '../settings/write-target.js';
import { negativeValuesJoined } from '../settings/command-line.js';
import { pathOrExit, readableFile } from '../settings/start-paths.js';
import { runSlots } from '../client/run-slots.js';
import { redact } from '../client/secrets.js';
import { openFuzzContext, type FuzzTarget } from '../fuzz/context.js';
import { sweepRun } from '../fuzz/form-checks.js';
import { replay, replayCommand, runFuzz } from '../fuzz/runner.js';
import { loginProblem, probeTarget, TargetUnreachableError, unreachable } from '../fixtures/startup-checks.js';
import { LoginError } from '../client/errors.js';
import { displayUrl } from '../reporting/report-options.js';

const USAGE = `Usage: npm run fuzz -- [--seed N] [--cases N] [--time-limit SECONDS] [--readings default|alternate] [--replay FILE]
  --seed        fast-check seed (default: random, printed)
  --cases       the budget, in generated cases (default 2400): one seed sends the same requests, in the
                same order, to a fast and a slow server
  --time-limit  a safety stop in seconds (default 600), not the budget: a check it cuts short fails the run
  --readings    the built-in mock's readings, default or alternate (no HB_BASE_URL)
  --replay      run a replay file's input again (reports/fuzz/*.json)
Target: HB_BASE_URL, HB_EMAIL, HB_PASSWORD, HB_HALL_ID (else a built-in mock; HB_MOCK_MUTANT plays a mutant).
Writes (form posts, BlockUser, GenerateAccessPIN) only against the mock or with HB_ALLOW_WRITES=true.`;

function usage(message: string): never {
  console.error(`fuzz: ${message} (npm run fuzz -- --help shows the usage)`);
  process.exit(2);
}

let flags: { seed?: string; cases: string; 'time-limit': string; readings: string; replay?: string; help: boolean };
try {
  flags = parseArgs({
    args: negativeValuesJoined(process.argv.slice(2)),
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
if (flags.readings !== 'default' && flags.readings !== 'alternate')
  usage(`--readings must be default or alternate, got "${flags.readings}"`);
const ReplayFile = z.object({
  property: z.string().min(1),
  input: z.unknown().refine((v) => v !== undefined, 'required'),
  seed: z.number().int(),
});
let replayFile: z.infer<typeof ReplayFile> | undefined;
if (flags.replay) {
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
  replayFile = parsed.data;
}

const env = loadEnvOrExit();
await checkWriteTargetOrExit(env);
process.env.HB_RUN_ID ??= `${Date.now().toString(36)}z${Math.random().toString(36).slice(2, 5)}`;
let stopMock: (() => Promise<void>) | undefined;
let target: FuzzTarget;
if (env.target.kind === 'remote') {
  if (flags.readings !== 'default') usage('--readings is for the built-in mock; the remote target plays its own');
  target = {
    ...env.target,
    maxConcurrency: env.maxConcurrency,
    runSlots: runSlots(env.target.baseUrl, env.maxConcurrency),
    writes: env.allowWrites,
    testCustomerId: env.testCustomerId,
    label: displayUrl(env.target.baseUrl),
  };
} else {
  const { startMockServer } = await import('../mock-server/server.js');
  const { MOCK_TEST_CUSTOMER_ID } = await import('../mock-server/state.js');
  const mock = await startMockServer({ mutant: env.mockMutant, readings: flags.readings === 'alternate' ? ALTERNATE_READINGS : {} });
  stopMock = () => mock.close();
  const mutant = env.mockMutant ? `, mutant ${env.mockMutant}` : '';
  target = {
    baseUrl: mock.url,
    ...mock.context.credentials,
    hallId: mock.context.hallId,
    maxConcurrency: env.maxConcurrency,
    writes: true,
    testCustomerId: MOCK_TEST_CUSTOMER_ID,
    label: `${mock.url} (built-in mock, ${flags.readings} readings${mutant})`,
  };
}

let ctx: Awaited<ReturnType<typeof openFuzzContext>>;
try {
  // A dead target stops the run at once, with one message (fixtures/startup-checks.ts).
  if (env.target.kind === 'remote') await probeTarget(target.baseUrl);
  ctx = await openFuzzContext(target, replayFile?.seed ?? seed);
} catch (error) {
  await stopMock?.();
  const e = error as Error;
  // One start-up line, as the suite and the smoke check word it (fixtures/startup-checks.ts).
  const line =
    e instanceof TargetUnreachableError
      ? unreachable(e.message)
      : e instanceof LoginError
        ? loginProblem(e)
        : `fuzz: ${redact(`${e.name}: ${e.message}`).split('\n')[0]}`;
  console.error(line);
  process.exit(2);
}
let exit = 0;
if (replayFile) {
  console.log(`Replaying ${flags.replay} (${replayFile.property}) against ${target.label}`);
  console.log(`input: ${redact(JSON.stringify(replayFile.input))}`);
  const verdict = await replay(ctx, replayFile);
  console.log(verdict ? `✗ reproduced: ${verdict}` : '✓ not reproduced: the check passes now');
  exit = verdict ? 1 : 0;
} else {
  const cap = env.target.kind === 'remote' ? env.maxConcurrency : Math.max(2, env.maxConcurrency);
  console.log(
    `Generated inputs against ${target.label}, hall ${target.hallId}: seed ${seed}, ${cases} cases (time limit ${budgetMs / 1000} s), ` +
      `${cap} in flight at most, writes ${target.writes ? 'on' : 'off'}`,
  );
  const mockArgs = stopMock && flags.readings === 'alternate' ? '--readings alternate' : undefined;
  const mutantEnv = stopMock && env.mockMutant ? `HB_MOCK_MUTANT=${env.mockMutant}` : undefined;
  const replayOptions = { tag: stopMock ? env.mockMutant : undefined, envPrefix: mutantEnv, args: mockArgs };
  const replayDir = repoPath(`${env.reportsDir}/fuzz`);
  // The target's own probe after a case gets no answer (a mock that stops is probed too).
  const targetDown = async (): Promise<string | undefined> => {
    try {
      await probeTarget(target.baseUrl, 5_000);
      return undefined;
    } catch (error) {
      if (error instanceof TargetUnreachableError) return `the target stopped answering during the run: ${error.message}`;
      throw error;
    }
  };
  const summary = await runFuzz(ctx, { seed, cases, budgetMs, replayDir, replay: replayOptions, log: console.log, targetDown }, cap);
  if (summary.down) {
    // One report, in place of a finding per refused connection; no replay files were written for them.
    console.error(`fuzz: ${summary.down} (after ${summary.cases} cases); bring the service back and run again`);
    await stopMock?.();
    process.exit(2);
  }
  const swept = target.writes ? await sweepRun(ctx.client, ctx.form.tag) : 0;
  const interrupted = summary.properties.filter((p) => p.interrupted).length;
  console.log('');
  console.log(
    `${summary.cases} cases, ${summary.requests} requests in ${(summary.ms / 1000).toFixed(1)} s ` +
      `(${Math.round(summary.requests / (summary.ms / 1000))}/s), at most ${summary.maxInFlight} in flight (cap ${cap})`,
  );
  console.log(`invalid inputs: ${summary.refused} refused (4xx), ${summary.tolerated} answered 200 within the contract (lenient binding)`);
  for (const note of summary.notes) console.log(`note: ${note}`);
  if (swept) console.log(`note: removed ${swept} booking(s) of this run left after a finding`);
  if (interrupted) {
    console.error(
      `fuzz: the time limit (${budgetMs / 1000} s) stopped ${interrupted} check(s) before all their cases ran: the verdict is ` +
        'incomplete (raise --time-limit, or lower --cases)',
    );
  }
  for (const f of summary.findings) {
    console.log(`\n✗ ${f.property}: ${f.message}`);
    console.log(`  shrunk input (${f.shrinks} shrinks): ${redact(JSON.stringify(f.input))}`);
    console.log(`  replay: ${replayCommand(f.replayFile, replayOptions)}`);
    console.log(`  seed ${f.seed}${f.path ? `, path ${f.path}` : ''}`);
  }
  console.log(`\n${summary.findings.length ? `${summary.findings.length} finding(s)` : 'nothing found'} (seed ${seed})`);
  exit = summary.findings.length || interrupted ? 1 : 0;
}
await stopMock?.();
process.exit(exit);
