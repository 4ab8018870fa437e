// `npm run proxy -- --target https://staging.example`: the contract-checking, fault-injecting
// proxy (proxy/). A line per request, a violation's line at once; on Ctrl+C, SIGTERM or
// --duration the record goes to reports/proxy/. Exit code 1 on a broken contract, 2 on bad input.
import { rmSync } from 'node:fs';
import { useEnvFile } from '../settings/env-file.js';
import { shownPath } from '../settings/paths.js';
import { parseProxyCommandLine, PROXY_USAGE } from '../proxy/options.js';
import { consoleLine, violationLine } from '../proxy/record.js';
import { endpointLine, writeProxyCoverage } from '../proxy/coverage.js';
import { LOGIN_PATH } from '../contracts/index.js';
import { faultList } from '../mock-server/faults.js';
import { protectedBecause } from '../settings/same-machine.js';
import { PROXY_FAULTS_PATH, PROXY_RECORD_PATH, startProxy, type Proxy } from '../proxy/server.js';
import { Recording } from '../recording/recording.js';
import { RecordingError } from '../recording/seed-builder.js';
import { parseOrExit } from '../settings/command-line.js';

function fail(message: string): never {
  console.error(`proxy: ${message}\n${PROXY_USAGE}`);
  process.exit(2);
}

useEnvFile();
// Every refusal of the input, the record folder's included, before anything listens.
const cli = parseOrExit('proxy', parseProxyCommandLine, PROXY_USAGE);

const recording = cli.record ? new Recording(cli.record, { target: cli.target, keepPersonalData: cli.keepPersonalData }) : undefined;
let proxy: Proxy;
try {
  proxy = await startProxy({
    ...cli,
    ...(recording && { onExchange: recording.observe }),
    onEntry: (entry) => {
      console.log(consoleLine(entry));
      if (entry.verdict === 'violation') console.log(violationLine(entry));
    },
  });
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  fail(
    e.code === 'EADDRINUSE'
      ? `port ${cli.port} is in use; pass --port 0 for a free one`
      : e.code === 'EADDRNOTAVAIL'
        ? `--host ${cli.host} is not an address of this machine`
        : e.message,
  );
}

// The proxy's own comparison, by address (settings/same-machine.ts).
const guarded = cli.guard.protectedHosts.length ? await protectedBecause(cli.target, cli.guard.protectedHosts) : null;
const writes = !guarded
  ? 'forwarded (the target is not in HB_PROTECTED_HOSTS)'
  : cli.guard.allowWrites
    ? `forwarded (--allow-writes, although ${guarded})`
    : `refused with 403 (${guarded}; --allow-writes forwards them)`;
const people = cli.keepPersonalData ? 'kept' : 'pseudonymised';
const recordingLine = recording ? `\n  recording the hall's state to ${shownPath(recording.file)} (people's data ${people})` : '';
let stopping = false;
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  await proxy.close();
  const broken = proxy.record.violations.length;
  const unknown = Object.keys(proxy.record.unknownPaths()).length;
  const counts = `${proxy.record.entries.length} requests, ${broken} contract violation(s)`;
  console.log(`hb-proxy stopped (${reason}): ${counts}, ${unknown} path(s) the registry does not know.`);
  let coverage: ReturnType<typeof writeProxyCoverage>;
  try {
    rmSync(cli.reportDir, { recursive: true, force: true });
    proxy.record.write(cli.reportDir);
    coverage = writeProxyCoverage(cli.reportDir, proxy.record.entries, proxy.record.target);
  } catch (error) {
    // Node's own message starts with the code (`ENOTDIR: not a directory, unlink '…'`).
    const why = (error as Error).message.split('\n')[0];
    console.error(`proxy: the record was not written to ${shownPath(cli.reportDir)}: ${why}`);
    process.exit(2);
  }
  console.log(`  ${endpointLine(coverage)}
  ${coverage.line} (${shownPath(`${cli.reportDir}/coverage.html`)})
  report: ${shownPath(`${cli.reportDir}/summary.html`)}`);
  let unseeded = false;
  try {
    if (recording) console.log(recording.save().line);
  } catch (error) {
    if (!(error instanceof RecordingError)) throw error;
    console.error(`hb-proxy: no seed written to ${shownPath(recording?.file ?? '')}: ${error.message}`);
    unseeded = true;
  }
  process.exit(broken || unseeded ? 1 : 0);
}
// Before the banner: a caller that signals as soon as it reads the banner meets the handlers.
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
console.log(`hb-proxy listening on ${proxy.url} → ${cli.target}
  open ${proxy.url}${LOGIN_PATH} in a browser, or run the suite with HB_BASE_URL=${proxy.url}
  faults: ${faultList(cli.faults ?? [])}; switch them at ${proxy.url}${PROXY_FAULTS_PATH} (GET lists, POST adds, DELETE clears);
  the record so far at ${proxy.url}${PROXY_RECORD_PATH}
  writes: ${writes}${recordingLine}
  ${cli.durationS ? `stops after ${cli.durationS} s` : 'Ctrl+C stops it'} and writes ${shownPath(cli.reportDir)}/`);

if (cli.durationS) setTimeout(() => void stop(`--duration ${cli.durationS}`), cli.durationS * 1000);
