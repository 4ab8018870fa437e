// The suite against targets that misbehave on purpose: a form post redirected to a protected host (the browser's
// and the Node client's write guard, every hop), a login page that redirects for ever and credentials in the URL
// (one start-up line, nothing echoed), an answer whose body never ends (named by the client and the evidence).
import { HbClient } from '../../../client/client.js';
import { TransportError, WriteRefusedError } from '../../../client/errors.js';
import { evidenceOf, failingEvidence } from '../../../client/evidence/text.js';
import { verdictOf } from '../../../client/evidence/verdict.js';
import { pagePath, pages } from '../../../contracts/index.js';
import { startBrowserGuard } from '../../../proxy/browser-guard.js';
import { rejectionOf } from '../../../fixtures/failures.js';
import { startupChecks } from '../../../client/startup-checks.js';
import { EvidenceRecorder } from '../../../fixtures/evidence.js';
import { parseProxyArgs } from '../../../proxy/options.js';
import { EnvError, loadEnvOrExit } from '../../../settings/env.js';
import { RequestGuard } from '../../../settings/write-guard.js';
import { exitOf, said } from '../refusals.js';
import { expect, test, type Hostile } from './hostile.fixture.js';

const FORM = '<form method="post" action="/Admin/Bookings/Create"><input name="Name" value="x"><button>Save</button></form>';
/** The protected host's one line: it must never see a write. */
const written = (protectedHost: Hostile) => protectedHost.hits.filter((h) => h.method !== 'GET' || /Delete/i.test(h.path));

test.describe('hostile targets', () => {
  test('a write the browser sends never reaches a protected host by a redirect: not by a 307, a 308, nor a GET that writes', async ({
    browser,
    hostile,
  }) => {
    const production = await hostile((_req, res) => res.end('created'));
    const other = await hostile((_req, res) => res.end('created elsewhere'));
    // The staging target: its form, and a post answered as the test's `next` says.
    let next = { status: 307, location: '' };
    const staging = await hostile((req, res) => {
      if (req.method === 'GET') return res.writeHead(200, { 'content-type': 'text/html' }).end(FORM);
      res.writeHead(next.status, { location: next.location }).end();
    });
    const guard = await startBrowserGuard(new RequestGuard([new URL(production.origin).host]));
    const post = async () => {
      const before = guard.refused.length;
      const context = await browser.newContext({ proxy: { server: guard.url, bypass: '<-loopback>' } });
      const page = await context.newPage();
      await page.goto(`${staging.origin}/Admin/Bookings/Create`);
      await Promise.all([page.waitForLoadState(), page.getByRole('button', { name: 'Save' }).click()]);
      await context.close();
      return guard.refused.slice(before);
    };
    try {
      for (const redirect of [
        { status: 307, location: `${production.origin}/Admin/Bookings/Create` },
        { status: 308, location: `${production.origin}/Admin/Bookings/Create` },
        // A 302 turns the post into a GET: harmless, unless that GET is a write of the service's.
        { status: 302, location: `${production.origin}${pagePath('deleteBooking', { booking_id: 7 })}` },
      ]) {
        next = redirect;
        expect(await post(), `${redirect.status} to ${redirect.location}`).toEqual([
          expect.stringMatching(/ refused: it writes, and 127\.0\.0\.1 is listed in HB_PROTECTED_HOSTS$/),
        ]);
      }
      expect(written(production), 'the protected host got no write').toEqual([]);
      // A 307 to a host that is not protected is followed: the guard refuses what it must, no more.
      next = { status: 307, location: `${other.origin}/Admin/Bookings/Create` };
      expect(await post()).toEqual([]);
      expect(other.hits.map((h) => `${h.method} ${h.path} ${h.body}`)).toEqual(['POST /Admin/Bookings/Create Name=x']);
    } finally {
      await guard.close();
    }
  });

  test("through the browser's guard the target's answer is the browser's: its headers as Chromium made them, a reset as a reset", async ({
    browser,
    hostile,
  }) => {
    const target = await hostile((req, res, hit) => {
      if (req.method === 'POST' && hit.body.includes('[')) return req.socket.resetAndDestroy();
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${req.headers['sec-fetch-mode'] ?? 'none'}</p>`);
    });
    const guard = await startBrowserGuard(new RequestGuard(['hallmaster.co.uk=203.0.113.7']));
    const context = await browser.newContext({ proxy: { server: guard.url, bypass: '<-loopback>' } });
    try {
      const page = await context.newPage();
      await page.goto(`${target.origin}/Account/Login`);
      await expect(page.locator('p'), 'sec-fetch-* reach the target').toHaveText('navigate');
      const failure = page.waitForEvent('requestfailed').then((r) => r.failure()?.errorText);
      await page.evaluate(() => fetch('/Admin/Bookings/Create', { method: 'POST', body: 'BookingRoom[0].RoomId=1' }).catch(() => 'failed'));
      expect(await failure).toBe('net::ERR_CONNECTION_RESET');
      expect(guard.refused).toEqual([]);
    } finally {
      await context.close();
      await guard.close();
    }
  });

  test('the Node client checks every hop it follows: a redirect to a write of a protected host is refused, not sent', async ({
    hostile,
  }) => {
    const production = await hostile((_req, res) => res.end('deleted'));
    const delete7 = `${production.origin}${pagePath('deleteBooking', { booking_id: 7 })}`;
    const staging = await hostile((_req, res) => res.writeHead(302, { location: delete7 }).end());
    const guard = new RequestGuard([new URL(production.origin).host]);
    const client = new HbClient({ baseUrl: staging.origin, email: 'a@b', password: 'pw-123456', hallId: 1, guard });
    const error = await rejectionOf(client.send('/Admin/Bookings/Index/1', { follow: true }), WriteRefusedError);
    expect(error.message).toMatch(/^deleteBooking \(GET \/Admin\/Bookings\/Delete\/\{booking_id\}\) to http:\/\/127\.0\.0\.1:\d+ refused/);
    expect(written(production)).toEqual([]);
  });

  test("Playwright's request, wrapped, checks every hop too: a GET redirected to a write of a protected host is refused", async ({
    hostile,
    playwright,
  }, testInfo) => {
    const production = await hostile((_req, res) => res.end('deleted'));
    const delete7 = `${production.origin}${pagePath('deleteBooking', { booking_id: 7 })}`;
    const staging = await hostile((_req, res) => res.writeHead(302, { location: delete7 }).end());
    const guard = new RequestGuard([new URL(production.origin).host]);
    const raw = await playwright.request.newContext();
    try {
      const request = new EvidenceRecorder({ baseUrl: staging.origin, strict: false, guard }, testInfo).wrap(raw);
      const error = await rejectionOf(request.get(`${staging.origin}/Admin/Bookings/Index/1`, { maxRedirects: 5 }), WriteRefusedError);
      expect(error.message).toMatch(
        /^deleteBooking \(GET \/Admin\/Bookings\/Delete\/\{booking_id\}\) to http:\/\/127\.0\.0\.1:\d+ refused/,
      );
      expect(written(production)).toEqual([]);
    } finally {
      await raw.dispose();
    }
  });

  test("Playwright's request, wrapped, keeps the login post's body on a 307 it follows hop by hop", async ({
    hostile,
    playwright,
  }, testInfo) => {
    // The login post is the one post it follows redirects of (every other post is a write, which follows none).
    const moved = await hostile((req, res, hit) =>
      req.url === '/moved' ? res.end(hit.body) : res.writeHead(307, { location: '/moved' }).end(),
    );
    const guard = new RequestGuard(['protected.example']);
    const raw = await playwright.request.newContext();
    try {
      const request = new EvidenceRecorder({ baseUrl: moved.origin, strict: false, guard }, testInfo).wrap(raw);
      const form = { Email: 'qa@example.org', RememberMe: 'false' };
      const reply = await request.post(`${moved.origin}${pages.submitLoginForm.path}`, { form, maxRedirects: 5 });
      expect(await reply.text(), 'the body the 307 took along').toBe(new URLSearchParams(form).toString());
    } finally {
      await raw.dispose();
    }
  });

  test('a login page that redirects for ever is one start-up line naming HB_BASE_URL, no stack trace', async ({ hostile }) => {
    let n = 0;
    const loop = await hostile((_req, res) => res.writeHead(302, { location: `/Account/Login?n=${++n}` }).end());
    const client = new HbClient({ baseUrl: loop.origin, email: 'a@b', password: 'pw-123456', hallId: 1 });
    const error = await rejectionOf(startupChecks(client, 1, loop.origin), EnvError);
    expect(error.message.split('\n')).toEqual([
      expect.stringMatching(
        /^Cannot start: HB_BASE_URL: loginPage: GET http:\/\/127\.0\.0\.1:\d+\/Account\/Login redirects in a loop \(more than 10 redirects/,
      ),
    ]);
  });

  test('credentials in the target URL are refused without being echoed, by the suite and by the proxy', () => {
    const url = 'https://qa:s3cret-in-url@staging.example';
    const run = exitOf(() => loadEnvOrExit({ HB_BASE_URL: url, HB_EMAIL: 'a@b', HB_PASSWORD: 'pw', HB_HALL_ID: '1' }));
    expect(run.status, said(run)).toBe(2);
    expect(run.stderr.trim().split('\n'), said(run)).toEqual([
      'Cannot start: HB_BASE_URL: expected no user name or password in the URL (HB_EMAIL and HB_PASSWORD hold the login) ' +
        '(example: HB_BASE_URL=https://staging.hall-booking.example; see .env.example)',
    ]);
    expect(() => parseProxyArgs(['--target', url], {})).toThrow('--target "https://staging.example": must not carry credentials');
    expect(() => parseProxyArgs(['--target', url], {})).not.toThrow(/s3cret/);
  });

  test('an answer whose body never ends fails as that request, with its URL and time; the evidence names what was left waiting', async ({
    hostile,
  }) => {
    const hung = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"BookingId": 1,');
    });
    // One try: a GET is retried after a transport error (client/transport.ts), which this check need not wait for.
    const client = new HbClient({ baseUrl: hung.origin, email: 'a@b', password: 'pw-123456', hallId: 1, timeoutMs: 1_000, retries: 0 });
    const error = await rejectionOf(client.send('/api/bookings/GetForHallgrid?id=1'), TransportError);
    expect(error.message).toMatch(
      /^http: GET http:\/\/127\.0\.0\.1:\d+\/api\/bookings\/GetForHallgrid\?id=1 → HTTP 200, then the body did not finish: ETIMEDOUT/,
    );
    expect(error.exchange.responseBody).toBe('(the body did not finish within 1 s)');
    // A test that timed out: the request still waiting is its evidence, before any exchange that finished.
    const answered = { endpointId: 'x', method: 'GET', url: `${hung.origin}/ok`, status: 200, requestHeaders: {}, responseHeaders: {} };
    const done = evidenceOf(answered, verdictOf(answered));
    const waiting = { endpointId: 'x', method: 'GET', url: `${hung.origin}/api/hung`, requestHeaders: {}, responseHeaders: {} };
    const pending = evidenceOf(waiting, verdictOf(waiting, { strict: false }));
    expect(failingEvidence([done], ['Test timeout of 30000ms exceeded.'], [pending]).evidence).toBe(pending);
    expect(failingEvidence([done], ['Test timeout of 30000ms exceeded.']).evidence).toBe(done);
  });
});
