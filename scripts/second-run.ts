// `npm run proof:second-run`: the tests that write (@write: they change the server's state, clean up
// after themselves and need free slots and the test customer) twice against one mock server, as if it
// were a busy staging server (writes allowed, no restart, no reset between runs, no retry, another administrator
// at work all along). The second run must be
// green and lose no check the first made: nothing an earlier run leaves behind may turn a check into a
// skip or into a check with nothing to bite on, unless it is named below with its reason. Writes
// reports/second-run.json; exit 1 otherwise.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONReportTest } from '@playwright/test/reporter';
import { childEnv, REPO_ROOT, runPlaywright, SERVICE_PROJECTS, tempDir } from '../child-runs/child-run.js';
import { useEnvFile } from '../settings/env-file.js';
import { readJsonReport, testsOf } from '../reporting/json-report.js';
import { startMockServer } from '../mock-server/server.js';
import { MOCK_TEST_CUSTOMER_ID } from '../mock-server/state.js';

const PROJECTS = ['setup', ...SERVICE_PROJECTS];
/** Checks that may lose their power after a first run, each with why (title → reason). */
const NAMED: Record<string, string> = {
  'blockUser answers 200 JSON that satisfies its contract @write':
    'BlockUser has no documented undo: once the test customer is blocked, blocking again cannot show an effect',
};
const REPORT = join(REPO_ROOT, 'reports', 'second-run.json');

interface Outcome {
  status: JSONReportTest['status'];
  vacuous: string[];
  skipReason?: string;
}
interface RunSummary {
  passed: number;
  skipped: number;
  failed: number;
  seconds: number;
  outcomes: Map<string, Outcome>;
}

async function run(n: number, env: NodeJS.ProcessEnv, dir: string): Promise<RunSummary> {
  const json = join(dir, `run-${n}.json`);
  const started = Date.now();
  const child = await runPlaywright(
    // One worker: a project's few tests in one worker start (two starts cost a third more CPU and no time).
    // No trace: the run's folder goes at the end, and recording one is a tenth of a browser test's CPU.
    // No retry: a write test that passes only on a second try is a failure (docs/staging-and-safety.md).
    ['test', ...PROJECTS.map((p) => `--project=${p}`), '--grep=@write', '--workers=1', '--retries=0', '--trace=off', '--reporter=dot,json'],
    { ...env, HB_REPORTS_DIR: join(dir, `reports-${n}`), PLAYWRIGHT_JSON_OUTPUT_FILE: json },
    900_000,
  );
  const report = readJsonReport(json);
  if (!report) {
    throw new Error(`run ${n} wrote no report (exit ${child.status}):\n${child.stdout.slice(-3000)}\n${child.stderr.slice(-3000)}`);
  }
  const outcomes = new Map<string, Outcome>();
  for (const { name, test: t } of testsOf(report)) {
    const vacuous = t.annotations.filter((a) => a.type === 'vacuous').map((a) => a.description ?? '');
    const skipReason = t.annotations.find((a) => a.type === 'skip')?.description;
    outcomes.set(name, { status: t.status, vacuous, skipReason });
  }
  const count = (s: JSONReportTest['status']) => [...outcomes.values()].filter((o) => o.status === s).length;
  const summary = {
    passed: count('expected') + count('flaky'),
    skipped: count('skipped'),
    failed: count('unexpected'),
    seconds: Math.round((Date.now() - started) / 100) / 10,
    outcomes,
  };
  console.log(`run ${n}: ${summary.passed} passed, ${summary.skipped} skipped, ${summary.failed} failed in ${summary.seconds} s`);
  if (summary.failed) console.log(child.stdout.slice(-4000));
  return summary;
}

useEnvFile();
// A busy hall, as a staging server in office hours: another administrator creates, edits and deletes their own bookings
// and blocks customers all along (mock-server/busy.ts); the tests that write must stay green beside them.
const mock = await startMockServer({ port: 0, busy: true });
const dir = tempDir('second-run');
try {
  const { credentials, hallId } = mock.context;
  console.log(`second-run proof: the tests that write, twice against one busy mock at ${mock.url} (writes allowed, no restart)`);
  const env = childEnv({
    HB_BASE_URL: mock.url,
    HB_EMAIL: credentials.email,
    HB_PASSWORD: credentials.password,
    HB_HALL_ID: String(hallId),
    HB_ALLOW_WRITES: 'true',
    // As a staging run is set up: the live service protected (pinned: no DNS here), so the browser's writes go through
    // the write guard's proxy (proxy/browser-guard.ts), as they do against staging.
    HB_PROTECTED_HOSTS: 'hallmaster.co.uk=203.0.113.7,www.hallmaster.co.uk=203.0.113.7',
    HB_TEST_CUSTOMER_ID: MOCK_TEST_CUSTOMER_ID,
    HB_STORAGE_STATE: join(dir, 'state.json'),
  });
  const first = await run(1, env, dir);
  const second = await run(2, env, dir);
  const title = (key: string) => key.split(' › ').at(-1) ?? key;
  const lost: { test: string; how: string; named?: string }[] = [];
  for (const [key, before] of first.outcomes) {
    const after = second.outcomes.get(key);
    if (before.status !== 'expected' && before.status !== 'flaky') continue;
    const how = !after
      ? 'not run'
      : after.status === 'skipped'
        ? 'skipped'
        : after.vacuous.some((v) => !before.vacuous.includes(v))
          ? `vacuous: ${after.vacuous.join('; ')}`
          : null;
    if (how) lost.push({ test: key, how, named: NAMED[title(key)] });
  }
  const unnamed = lost.filter((l) => !l.named);
  for (const l of lost)
    console.log(`${l.named ? 'named' : 'LOST '}  ${l.test}\n        ${l.how}${l.named ? `\n        why: ${l.named}` : ''}`);
  const strip = ({ outcomes, ...rest }: RunSummary) => ({
    ...rest,
    tests: outcomes.size,
    skippedBecause: [...outcomes]
      .filter(([, o]) => o.status === 'skipped')
      .map(([test, o]) => ({ test, reason: o.skipReason ?? '(no reason given)' })),
  });
  mkdirSync(join(REPO_ROOT, 'reports'), { recursive: true });
  writeFileSync(
    REPORT,
    `${JSON.stringify({ target: 'built-in mock, one server for both runs', first: strip(first), second: strip(second), lost }, null, 2)}\n`,
  );
  const ok = first.failed === 0 && second.failed === 0 && unnamed.length === 0;
  console.log(
    `second run: ${second.failed ? `${second.failed} failed` : 'green'}; checks lost: ${lost.length} ` +
      `(${lost.length - unnamed.length} named with a reason, ${unnamed.length} not)`,
  );
  console.log(`${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
}
