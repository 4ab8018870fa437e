// `npm run mock` arguments (and HB_MOCK_PORT, HB_MOCK_SEED_SCALE), checked before the mock binds its
// port: a bad value throws an error naming the option, which settings/command-line.ts turns into one
// line, the usage and exit code 2.
import { parseArgs } from 'node:util';
import { ALTERNATE_READINGS, parseReadingArg, type MockReadings } from '../contracts/index.js';
import { FAULT_USAGE, FaultSwitch, parseFaultArg, type FaultSpec } from './faults.js';
import { mutants } from './mutants.js';
import { readSeedFile, SeedFileError, type SeedFile } from '../settings/seed-file.js';
import { negativeValuesJoined, StartError } from '../settings/command-line.js';

export const MOCK_USAGE = `Usage: npm run mock -- [--port N] [--host H] [--list-shape array|data] [--aliases primary|alternate]
       [--dashboard-404]   serve the dashboard as the live service did (404)
       [--session-everywhere]   redirect the scheduler reads public clients make without a session (as the document says)
       ${FAULT_USAGE}
       [--seed FILE [--as-recorded]]   play a recorded hall (npm run record, npm run proxy -- --record FILE)
       [--seed-scale N]   a big hall: N more bookings over past years and the months ahead (default HB_MOCK_SEED_SCALE)
       [--readings default|alternate] [--reading point=reading]...   the reading of each open point of the interface
         document (contracts/open-points.ts); --reading overrides --readings; e.g. --reading timerange=from-start
       [--mutant ID]   play one mutant of mock-server/mutants.ts (to replay a failed test's exchange by hand); one at a time
       [--busy]   a busy hall: another administrator creates, edits and deletes their own bookings about every second`;

/** `--help`: the usage, then every mutant by id with the documented behaviour it breaks. */
export const MOCK_HELP = [
  MOCK_USAGE,
  '',
  `Mutants (--mutant ID, or HB_MOCK_MUTANT=ID for a suite run), ${mutants.length}:`,
  ...mutants.map((m) => `  ${m.id.padEnd(Math.max(...mutants.map((x) => x.id.length)))}  ${m.area}: breaks "${m.breaks}"`),
].join('\n');

/** The standalone mock's settings, as `npm run mock` was asked for them. */
export interface MockCli {
  port: number;
  host: string;
  listShape: 'array' | 'data';
  aliases: 'primary' | 'alternate';
  dashboard404: boolean;
  sessionEverywhere: boolean;
  readings: Partial<MockReadings>;
  /** The recorded hall and the file it came from. */
  seed?: { file: string; hall: SeedFile };
  asRecorded: boolean;
  mutant?: string;
  seedScale: number;
  faults: FaultSpec[];
  busy: boolean;
  help: boolean;
}

const readArgs = (argv: string[], source: NodeJS.ProcessEnv) =>
  parseArgs({
    args: negativeValuesJoined(argv),
    options: {
      port: { type: 'string', default: source.HB_MOCK_PORT ?? '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'list-shape': { type: 'string', default: 'array' },
      aliases: { type: 'string', default: 'primary' },
      'dashboard-404': { type: 'boolean', default: false },
      'session-everywhere': { type: 'boolean', default: false },
      fault: { type: 'string', multiple: true, default: [] },
      readings: { type: 'string', default: 'default' },
      reading: { type: 'string', multiple: true, default: [] },
      seed: { type: 'string' },
      'as-recorded': { type: 'boolean', default: false },
      mutant: { type: 'string', multiple: true, default: [] },
      'seed-scale': { type: 'string', default: source.HB_MOCK_SEED_SCALE ?? '0' },
      busy: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;

type ArgValues = ReturnType<typeof readArgs>;

/** `--help` asks for nothing else: the settings are the defaults, unchecked. */
const helpOnly = (host: string): MockCli => ({
  port: 0,
  host,
  listShape: 'array',
  aliases: 'primary',
  dashboard404: false,
  sessionEverywhere: false,
  readings: {},
  asRecorded: false,
  seedScale: 0,
  faults: [],
  busy: false,
  help: true,
});

function checkedPort(values: ArgValues): number {
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new Error(`--port (or HB_MOCK_PORT) must be a whole number from 0 to 65535, got "${values.port}"`);
  return port;
}

function checkedReadings(values: ArgValues): Partial<MockReadings> {
  if (values.readings !== 'default' && values.readings !== 'alternate')
    throw new Error(`--readings must be default or alternate, got "${values.readings}"`);
  const readings: Partial<MockReadings> = values.readings === 'alternate' ? { ...ALTERNATE_READINGS } : {};
  for (const arg of values.reading) {
    const [point, id] = parseReadingArg(arg);
    Object.assign(readings, { [point]: id });
  }
  return readings;
}

function checkedSeed(values: ArgValues): { file: string; hall: SeedFile } | undefined {
  if (!/^\d+$/.test(values['seed-scale']))
    throw new Error(`--seed-scale (or HB_MOCK_SEED_SCALE) must be a whole number of bookings, got "${values['seed-scale']}"`);
  if (values['as-recorded'] && !values.seed) throw new Error('--as-recorded needs --seed FILE');
  try {
    return values.seed === undefined ? undefined : { file: values.seed, hall: readSeedFile(values.seed) };
  } catch (error) {
    if (!(error instanceof SeedFileError)) throw error;
    throw new StartError(`Cannot start: --seed: ${error.message}`);
  }
}

function checkedMutant(values: ArgValues): string | undefined {
  if (values.mutant.length > 1)
    throw new Error(`--mutant: one mutant at a time (given ${values.mutant.join(', ')}): the mock plays one, not a blend of them`);
  const [mutant] = values.mutant;
  if (mutant !== undefined && !mutants.some((m) => m.id === mutant))
    throw new Error(`--mutant: no mutant "${mutant}"; npm run mock -- --help names them`);
  return mutant;
}

function checkedFaults(values: ArgValues): FaultSpec[] {
  const faults = values.fault.map(parseFaultArg);
  // The switch's own check (kind, delay without ms, …), before the mock binds its port.
  for (const f of faults) new FaultSwitch().inject(f);
  return faults;
}

export function parseMockArgs(argv: string[], source: NodeJS.ProcessEnv = process.env): MockCli {
  const values = readArgs(argv, source);
  if (values.help) return helpOnly(values.host);
  const port = checkedPort(values);
  const listShape = values['list-shape'];
  if (listShape !== 'array' && listShape !== 'data') throw new Error(`--list-shape must be array or data, got "${listShape}"`);
  const aliases = values.aliases;
  if (aliases !== 'primary' && aliases !== 'alternate') throw new Error(`--aliases must be primary or alternate, got "${aliases}"`);
  const readings = checkedReadings(values);
  const seed = checkedSeed(values);
  const mutant = checkedMutant(values);
  const faults = checkedFaults(values);
  return {
    port,
    host: values.host,
    listShape,
    aliases,
    dashboard404: values['dashboard-404'],
    sessionEverywhere: values['session-everywhere'],
    readings,
    ...(seed && { seed }),
    asRecorded: values['as-recorded'],
    ...(mutant !== undefined && { mutant }),
    seedScale: Number(values['seed-scale']),
    faults,
    busy: values.busy,
    help: values.help,
  };
}
