// `npm run proxy -- --target https://staging.example`: the contract-checking, fault-injecting
// proxy (proxy/). A line per request, a violation's line at once; on Ctrl+C, SIGTERM or
// --duration the record goes to reports/proxy/. Exit code 1 on a broken contract, 2 on bad input.
import { useEnvFile } from '../settings/env-file.js';
import { parseProxyCommandLine, PROXY_USAGE } from '../proxy/options.js';
import { parseOrExit } from '../settings/command-line.js';
import { startProxyCli } from '../proxy/cli.js';
import { Recording } from '../recording/recording.js';

useEnvFile();
// Every refusal of the input, the record folder's included, before anything listens.
const cli = parseOrExit('proxy', parseProxyCommandLine, PROXY_USAGE);
// --record: the hall's state as a seed file, written at the stop (recording/).
const recording = cli.record ? new Recording(cli.record, { target: cli.target, keepPersonalData: cli.keepPersonalData }) : undefined;
const proxy = await startProxyCli(cli, { log: (line) => console.log(line), error: (line) => console.error(line) }, recording);
if (proxy === 2) process.exit(2);
// Before the banner: a caller that signals as soon as it reads the banner meets the handlers.
process.on('SIGINT', () => void proxy.stop('SIGINT'));
process.on('SIGTERM', () => void proxy.stop('SIGTERM'));
proxy.banner();
process.exit(await proxy.stopped);
