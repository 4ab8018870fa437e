// The production guard: HB_PROTECTED_HOSTS compared one way by the suite's env check and the proxy
// (case, trailing dot, IDNA, default ports, an entry as a URL or host:port), and a write known by the
// route the service would run (case, escapes, an id in the query, any method), not by its spelling.
import { endpoints, pagePath } from '../../../contracts/index.js';
import { loadEnv } from '../../../settings/env.js';
import { protectedBecause, type Lookup } from '../../../settings/same-machine.js';
import { writeTargetCheck, writeTargetProblem } from '../../../settings/write-target.js';
import { parseProxyArgs } from '../../../proxy/options.js';
import { startProxy } from '../../../proxy/server.js';
import { expect, harnessProxyOptions, test } from '../proxy.fixture.js';

const remote = { HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: '1', HB_ALLOW_WRITES: 'true' };

/** [HB_PROTECTED_HOSTS, HB_BASE_URL]: each pair protects the target. */
const PROTECTED: [string, string][] = [
  ['prod.example', 'https://prod.example.'],
  ['https://prod.example', 'https://prod.example'],
  ['https://prod.example/', 'http://prod.example:8080'],
  ['prod.example:443', 'https://prod.example'],
  ['http://prod.example:8443', 'https://prod.example:8443'],
  ['PROD.Example.', 'https://prod.EXAMPLE:443'],
  ['bücher.example', 'https://xn--bcher-kva.example'],
  ['xn--bcher-kva.example', 'https://BÜCHER.example.'],
  ['staging.example, prod.example', 'https://prod.example'],
];
/** Pairs that do not: another host, a suffix of it, another port than the entry's. */
const OPEN: [string, string][] = [
  ['prod.example', 'https://staging.example'],
  ['prod.example', 'https://prod.example.evil.example'],
  ['prod.example:8443', 'https://prod.example'],
  ['prod.example:443', 'http://prod.example'],
];

/** A resolver without network: `prod-alias.example` is a second name of prod's address; `gone.example` does not resolve. */
const lookup: Lookup = (host) => {
  const table: Record<string, string[]> = {
    'prod.example': ['203.0.113.7', '2001:db8::7'],
    'prod-alias.example': ['203.0.113.7'],
    'lb.example': ['::ffff:203.0.113.7'],
    'staging.example': ['198.51.100.2'],
    'mine.example': ['127.0.1.1'],
  };
  if (table[host]) return Promise.resolve(table[host]);
  return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
};
/** [protected entry, target, protected?]: compared by address, not by spelling. */
const BY_ADDRESS: [string, string, boolean][] = [
  ['127.0.0.1', 'http://localhost:4610', true],
  ['127.0.0.1', 'http://0.0.0.0:4610', true],
  ['127.0.0.1', 'http://[::ffff:127.0.0.1]:4611', true],
  ['127.0.0.1', 'http://[::1]:4640', true],
  ['127.0.0.1', 'http://[::]:4640', true],
  ['127.0.0.1', 'http://mine.example', true],
  ['localhost', 'http://127.0.0.1:4610', true],
  ['[::1]', 'http://127.0.0.2', true],
  ['::ffff:127.0.0.1', 'http://localhost', true],
  ['prod.example', 'https://prod-alias.example', true],
  ['prod.example', 'https://203.0.113.7', true],
  ['prod.example', 'https://[2001:db8:0::7]', true],
  ['prod.example', 'https://lb.example', true],
  ['prod-alias.example', 'https://[::ffff:cb00:7107]', true],
  ['prod.example', 'https://gone.example', true],
  ['gone.example=203.0.113.7', 'https://prod-alias.example', true],
  ['gone.example=203.0.113.7', 'https://gone.example', true],
  ['gone.example=[2001:db8::7]', 'https://prod.example', true],
  ['203.0.113.7', 'https://prod.example', true],
  ['prod.example:8443', 'https://prod-alias.example:8443', true],
  ['prod.example', 'https://staging.example', false],
  ['prod.example:8443', 'https://prod-alias.example', false],
  ['127.0.0.1', 'https://staging.example', false],
  ['prod.example', 'http://localhost:4610', false],
  ['gone.example', 'https://staging.example', false],
  ['gone.example=203.0.113.7', 'https://staging.example', false],
];

test.describe('write guard', () => {
  test('protectedBecause compares addresses: IPv4-mapped, 0.0.0.0 and ::, aliases, pins; a lost target refuses', async () => {
    for (const [entry, target, refused] of BY_ADDRESS) {
      const why = await protectedBecause(target, [entry], lookup);
      expect.soft(why !== null, `${entry} ${refused ? 'protects' : 'leaves open'} ${target}${why ? `: ${why}` : ''}`).toBe(refused);
    }
  });

  test('an entry that does not resolve is a warning naming it and the pin; a target that does not resolve names HB_BASE_URL', async () => {
    const env = (url: string, hosts: string) => loadEnv({ ...remote, HB_BASE_URL: url, HB_PROTECTED_HOSTS: hosts });
    const offline = await writeTargetCheck(env('https://staging.example', 'gone.example,prod.example'), lookup);
    expect(offline.problem, 'writes go: the staging server is no protected host').toBeUndefined();
    expect(offline.warnings).toEqual([
      'Warning: HB_PROTECTED_HOSTS entry gone.example does not resolve here (ENOTFOUND): it is compared by name only; ' +
        'pin its address to compare by address without DNS (gone.example=203.0.113.7)',
    ]);
    const pinned = await writeTargetCheck(env('https://staging.example', 'gone.example=203.0.113.9'), lookup);
    expect(pinned, 'a pinned entry needs no DNS').toEqual({ warnings: [] });
    const lost = await writeTargetCheck(env('https://nowhere.example', 'prod.example'), lookup);
    expect(lost.problem).toBe(
      'Cannot start: HB_BASE_URL: nowhere.example does not resolve (ENOTFOUND): check the URL and the network (DNS, VPN)',
    );
    expect(() => env('https://staging.example', 'prod.example=not-an-address'), 'a pin must be an address').toThrow(/HB_PROTECTED_HOSTS: /);
  });

  test('the suite, smoke, fuzz and recorder refuse HB_ALLOW_WRITES against another spelling of a protected address', async () => {
    for (const url of ['http://localhost:4610', 'http://0.0.0.0:4610', 'http://[::ffff:127.0.0.1]:4611']) {
      const env = loadEnv({ ...remote, HB_BASE_URL: url, HB_PROTECTED_HOSTS: '127.0.0.1' });
      expect.soft(await writeTargetProblem(env), url).toMatch(/^Cannot start: HB_ALLOW_WRITES: refusing true: .*this machine/);
    }
    const open = loadEnv({ ...remote, HB_BASE_URL: 'https://staging.example', HB_PROTECTED_HOSTS: 'prod.example' });
    expect(await writeTargetProblem(open, lookup)).toBeUndefined();
  });

  test('loadEnv compares HB_PROTECTED_HOSTS with the target normalised: case, trailing dot, IDNA, ports, URL entries', () => {
    for (const [hosts, url] of PROTECTED) {
      expect
        .soft(() => loadEnv({ ...remote, HB_BASE_URL: url, HB_PROTECTED_HOSTS: hosts }), `${hosts} protects ${url}`)
        .toThrow(/HB_ALLOW_WRITES: refusing true against .*listed in HB_PROTECTED_HOSTS/);
    }
    for (const [hosts, url] of OPEN) {
      expect
        .soft(loadEnv({ ...remote, HB_BASE_URL: url, HB_PROTECTED_HOSTS: hosts }).allowWrites, `${hosts} leaves ${url} open`)
        .toBe(true);
    }
  });

  test('an HB_PROTECTED_HOSTS entry that names no host stops the suite and the proxy, naming the variable', () => {
    for (const bad of ['https://', 'prod example', 'https://prod.example/path']) {
      expect
        .soft(() => loadEnv({ ...remote, HB_BASE_URL: 'https://s.example', HB_PROTECTED_HOSTS: bad }), bad)
        .toThrow(/HB_PROTECTED_HOSTS: /);
      expect
        .soft(() => parseProxyArgs(['--target', 'https://s.example'], { HB_PROTECTED_HOSTS: bad }), bad)
        .toThrow(/HB_PROTECTED_HOSTS: /);
    }
  });

  test('the proxy refuses writes to a protected target however the host is spelled', async ({ target, mock }) => {
    const port = new URL(target.baseUrl).port;
    const pairs: [string, string][] = [
      ['localhost', `http://localhost.:${port}`],
      ['http://localhost', `http://LOCALHOST:${port}`],
      [`localhost:${port}`, `http://localhost.:${port}`],
      [`http://127.0.0.1:${port}/`, `http://127.1:${port}`],
      ['127.0.0.1', `http://localhost:${port}`],
      ['127.0.0.1', `http://0.0.0.0:${port}`],
      ['127.0.0.1', `http://[::ffff:127.0.0.1]:${port}`],
      ['localhost', `http://127.0.0.1:${port}`],
    ];
    const pin = `${endpoints.generateAccessPin.path}?hallid=${target.hallId}`;
    for (const [hosts, url] of pairs) {
      const cli = parseProxyArgs(['--target', url], { HB_PROTECTED_HOSTS: hosts });
      const proxy = await startProxy({ ...harnessProxyOptions(cli.target), target: cli.target, guard: cli.guard });
      try {
        mock.received.length = 0;
        const reply = await fetch(`${proxy.url}${pin}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
        expect.soft(reply.status, `${hosts} protects ${url}`).toBe(403);
        expect.soft(mock.received, 'nothing reached the target').toEqual([]);
      } finally {
        await proxy.close();
      }
    }
  });

  test('npm run proxy says writes are refused for a target spelled with a trailing dot', async ({ proxyCli }) => {
    const proxy = await proxyCli(['--target', 'http://localhost.:4119'], { HB_PROTECTED_HOSTS: 'localhost' });
    const [, writes] = await proxy.cli.waitFor(/writes: (.*)/);
    expect(writes).toMatch(/^refused with 403/);
  });

  test('the proxy refuses a write route however the service would read its path, method or id', async ({ target, mock }) => {
    mock.expectUnhandled();
    const host = new URL(target.baseUrl).hostname;
    const proxy = await startProxy({ ...harnessProxyOptions(target.baseUrl), guard: { protectedHosts: [host], allowWrites: false } });
    const pin = endpoints.generateAccessPin.path;
    const writes: [string, string][] = [
      ['GET', '/Admin/Bookings/Delet%65/1008'],
      ['GET', '/Admin/Bookings/Delete?id=1005'],
      ['GET', '/admin/bookings/delete/?id=1005'],
      ['GET', `${pin.replace(/IN$/, '%49N')}?hallid=${target.hallId}`],
      ['GET', `${pin.toLowerCase()}?hallid=${target.hallId}`],
      ['GET', `/${pagePath('confirmBookingChanges', { booking_id: 1001 })}`],
      ['GET', '/Admin/Bookings/RequestChanges/%31001'],
      ['HEAD', pagePath('deleteBooking', { booking_id: 1008 })],
      ['PUT', pagePath('submitEditBookingForm', { booking_id: 1008 })],
      ['DELETE', '/Admin/Bookings/Index/1'],
    ];
    try {
      for (const [method, path] of writes) {
        mock.received.length = 0;
        const reply = await fetch(`${proxy.url}${path}`, { method, redirect: 'manual' });
        expect.soft(reply.status, `${method} ${path}`).toBe(403);
        expect.soft(mock.received, `${method} ${path} never reached the target`).toEqual([]);
      }
      const reads = [
        pagePath('viewBookingPage', { booking_id: 1001 }),
        pagePath('createBookingPage'),
        pagePath('editBookingPage', { booking_id: 1001 }),
        '/Admin/Bookings/Deleted/1008',
        `/Admin/Bookings/Vi%65w/1001`,
      ];
      for (const path of reads) {
        const reply = await fetch(`${proxy.url}${path}`, { redirect: 'manual' });
        expect(reply.status, `a read passes: ${path}`).not.toBe(403);
      }
    } finally {
      await proxy.close();
    }
  });
});
