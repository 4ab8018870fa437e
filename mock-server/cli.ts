// `npm run mock`: the mock alone on a port, for manual runs and for pointing the
// suite at it as if it were a remote server.
import { parseArgs } from 'node:util';
import { ALTERNATE_READINGS, parseReadingArg, type MockReadings } from '../contracts/index.js';
import { FAULT_USAGE, FAULTS_PATH, faultList, parseFaultArg, type FaultSpec } from './faults.js';
import { mutants } from './mutants.js';
import { startMockServer } from './server.js';
import { readSeedFile, SeedFileError, type SeedFile } from './seed-file.js';
import { LOGIN_PATH, pagePath } from '../contracts/index.js';
// An entry point like the scripts: the one settings-file reader (HB_MOCK_PORT may come from .env).
import { useEnvFile } from '../fixtures/env-file.js';

const USAGE = `Usage: npm run mock -- [--port N] [--host H] [--list-shape array|data] [--aliases primary|alternate] [--dashboard-404]
       ${FAULT_USAGE}
       [--seed FILE [--as-recorded]]   play a recorded hall (npm run record, npm run proxy -- --record FILE)
       [--seed-scale N]   a big hall: N more bookings over past years and the months ahead (default HB_MOCK_SEED_SCALE)
       [--readings default|alternate] [--reading point=reading]...   the reading of each open point of the interface
         document (contracts/open-points.ts); --reading overrides --readings; e.g. --reading timerange=from-start
       [--mutant ID]   play one mutant of mock-server/mutants.ts (to replay a failed test's exchange by hand)`;

function fail(message: string): never {
  console.error(`mock: ${message}\n${USAGE}`);
  process.exit(2);
}

useEnvFile();
let values: Record<string, string | boolean | undefined>;
let faultArgs: string[] = [];
let readingArgs: string[] = [];
try {
  const parsed = parseArgs({
    options: {
      port: { type: 'string', default: process.env.HB_MOCK_PORT ?? '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'list-shape': { type: 'string', default: 'array' },
      aliases: { type: 'string', default: 'primary' },
      'dashboard-404': { type: 'boolean', default: false },
      fault: { type: 'string', multiple: true, default: [] },
      readings: { type: 'string', default: 'default' },
      reading: { type: 'string', multiple: true, default: [] },
      seed: { type: 'string' },
      'as-recorded': { type: 'boolean', default: false },
      mutant: { type: 'string' },
      'seed-scale': { type: 'string', default: process.env.HB_MOCK_SEED_SCALE ?? '0' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const { fault, reading, ...rest } = parsed.values;
  values = rest;
  faultArgs = fault;
  readingArgs = reading;
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
if (!/^\d+$/.test(String(values.port)) || port > 65535)
  fail(`--port (or HB_MOCK_PORT) must be a whole number from 0 to 65535, got "${values.port}"`);
const listShape = values['list-shape'];
if (listShape !== 'array' && listShape !== 'data') fail(`--list-shape must be array or data, got "${listShape}"`);
const aliases = values.aliases;
if (aliases !== 'primary' && aliases !== 'alternate') fail(`--aliases must be primary or alternate, got "${aliases}"`);
if (values.readings !== 'default' && values.readings !== 'alternate')
  fail(`--readings must be default or alternate, got "${values.readings}"`);
const readings: Partial<MockReadings> = values.readings === 'alternate' ? { ...ALTERNATE_READINGS } : {};
try {
  for (const arg of readingArgs) {
    const [point, id] = parseReadingArg(arg);
    Object.assign(readings, { [point]: id });
  }
} catch (error) {
  fail((error as Error).message);
}
const seedScale = Number(values['seed-scale']);
if (!/^\d+$/.test(String(values['seed-scale'])))
  fail(`--seed-scale (or HB_MOCK_SEED_SCALE) must be a whole number of bookings, got "${values['seed-scale']}"`);
let seed: SeedFile | undefined;
if (values['as-recorded'] && !values.seed) fail('--as-recorded needs --seed FILE');
try {
  if (typeof values.seed === 'string') seed = readSeedFile(values.seed);
} catch (error) {
  if (!(error instanceof SeedFileError)) throw error;
  fail(error.message);
}
if (typeof values.mutant === 'string' && !mutants.some((m) => m.id === values.mutant)) {
  fail(`--mutant: no mutant "${values.mutant}"; npm run mutation -- --list names them`);
}
let faults: FaultSpec[] = [];
try {
  faults = faultArgs.map(parseFaultArg);
} catch (error) {
  fail((error as Error).message);
}

try {
  const server = await startMockServer({
    port,
    host: values.host as string,
    listShape,
    aliases,
    dashboard404: values['dashboard-404'] === true,
    readings,
    seed,
    asRecorded: values['as-recorded'] === true,
    ...(typeof values.mutant === 'string' && { mutant: values.mutant }),
    ...(seedScale && { seedScale }),
  });
  try {
    for (const f of faults) server.context.faults.inject(f);
  } catch (error) {
    await server.close();
    fail((error as Error).message);
  }
  const { email, password } = server.context.credentials;
  const asRecorded = values['as-recorded'] ? ', dates as recorded' : '';
  const seedLine =
    (seed ? `\n  seed:      ${values.seed} (${seed.target}, recorded ${seed.recordedAt}${asRecorded})` : '') +
    (seedScale ? `\n  big hall:  ${seedScale} more bookings over three years back and six months ahead` : '');
  console.log(`Hall Booking mock listening on ${server.url}
  log in at: ${server.url}${LOGIN_PATH}   (the scheduler: ${server.url}${pagePath('schedulerPage', { hall_id: server.context.hallId })})
  hall id:   ${server.context.hallId}${seedLine}${values.mutant ? `\n  mutant:    ${values.mutant as string}` : ''}
  readings:  ${Object.entries(server.context.readings)
    .map(([point, id]) => `${point}=${id}`)
    .join(' ')}
  email:     ${email}
  password:  ${password}   (a fixed mock credential, not a secret)
Run the suite against it as a remote target:
  HB_BASE_URL=${server.url} HB_EMAIL=${email} HB_PASSWORD=${password} HB_HALL_ID=${server.context.hallId} \\
  HB_ALLOW_WRITES=true HB_TEST_CUSTOMER_ID=${server.context.testCustomerId} npx playwright test
Faults on: ${faultList(faults)}; switch them at ${server.url}${FAULTS_PATH} (GET lists, POST adds, DELETE clears).
Ctrl+C stops it.`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  fail(
    e.code === 'EADDRINUSE'
      ? `port ${port} is in use; pass --port 0 for a free one`
      : e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND'
        ? `--host ${values.host} is not an address of this machine`
        : e.message,
  );
}
