// The body of `npm run proxy` (scripts/proxy.ts): the proxy started, its banner, and the stop that
// writes the record (and the caller's recorder's seed) and gives the exit code. Apart from the process
// (signals, exit), so the harness runs it in the worker and spawns the script once.
import { rmSync } from 'node:fs';
import { shownPath } from '../settings/paths.js';
import { PROXY_USAGE, type ProxyCli } from './options.js';
import { consoleLine, KEPT_EXCHANGES, violationLine } from './record.js';
import { endpointLine, writeProxyCoverage } from './coverage.js';
import { LOGIN_PATH } from '../contracts/index.js';
import { faultList } from '../mock-server/faults.js';
import { guardVerdict } from '../settings/same-machine.js';
import { startProxy, type Proxy } from './server.js';
import { PROXY_FAULTS_PATH, PROXY_RECORD_PATH } from './steps.js';
import type { ProxyOptions } from './call.js';

/** Where the proxy's lines go: the console in the script, a buffer in the harness. */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** What `--record` writes at the stop (recording/recording.ts): it sees every exchange, then saves a seed. */
export interface ProxyRecorder {
  /** The seed file, as the banner and a failed save name it. */
  file: string;
  /** For the proxy's `onExchange`. */
  observe: NonNullable<ProxyOptions['onExchange']>;
  /** Write the seed; its line says what it holds. An Error says why no seed was written. */
  save(): { line: string };
}

/** A started proxy of the command line. */
export interface ProxyCliRun {
  url: string;
  /** Print the banner (and start --duration's clock). */
  banner(): void;
  /** Stop once (later calls wait for the first): close, write the record; resolves with the exit code. */
  stop(reason: string): Promise<number>;
  /** Resolves with the exit code of the first stop. */
  stopped: Promise<number>;
}

/** The proxy `cli` describes, listening; a start that fails is its line on `out.error` and exit code 2. */
async function listen(cli: ProxyCli, out: CliOutput, recorder: ProxyRecorder | undefined): Promise<Proxy | 2> {
  try {
    return await startProxy({
      ...cli,
      ...(recorder && { onExchange: recorder.observe }),
      onEntry: (entry) => {
        out.log(consoleLine(entry));
        if (entry.verdict === 'violation') out.log(violationLine(entry));
      },
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why =
      e.code === 'EADDRINUSE'
        ? `port ${cli.port} is in use; pass --port 0 for a free one`
        : e.code === 'EADDRNOTAVAIL'
          ? `--host ${cli.host} is not an address of this machine`
          : e.message;
    out.error(`proxy: ${why}\n${PROXY_USAGE}`);
    return 2;
  }
}

/** What the banner says of writes, from the proxy's own comparison, by address (settings/same-machine.ts). */
async function writesLine(cli: ProxyCli, out: CliOutput): Promise<string> {
  const verdict = cli.guard.protectedHosts.length ? await guardVerdict(cli.target, cli.guard.protectedHosts) : undefined;
  for (const line of verdict?.warnings ?? []) out.error(line);
  const guarded = verdict?.why ?? null;
  return !guarded
    ? 'forwarded (the target is not in HB_PROTECTED_HOSTS)'
    : cli.guard.allowWrites
      ? `forwarded (--allow-writes, although ${guarded})`
      : `refused with 403 (${guarded}; --allow-writes forwards them)`;
}

/** The stop: the proxy closed, its record written, then the recorder's seed; resolves with the exit code. */
async function finish(cli: ProxyCli, out: CliOutput, proxy: Proxy, recorder: ProxyRecorder | undefined, reason: string): Promise<number> {
  await proxy.close();
  const broken = proxy.record.violations.length;
  const unknown = Object.keys(proxy.record.unknownPaths()).length;
  const counts = `${proxy.record.total} requests, ${broken} contract violation(s)`;
  out.log(`hb-proxy stopped (${reason}): ${counts}, ${unknown} path(s) the registry does not know.`);
  const { dropped } = proxy.record;
  if (dropped) out.log(`  exchanges.json keeps the first ${KEPT_EXCHANGES} exchanges: ${dropped} more were counted, not kept`);
  let coverage: ReturnType<typeof writeProxyCoverage>;
  try {
    rmSync(cli.reportDir, { recursive: true, force: true });
    proxy.record.write(cli.reportDir);
    coverage = writeProxyCoverage(cli.reportDir, proxy.record.coverage, proxy.record.target);
  } catch (error) {
    // Node's own message starts with the code (`ENOTDIR: not a directory, unlink '…'`).
    const why = (error as Error).message.split('\n')[0];
    out.error(`proxy: the record was not written to ${shownPath(cli.reportDir)}: ${why}`);
    return 2;
  }
  out.log(`  ${endpointLine(coverage)}
  ${coverage.line} (${shownPath(`${cli.reportDir}/coverage.html`)})
  report: ${shownPath(`${cli.reportDir}/summary.html`)}`);
  if (!recorder) return broken ? 1 : 0;
  try {
    out.log(recorder.save().line);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    out.error(`hb-proxy: no seed written to ${shownPath(recorder.file)}: ${error.message}`);
    return 1;
  }
  return broken ? 1 : 0;
}

/**
 * Start the proxy `cli` describes, with the caller's recorder (for `--record`) seeing every exchange;
 * a start that fails is its line on `out.error` and exit code 2.
 */
export async function startProxyCli(cli: ProxyCli, out: CliOutput, recorder?: ProxyRecorder): Promise<ProxyCliRun | 2> {
  const proxy = await listen(cli, out, recorder);
  if (proxy === 2) return 2;
  const writes = await writesLine(cli, out);
  const people = cli.keepPersonalData ? 'kept' : 'pseudonymised';
  const recordingLine = recorder ? `\n  recording the hall's state to ${shownPath(recorder.file)} (people's data ${people})` : '';

  let stopped: Promise<number> | undefined;
  let settle: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (settle = resolve));
  const stop = (reason: string): Promise<number> => {
    stopped ??= finish(cli, out, proxy, recorder, reason).then((code) => {
      settle(code);
      return code;
    });
    return stopped;
  };
  return {
    url: proxy.url,
    stop,
    stopped: done,
    banner: () => {
      out.log(`hb-proxy listening on ${proxy.url} → ${cli.target}
  open ${proxy.url}${LOGIN_PATH} in a browser, or run the suite with HB_BASE_URL=${proxy.url}
  faults: ${faultList(cli.faults ?? [])}; switch them at ${proxy.url}${PROXY_FAULTS_PATH} (GET lists, POST adds, DELETE clears);
  the record so far at ${proxy.url}${PROXY_RECORD_PATH}
  writes: ${writes}${recordingLine}
  ${cli.durationS ? `stops after ${cli.durationS} s` : 'Ctrl+C stops it'} and writes ${shownPath(cli.reportDir)}/`);
      if (cli.durationS) setTimeout(() => void stop(`--duration ${cli.durationS}`), cli.durationS * 1000).unref();
    },
  };
}
