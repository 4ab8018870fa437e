// `npm run proxy` arguments and the HB_* variables it reads, checked before anything
// starts: a bad value is a ProxyUsageError naming the option or variable (exit code 2 by
// settings/command-line.ts), and so is a record folder that cannot be written.
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { FAULT_USAGE, FaultSwitch, parseFaultArg, type FaultSpec } from '../mock-server/faults.js';
import { baselineSource } from '../client/drift.js';
import { EnvVariables, repoPath } from '../settings/env.js';
import { displayUrl, shownPath } from '../settings/paths.js';
import { protectedHostList } from '../settings/protected-hosts.js';
import { makeWritableDir, reportsFolder, StartPathError, writableFile } from '../settings/start-paths.js';
import { negativeValuesJoined, StartError } from '../settings/command-line.js';
import type { ProxyOptions } from './call.js';

export const PROXY_USAGE = `Usage: npm run proxy -- --target https://staging.example [--port 4020] [--host 127.0.0.1]
       [--allow-writes] [--duration <seconds, up to 604800>] [--strict] [--record FILE [--keep-personal-data]]
       ${FAULT_USAGE}
The target may also come from HB_BASE_URL. Reads HB_PROTECTED_HOSTS, HB_STRICT_CONTRACTS,
HB_CONTRACT_BASELINE and HB_REPORTS_DIR; writes <HB_REPORTS_DIR>/proxy/ when it stops, and with
--record the hall's state as a seed for \`npm run mock -- --seed FILE\` (people's data pseudonymised).`;

/** The longest --duration: a week, well inside a Node timer's range (about 24.8 days; beyond it a timer fires at once). */
const MAX_DURATION_S = 7 * 24 * 3600;

class ProxyUsageError extends Error {
  override name = 'ProxyUsageError';
}

export interface ProxyCli extends Omit<ProxyOptions, 'onEntry' | 'onExchange'> {
  /** Seed file to write on stop, from the answers seen (recording/). */
  record?: string;
  /** Keep people's names, e-mails and phone numbers in the seed instead of pseudonyms. */
  keepPersonalData: boolean;
  /** Stop after this many seconds (else on SIGINT/SIGTERM). */
  durationS?: number;
  /** Absolute path of the folder the record is written to. */
  reportDir: string;
  help: boolean;
}

const TargetUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http or https URL, such as https://staging.example' })
  .transform((s) => new URL(s))
  .refine((u) => !u.username && !u.password, 'must not carry credentials')
  .refine((u) => u.pathname === '/' && !u.search && !u.hash, 'expected an origin only, such as https://staging.example');

const parseFlags = (args: string[]) =>
  parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      target: { type: 'string' },
      port: { type: 'string', default: '4020' },
      host: { type: 'string', default: '127.0.0.1' },
      fault: { type: 'string', multiple: true, default: [] },
      'allow-writes': { type: 'boolean', default: false },
      duration: { type: 'string' },
      strict: { type: 'boolean', default: false },
      record: { type: 'string' },
      'keep-personal-data': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
type Flags = ReturnType<typeof parseFlags>['values'];

/** The HB_* variables the proxy reads, set and not empty. */
function proxyEnv(source: NodeJS.ProcessEnv) {
  const present = Object.fromEntries(Object.entries(source).filter(([k, v]) => k.startsWith('HB_') && v !== undefined && v !== ''));
  const env = EnvVariables.pick({
    HB_BASE_URL: true,
    HB_PROTECTED_HOSTS: true,
    HB_STRICT_CONTRACTS: true,
    HB_CONTRACT_BASELINE: true,
    HB_REPORTS_DIR: true,
  }).safeParse(present);
  if (!env.success) {
    throw new ProxyUsageError(env.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
  }
  return env.data;
}

/** The target's origin, from --target or HB_BASE_URL. */
function targetOrigin(rawTarget: string | undefined): string {
  if (!rawTarget) throw new ProxyUsageError('no target: pass --target https://staging.example or set HB_BASE_URL');
  const target = TargetUrl.safeParse(rawTarget);
  if (!target.success) {
    // Credentials in the URL are refused, and never echoed: the value is shown without them.
    const shown = URL.canParse(rawTarget) ? displayUrl(rawTarget) : rawTarget;
    throw new ProxyUsageError(`--target "${shown}": ${target.error.issues.map((i) => i.message).join('; ')}`);
  }
  return target.data.origin;
}

/** --port, --duration and --fault, each checked. */
function limits(values: Flags): { port: number; durationS?: number; faults: FaultSpec[] } {
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new ProxyUsageError(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
  let durationS: number | undefined;
  if (values.duration !== undefined) {
    // Decimal only: Number() would read `0x10` as 16 and `1e3` as 1000.
    durationS = /^\d+(\.\d+)?$/.test(values.duration) ? Number(values.duration) : NaN;
    if (!Number.isFinite(durationS) || durationS <= 0 || durationS > MAX_DURATION_S)
      throw new ProxyUsageError(
        `--duration must be a positive number of seconds up to ${MAX_DURATION_S} (7 days), got "${values.duration}"`,
      );
  }
  let faults: FaultSpec[];
  try {
    faults = values.fault.map(parseFaultArg);
    // The switch's own check (kind, delay without ms, …), before the proxy starts.
    for (const f of faults) new FaultSwitch().inject(f);
  } catch (error) {
    throw new ProxyUsageError((error as Error).message);
  }
  return { port, durationS, faults };
}

/** --record and --keep-personal-data: the seed file can be written. */
function checkRecord(values: Flags): void {
  if (values['keep-personal-data'] && !values.record) throw new ProxyUsageError('--keep-personal-data needs --record FILE');
  if (!values.record) return;
  try {
    writableFile(values.record);
  } catch (error) {
    if (!(error instanceof StartPathError)) throw error;
    throw new StartError(`Cannot start: --record: ${error.message}`);
  }
}

export function parseProxyArgs(argv: string[], source: NodeJS.ProcessEnv = process.env): ProxyCli {
  let values: Flags;
  try {
    values = parseFlags(negativeValuesJoined(argv)).values;
  } catch (error) {
    throw new ProxyUsageError((error as Error).message);
  }
  const env = proxyEnv(source);
  const reportDir = repoPath(`${env.HB_REPORTS_DIR ?? 'reports'}/proxy`);
  if (values.help) {
    return {
      target: '',
      guard: { protectedHosts: [], allowWrites: false },
      audit: { strict: false, baseline: { file: '', source: '' } },
      reportDir,
      keepPersonalData: false,
      help: true,
    };
  }
  const origin = targetOrigin(values.target ?? env.HB_BASE_URL);
  const { port, durationS, faults } = limits(values);
  checkRecord(values);
  return {
    target: origin,
    port,
    host: values.host,
    faults,
    guard: { protectedHosts: protectedHostList(env.HB_PROTECTED_HOSTS), allowWrites: values['allow-writes'] },
    audit: {
      strict: values.strict || env.HB_STRICT_CONTRACTS === true,
      baseline: { file: repoPath(env.HB_CONTRACT_BASELINE ?? 'contracts/baseline.json'), source: baselineSource(origin) },
    },
    durationS,
    reportDir,
    ...(values.record && { record: resolve(values.record) }),
    keepPersonalData: values['keep-personal-data'],
    help: false,
  };
}

/** {@link parseProxyArgs}, then the record folder made and proved writable: known before the proxy listens, not at the stop. */
export function parseProxyCommandLine(argv: string[], source: NodeJS.ProcessEnv = process.env): ProxyCli {
  const cli = parseProxyArgs(argv, source);
  if (cli.help) return cli;
  try {
    // The proxy replaces its record folder at each stop: only inside a reports folder of the suite's own.
    reportsFolder(dirname(cli.reportDir));
    makeWritableDir(cli.reportDir);
  } catch (error) {
    throw new StartError(`Cannot start: HB_REPORTS_DIR: the record folder ${shownPath(cli.reportDir)}: ${(error as Error).message}`);
  }
  return cli;
}
