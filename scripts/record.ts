// `npm run record [-- --out FILE]`: record the hall of HB_BASE_URL (or of a built-in mock) through
// the proxy into a seed file for `npm run mock -- --seed FILE` and HB_MOCK_SEED. Read-only unless
// HB_ALLOW_WRITES; `--suite` also runs the smoke check and the service suite through the proxy.
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../settings/paths.js';
import { parseArgs } from 'node:util';
import { suiteThrough } from '../recording/suite-through.js';
import { loadEnvOrExit } from '../settings/env.js';
import { checkWriteTargetOrExit } from '../settings/write-target.js';
import { negativeValuesJoined } from '../settings/command-line.js';
import { pathOrExit, writableFile } from '../settings/start-paths.js';
import { recordHall, type RecordTarget } from '../recording/record-run.js';
import { RecordingError } from '../recording/seed-builder.js';
import { ALTERNATE_READINGS } from '../contracts/index.js';

const USAGE = `Usage: npm run record -- [--out FILE] [--suite] [--keep-personal-data] [--readings default|alternate]
  --out FILE             the seed file to write (default reports/hall.seed.json; then npm run mock -- --seed FILE)
  --suite                also run the smoke check and the service suite through the recording proxy
  --keep-personal-data   keep people's names, e-mails and phone numbers (pseudonymised by default)
  --readings R           without HB_BASE_URL: the built-in mock's readings to record (default or alternate)
The target is HB_BASE_URL with HB_EMAIL, HB_PASSWORD, HB_HALL_ID (else a built-in mock); writes only with HB_ALLOW_WRITES=true.`;

function fail(message: string): never {
  console.error(`record: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { out?: string; suite: boolean; 'keep-personal-data': boolean; readings?: string; help: boolean };
try {
  values = parseArgs({
    args: negativeValuesJoined(process.argv.slice(2)),
    strict: true,
    allowPositionals: false,
    options: {
      out: { type: 'string' },
      suite: { type: 'boolean', default: false },
      'keep-personal-data': { type: 'boolean', default: false },
      readings: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
// Under reports/ by default: generated output, git-ignored.
values.out ??= join(REPO_ROOT, 'reports', 'hall.seed.json');
// Before anything is recorded (a whole hall, its marked writes among them) and before the environment.
pathOrExit('--out', () => writableFile(values.out!));
const env = loadEnvOrExit(process.env, { reportsDir: false });
await checkWriteTargetOrExit(env);
if (values.readings !== undefined && env.target.kind === 'remote') fail('--readings is for the built-in mock; HB_BASE_URL is set');
if (values.readings !== undefined && values.readings !== 'default' && values.readings !== 'alternate')
  fail(`--readings must be default or alternate, got "${values.readings}"`);

let stopMock: (() => Promise<void>) | undefined;
let target: RecordTarget;
if (env.target.kind === 'remote') {
  target = { ...env.target, testCustomerId: env.testCustomerId };
} else {
  const { startMockServer } = await import('../mock-server/server.js');
  const mock = await startMockServer({ readings: values.readings === 'alternate' ? ALTERNATE_READINGS : {} });
  stopMock = () => mock.close();
  const { email, password } = mock.context.credentials;
  target = { baseUrl: mock.url, email, password, hallId: mock.context.hallId, testCustomerId: mock.context.testCustomerId };
}
const writes = env.allowWrites;
const file = resolve(values.out);
console.log(
  `Recording hall ${target.hallId} of ${env.target.kind === 'remote' ? env.target.baseUrl : `${target.baseUrl} (built-in mock)`}`,
);
console.log(
  `  ${writes ? 'writes allowed: one marked booking is created, edited and deleted' : 'read-only (HB_ALLOW_WRITES is not true)'}`,
);

try {
  const { line, failedReads } = await recordHall(target, {
    file,
    writes,
    keepPersonalData: values['keep-personal-data'],
    ...(values.suite && { alongside: (proxyUrl: string) => suiteThrough(proxyUrl, target, writes) }),
  });
  console.log(line);
  if (failedReads) console.log(`  ${failedReads} read(s) failed (broken contract or refused); the seed holds what passed`);
} catch (error) {
  if (!(error instanceof RecordingError)) throw error;
  console.error(`record: no seed written: ${error.message}`);
  process.exitCode = 1;
} finally {
  await stopMock?.();
}
