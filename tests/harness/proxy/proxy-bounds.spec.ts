// The proxy in bounded memory and time, with every credential masked: bodies past its limit stream through
// (the record keeps their size and hash), an answer that never ends is cut at the exchange's time limit and the
// target let go, the record keeps a bounded number of exchanges and says how many it dropped, any credential
// header is masked whatever it holds, and a list of faults is switched on whole or not at all.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../../child-runs/child-run.js';
import { scanArtefacts } from '../../../reporting/artefact-secrets.js';
import { BODY_LIMIT } from '../../../proxy/bodies.js';
import { KEPT_EXCHANGES, ProxyRecord } from '../../../proxy/record.js';
import { startProxy } from '../../../proxy/server.js';
import { PROXY_FAULTS_PATH } from '../../../proxy/steps.js';
import { harnessProxyOptions } from '../proxy.fixture.js';
import { expect, test } from '../safety/hostile.fixture.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test.describe('proxy bounds', () => {
  test('bodies past the limit stream through both ways, whole; the record keeps their size and hash', async ({ hostile }) => {
    const big = randomBytes(BODY_LIMIT + 1_000_000);
    const target = await hostile((req, res, hit) => {
      if (req.method === 'POST') return res.end(`got ${hit.size}`);
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(big);
    });
    const proxy = await startProxy(harnessProxyOptions(target.origin));
    try {
      const down = Buffer.from(await (await fetch(`${proxy.url}/download`)).arrayBuffer());
      expect(sha(down), 'the download arrives whole').toBe(sha(big));
      const up = await fetch(`${proxy.url}/upload`, { method: 'POST', body: big, headers: { 'content-type': 'application/octet-stream' } });
      expect(await up.text(), 'the target got the upload whole').toBe(`got ${big.length}`);
      const [download, upload] = proxy.record.entries;
      expect(download?.exchange.responseBody).toMatch(
        new RegExp(`^\\(${big.length} bytes, sha256 ${sha(big).slice(0, 16)}…, passed on\\)`),
      );
      expect(download?.note).toMatch(/passed on as it came, not checked/);
      expect(upload?.exchange.requestBody).toMatch(new RegExp(`^\\(${big.length} bytes, sha256 ${sha(big).slice(0, 16)}…, streamed on`));
    } finally {
      await proxy.close();
    }
  });

  test('an answer that never ends is cut at the exchange time limit, and the target is let go', async ({ hostile }) => {
    let closed = false;
    const endless = await hostile((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const tick = setInterval(() => res.write('x'.repeat(1024)), 5);
      req.socket.once('close', () => {
        clearInterval(tick);
        closed = true;
      });
    });
    const proxy = await startProxy({ ...harnessProxyOptions(endless.origin), exchangeTimeoutMs: 1_000 });
    try {
      const started = Date.now();
      const outcome = await fetch(`${proxy.url}/stream`).then(
        (r) =>
          r.arrayBuffer().then(
            () => 'ended',
            (e: Error) => `cut: ${e.message}`,
          ),
        (e: Error) => `refused: ${e.message}`,
      );
      expect(outcome, 'the client is not kept waiting').toMatch(/^cut|^refused|^ended/);
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect.poll(() => closed, { message: 'the proxy closed its request to the target' }).toBe(true);
      expect(proxy.record.entries.at(-1)).toMatchObject({ verdict: 'no answer', note: 'no whole answer within 1 s' });
    } finally {
      await proxy.close();
    }
  });

  test('the record keeps a bounded number of exchanges; the counts take every one and the stop says what was dropped', () => {
    const record = new ProxyRecord('http://target.example');
    const exchange = {
      endpointId: 'loginPage',
      method: 'GET',
      url: 'http://target.example/Account/Login',
      requestHeaders: {},
      responseHeaders: {},
    };
    for (let i = 0; i < KEPT_EXCHANGES + 25; i++) {
      record.add({
        endpointId: 'loginPage',
        method: 'GET',
        path: '/Account/Login',
        status: 200,
        ms: 1,
        verdict: 'ok',
        issues: [],
        exchange,
      });
    }
    expect(record.entries).toHaveLength(KEPT_EXCHANGES);
    expect(record.dropped).toBe(25);
    expect(record.summary()).toEqual([
      { endpointId: 'loginPage', calls: KEPT_EXCHANGES + 25, verdicts: { ok: KEPT_EXCHANGES + 25 }, issues: [] },
    ]);
  });

  test('every credential header is masked in the record, whatever characters it holds', async ({ target }) => {
    const basic = Buffer.from('qa-user:p4ss=word==').toString('base64');
    const secrets = new Map([
      [basic, 'basic credentials'],
      ['p4ss=word==', 'the basic password'],
      ['tok3n.with=equals==', 'a bearer token'],
      ['proxy-secret-0ab=', 'proxy credentials'],
      ['api-key-9f8e7d=', 'an API key'],
      ['x-auth-0123456789', 'an auth token'],
    ]);
    const proxy = await startProxy(harnessProxyOptions(target.baseUrl));
    const dir = scratchDir('proxy-credentials');
    try {
      const sent: Record<string, string>[] = [
        { authorization: `Basic ${basic}` },
        { authorization: 'Bearer tok3n.with=equals==' },
        { authorization: 'Digest username="qa", response="tok3n.with=equals=="' },
        { 'proxy-authorization': 'Basic proxy-secret-0ab=' },
        { 'x-api-key': 'api-key-9f8e7d=', 'X-Auth-Token': 'x-auth-0123456789' },
      ];
      for (const headers of sent) {
        await (await fetch(`${proxy.url}/Account/Login`, { headers })).arrayBuffer();
      }
      proxy.record.write(dir);
      expect(scanArtefacts([dir], secrets), 'no credential in the record').toEqual([]);
      const kept = JSON.parse(readFileSync(join(dir, 'exchanges.json'), 'utf8')) as {
        exchange: { requestHeaders: Record<string, string> };
      }[];
      expect(kept.map((e) => e.exchange.requestHeaders.authorization ?? e.exchange.requestHeaders['x-api-key'])).toEqual([
        'Basic ***',
        'Bearer ***',
        'Digest ***',
        undefined,
        '***',
      ]);
    } finally {
      await proxy.close();
    }
  });

  test('a list of faults with one bad spec is refused whole: none of it is switched on', async ({ target }) => {
    const proxy = await startProxy(harnessProxyOptions(target.baseUrl));
    try {
      const post = await fetch(`${proxy.url}${PROXY_FAULTS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ fault: 'reset', path: '/api/*' }, { fault: 'delay' }]),
      });
      expect(post.status).toBe(400);
      expect(((await post.json()) as { Message: string }).Message).toContain('delay needs ms');
      expect(((await (await fetch(`${proxy.url}${PROXY_FAULTS_PATH}`)).json()) as { faults: unknown[] }).faults).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
