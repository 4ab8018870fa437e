// `npm run fuzz`: generated valid and invalid requests from the registry's contracts, through a real
// session and its tokens, against HB_BASE_URL or a built-in mock it starts itself. One line per check,
// then the summary. Exit 0 nothing found, 1 a finding (replay file written), 2 bad flags or environment.
import { ALTERNATE_READINGS } from '../contracts/index.js';
import { loadEnvOrExit, repoPath } from '../settings/env.js';
import { checkWriteTargetOrExit } from '../settings/write-target.js';
import { runSlots } from '../client/run-slots.js';
import { redact } from '../client/secrets.js';
import { fuzzArgsOrExit, usage } from '../fuzz/options.js';
import { openFuzzContext, type FuzzTarget } from '../fuzz/context.js';
import { sweepRun } from '../fuzz/form-checks.js';
import { replay, replayCommand, runFuzz } from '../fuzz/runner.js';
import { loginProblem, probeTarget, TargetUnreachableError, unreachable } from '../client/startup-checks.js';
import { LoginError } from '../client/errors.js';
import { displayUrl } from '../settings/paths.js';
import { ensureRunId, removeRunFolder } from '../settings/run.js';

const { seed, cases, budgetMs, readings, replay: replayFile } = fuzzArgsOrExit(process.argv.slice(2));

const env = loadEnvOrExit();
await checkWriteTargetOrExit(env);
ensureRunId('z');
// Its run slots live in the run's folder (settings/run.ts), removed however the fuzz ends.
process.on('exit', removeRunFolder);
let stopMock: (() => Promise<void>) | undefined;
let target: FuzzTarget;
if (env.target.kind === 'remote') {
  if (readings !== 'default') usage('--readings is for the built-in mock; the remote target plays its own');
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
  const mock = await startMockServer({ mutant: env.mockMutant, readings: readings === 'alternate' ? ALTERNATE_READINGS : {} });
  stopMock = () => mock.close();
  const mutant = env.mockMutant ? `, mutant ${env.mockMutant}` : '';
  target = {
    baseUrl: mock.url,
    ...mock.context.credentials,
    hallId: mock.context.hallId,
    maxConcurrency: env.maxConcurrency,
    writes: true,
    testCustomerId: MOCK_TEST_CUSTOMER_ID,
    label: `${mock.url} (built-in mock, ${readings} readings${mutant})`,
  };
}

let ctx: Awaited<ReturnType<typeof openFuzzContext>>;
try {
  // A dead target stops the run at once, with one message (client/startup-checks.ts).
  if (env.target.kind === 'remote') await probeTarget(target.baseUrl);
  ctx = await openFuzzContext(target, replayFile?.seed ?? seed);
} catch (error) {
  await stopMock?.();
  const e = error as Error;
  // One start-up line, as the suite and the smoke check word it (client/startup-checks.ts).
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
  console.log(`Replaying ${replayFile.path} (${replayFile.property}) against ${target.label}`);
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
  const mockArgs = stopMock && readings === 'alternate' ? '--readings alternate' : undefined;
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
