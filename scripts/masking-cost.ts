// `npx tsx scripts/masking-cost.ts [--requests 2566] [--secrets 20000]`: what masking costs as the
// secrets seen grow: the proxy's stop (record written and scrubbed) after N requests through it, each
// minting a token and a cookie, then `redact` per 4 KB page as registered tokens grow to M.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LOGIN_PATH } from '../contracts/index.js';
import { tempDir } from '../child-runs/child-run.js';
import { redact, registerSecret } from '../client/secrets.js';
import { startProxy } from '../proxy/server.js';
import { startMockServer } from '../mock-server/server.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2566' }, secrets: { type: 'string', default: '20000' } } });
const requests = Number(values.requests);
const secrets = Number(values.secrets);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(secrets) || secrets < 1) {
  console.error('masking-cost: --requests and --secrets must be positive whole numbers');
  process.exit(2);
}

const mock = await startMockServer();
const dir = tempDir('no-baseline');
const proxy = await startProxy({
  target: mock.url,
  guard: { protectedHosts: [], allowWrites: false },
  audit: { strict: false, baseline: { file: `${dir}/baseline.json`, source: mock.url } },
});
let sent = 0;
const worker = async () => {
  while (sent < requests) {
    sent += 1;
    await (await fetch(`${proxy.url}${LOGIN_PATH}`)).text();
  }
};
await Promise.all(Array.from({ length: 8 }, worker));
await proxy.close();
await mock.close();
const started = performance.now();
proxy.record.write(dir);
console.log(`proxy stop after ${requests} requests: ${Math.round(performance.now() - started)} ms to write and scrub the record`);
rmSync(dir, { recursive: true, force: true });

const tokens: string[] = [];
const page = () => {
  let text = '';
  while (text.length < 4096) {
    const token = tokens[Math.floor(Math.random() * tokens.length)] ?? 'none';
    text += `<input name="__RequestVerificationToken" type="hidden" value="${token}"> Booking 1001 in hall 42 &amp; friends. `;
  }
  return text.slice(0, 4096);
};
for (const checkpoint of [0, 1000, 5000, 20_000, secrets].filter((n, i, all) => n <= secrets && all.indexOf(n) === i)) {
  while (tokens.length < checkpoint) {
    const token = randomBytes(70).toString('base64url');
    tokens.push(token);
    registerSecret(token);
  }
  const pages = Array.from({ length: 200 }, page);
  pages.forEach(redact); // a first pass warms the JIT; the second is timed
  const t = performance.now();
  for (const p of pages) redact(p);
  console.log(`redact after ${checkpoint} tokens: ${((performance.now() - t) / pages.length).toFixed(3)} ms per 4 KB`);
}
