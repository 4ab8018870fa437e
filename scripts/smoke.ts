// `npm run smoke`: a browserless check of a target in seconds. Logs in, checks the
// keepalive, reads a handful of endpoints through their contracts; one line per check,
// then `N passed, N failed`. Exit 0 all passed, 1 a check failed, 2 bad environment.
import { EnvError, loadEnvOrExit } from '../settings/env.js';
import { checkWriteTargetOrExit } from '../settings/write-target.js';
import { HbClient } from '../client/client.js';
import { HbError } from '../client/errors.js';
import { redact } from '../client/secrets.js';
import { startupChecks } from '../client/startup-checks.js';
import { parseOrExit } from '../settings/command-line.js';
import { smokeChecks, type Check } from './smoke-checks.js';
import { parseSmokeArgs, SMOKE_USAGE } from './smoke-options.js';

parseOrExit('smoke', parseSmokeArgs, SMOKE_USAGE);

const started = performance.now();
const env = loadEnvOrExit(process.env, { reportsDir: false });
await checkWriteTargetOrExit(env);

let stopMock: (() => Promise<void>) | undefined;
let target: { baseUrl: string; email: string; password: string; hallId: number; label: string };
if (env.target.kind === 'remote') {
  target = { ...env.target, label: env.target.baseUrl };
} else {
  // Loaded only here, so a run against a real server never loads the mock.
  const { startMockServer } = await import('../mock-server/server.js');
  const mock = await startMockServer();
  stopMock = () => mock.close();
  target = { baseUrl: mock.url, ...mock.context.credentials, hallId: mock.context.hallId, label: `${mock.url} (built-in mock)` };
}

const client = HbClient.of(target, { maxConcurrency: env.maxConcurrency, timeoutMs: 10_000, retries: 1 });
const hall = target.hallId;
const { login, reads } = smokeChecks(client, hall);

interface Outcome {
  ok: boolean;
  ms: number;
  note?: string;
  error?: unknown;
}
const timed = async (check: Check): Promise<Outcome> => {
  const t = performance.now();
  try {
    const note = await check.run();
    return { ok: true, ms: performance.now() - t, note: note || undefined };
  } catch (error) {
    // An HbError's message is masked already, value by value: masking it again would reach the harness's words.
    const message = error instanceof HbError ? error.message : redact(error instanceof Error ? error.message : String(error));
    return { ok: false, ms: performance.now() - t, note: message.split('\n').slice(0, 4).join('\n    '), error };
  }
};

const width = Math.max(...[login, ...reads].map((c) => c.name.length));
const print = (name: string, o: Outcome) =>
  console.log(`${o.ok ? '✓' : '✗'} ${name.padEnd(width)}  ${String(Math.round(o.ms)).padStart(5)} ms${o.note ? `  ${o.note}` : ''}`);

console.log(`Smoke check of ${target.label}, hall ${hall}`);
let passed = 0;
let failed = 0;
// The start-up checks of the suite (client/startup-checks.ts): a failed login or a wrong hall is one line, exit 2.
const first = await timed({
  ...login,
  run: async () => {
    const { note, unchecked } = await startupChecks(client, hall, target.baseUrl, env.testCustomerId);
    if (unchecked) console.error(unchecked);
    return `hall ${hall}: ${note}`;
  },
});
if (first.error instanceof EnvError) {
  console.error(first.error.message);
  await stopMock?.();
  process.exit(2);
}
print(login.name, first);
if (first.ok) {
  passed += 1;
  // The session exists; the reads go out together (the client keeps to HB_MAX_CONCURRENCY).
  const [keepalive, ...rest] = reads;
  const outcomes = [await timed(keepalive!), ...(await Promise.all(rest.map(timed)))];
  reads.forEach((check, i) => {
    const o = outcomes[i]!;
    print(check.name, o);
    if (o.ok) passed += 1;
    else failed += 1;
  });
} else {
  failed += 1 + reads.length;
  for (const check of reads) console.log(`✗ ${check.name.padEnd(width)}      - ms  not run: no session`);
}
console.log(`${passed} passed, ${failed} failed`);
console.log(`(${Math.round(performance.now() - started)} ms)`);
await stopMock?.();
process.exit(failed ? 1 : 0);
