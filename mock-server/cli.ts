// `npm run mock`: the mock alone on a port, for manual runs and for pointing the
// suite at it as if it were a remote server.
import { parseOrExit } from '../settings/command-line.js';
import { FAULTS_PATH, faultList } from './faults.js';
import { MOCK_HELP, MOCK_USAGE, parseMockArgs } from './cli-options.js';
import { startMockServer } from './server.js';
import { LOGIN_PATH, pagePath } from '../contracts/index.js';
// An entry point like the scripts: the one settings-file reader (HB_MOCK_PORT may come from .env).
import { useEnvFile } from '../settings/env-file.js';

const BUSY_LINE = '\n  busy:      another administrator at work';

function fail(message: string): never {
  console.error(`mock: ${message}\n${MOCK_USAGE}`);
  process.exit(2);
}

useEnvFile();
const cli = parseOrExit('mock', parseMockArgs, MOCK_USAGE, process.argv.slice(2), MOCK_HELP);
const { port, host, seed, asRecorded, mutant, seedScale, faults, busy } = cli;

try {
  const { listShape, aliases, dashboard404, sessionEverywhere, readings } = cli;
  const server = await startMockServer({
    port,
    host,
    listShape,
    aliases,
    dashboard404,
    sessionEverywhere,
    readings,
    seed: seed?.hall,
    asRecorded,
    mutant,
    seedScale,
    busy,
  });
  for (const f of faults) server.context.faults.inject(f);
  const { email, password } = server.context.credentials;
  const seedLine =
    (seed
      ? `\n  seed:      ${seed.file} (${seed.hall.target}, recorded ${seed.hall.recordedAt}${asRecorded ? ', dates as recorded' : ''})`
      : '') + (seedScale ? `\n  big hall:  ${seedScale} more bookings over three years back and six months ahead` : '');
  // Before the banner: a caller that signals as soon as it reads the banner meets the handlers.
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Hall Booking mock listening on ${server.url}
  log in at: ${server.url}${LOGIN_PATH}   (the scheduler: ${server.url}${pagePath('schedulerPage', { hall_id: server.context.hallId })})
  hall id:   ${server.context.hallId}${seedLine}${mutant ? `\n  mutant:    ${mutant}` : ''}${busy ? BUSY_LINE : ''}
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
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  fail(
    e.code === 'EADDRINUSE'
      ? `port ${port} is in use; pass --port 0 for a free one`
      : e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND'
        ? `--host ${host} is not an address of this machine`
        : e.message,
  );
}
