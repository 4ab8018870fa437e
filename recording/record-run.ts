// One recording of a hall: the proxy in front of the target, the harvest's reads (and, when
// asked, whatever else runs through the proxy meanwhile: the smoke check, the service suite),
// then the seed file. Used by `npm run record` and the harness's record-and-seed check.
import { HbClient } from '../client/client.js';
import { parseProxyArgs } from '../proxy/options.js';
import { startProxy } from '../proxy/server.js';
import { harvest } from './harvest.js';
import { Recording } from './recording.js';
import type { SeedFile } from '../settings/seed-file.js';

export interface RecordTarget {
  baseUrl: string;
  email: string;
  password: string;
  hallId: number;
  testCustomerId?: string;
}

export interface RecordOptions {
  file: string;
  keepPersonalData?: boolean;
  /** Create, edit and delete one marked booking, forwarded by the proxy (HB_ALLOW_WRITES). */
  writes: boolean;
  /** More traffic through the proxy while it records (child runs of the smoke check and the suite). */
  alongside?: (proxyUrl: string) => Promise<unknown>;
  /** HB_* variables the proxy reads (HB_PROTECTED_HOSTS, …); the process's by default. */
  env?: NodeJS.ProcessEnv;
}

export async function recordHall(
  target: RecordTarget,
  options: RecordOptions,
): Promise<{ seed: SeedFile; line: string; failedReads: number }> {
  const origin = new URL(target.baseUrl).origin;
  const cli = parseProxyArgs(['--target', origin, '--port', '0', ...(options.writes ? ['--allow-writes'] : [])], options.env);
  const recording = new Recording(options.file, { target: origin, keepPersonalData: options.keepPersonalData });
  const proxy = await startProxy({ ...cli, onExchange: recording.observe });
  let failedReads: number;
  try {
    const client = HbClient.of({ ...target, baseUrl: proxy.url }, { maxConcurrency: 2, timeoutMs: 15_000, retries: 1 });
    await client.login();
    failedReads = await harvest(client, target.hallId, { writes: options.writes, testCustomerId: target.testCustomerId });
    await options.alongside?.(proxy.url);
  } finally {
    await proxy.close();
  }
  return { ...recording.save(target.testCustomerId), failedReads };
}
