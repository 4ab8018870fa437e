// The evidence of one exchange (client/evidence/), checked on recorded exchanges without a
// server: the replay command runs in a shell with its variables filled and sends what was sent,
// no secret reaches the step's text, and the verdict names the fields that broke the contract.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { TOKEN_FIELD, TOKEN_HEADER } from '../../../contracts/index.js';
import { curlOf } from '../../../client/evidence/curl.js';
import { evidenceOf, evidenceText, failingEvidence, stepTitle, type Evidence } from '../../../client/evidence/text.js';
import type { Blame } from '../../../client/evidence/origin.js';
import { verdictOf } from '../../../client/evidence/verdict.js';
import { checkJsonAnswer } from '../../../client/contract-answer.js';
import { ContractError } from '../../../client/errors.js';
import { endpoints } from '../../../contracts/index.js';
import { contractBreakOf } from '../../../client/errors.js';
import { maskExchange, type Exchange } from '../../../client/exchange.js';
import { registerSecret } from '../../../client/secrets.js';
import { expect, test } from '../../../fixtures/index.js';

const ORIGIN = 'http://127.0.0.1:43210';
const secret = (name: string) => `${name}-${randomBytes(9).toString('base64url')}`;

/** The words curl would get: the command run by bash with a stand-in `curl` and the variables set. */
function curlArgs(command: string, vars: Record<string, string>): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}\n`;
  const run = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { env: { PATH: process.env.PATH, ...vars }, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\0').slice(0, -1);
}

const booking = { BookingName: 'O\'Brien "quoted" $HOME `date`', StartDateTime: '2024-09-17T19:00:00', EndDateTime: '2024-09-17T22:00:00' };
const gridItem = (id: unknown) => ({
  BookingId: id,
  ...booking,
  Status: 'Confirmed',
  CustomerName: 'Ada Lovelace',
  CustomerId: 'aaaa0001-1b2c-4d3e-8f40-000000000001',
  RoomsUsed: 'Main Hall',
  ActivityType: 'Party',
  IsRecurring: false,
});
const gridExchange = (body: string): Exchange => ({
  endpointId: 'http',
  method: 'GET',
  url: `${ORIGIN}/api/bookings/GetForHallgrid?id=42`,
  requestHeaders: { accept: 'application/json', cookie: `.AspNet.HallBooking=${secret('ticket')}` },
  status: 200,
  responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
  responseBody: body,
  durationMs: 12.4,
});

test.describe('evidence of an exchange', () => {
  test('the curl line replays a form post with the cookie, token and password as variables, and holds none of them', () => {
    const [password, token, cookie] = [secret('pw'), secret('token'), secret('cookie')];
    registerSecret(password, { always: true });
    registerSecret(token);
    registerSecret(cookie);
    const form = new URLSearchParams({ Email: 'a@b.example', Password: password, [TOKEN_FIELD]: token, Name: booking.BookingName });
    const sent: Exchange = {
      endpointId: 'submitLoginForm',
      method: 'POST',
      url: `${ORIGIN}/Account/Login?ReturnUrl=%2F`,
      requestHeaders: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `.AspNet.HallBooking=${cookie}; __RequestVerificationToken_HB=${token}`,
        [TOKEN_HEADER]: token,
        origin: ORIGIN,
      },
      requestBody: form.toString(),
      status: 302,
      responseHeaders: { location: '/', 'set-cookie': `.AspNet.HallBooking=${cookie}; path=/` },
      responseBody: '',
      durationMs: 3,
    };
    const evidence = evidenceOf(maskExchange(sent), verdictOf(maskExchange(sent)));
    const text = evidenceText(evidence);
    for (const s of [password, token, cookie]) expect(text, 'a secret in the evidence').not.toContain(s);

    const filled = { HB_COOKIE: 'c=1; d=2', HB_TOKEN: 'tok"$en', HB_PASSWORD: "pa ss'w", HB_BASE_URL: 'http://replay.example:4010' };
    const args = curlArgs(evidence.curl, filled);
    expect(args.slice(0, 5)).toEqual(['-sS', '-i', '-X', 'POST', 'http://replay.example:4010/Account/Login?ReturnUrl=%2F']);
    expect(args).toContain('Cookie: c=1; d=2');
    expect(args).toContain(`${TOKEN_HEADER}: tok"$en`);
    expect(args).toContain('origin: http://replay.example:4010');
    const body = args[args.indexOf('--data-raw') + 1] as string;
    expect(new URLSearchParams(body.replace(/=([^&]*)/g, (_, v: string) => `=${encodeURIComponent(v)}`))).toBeDefined();
    expect(body).toBe(
      new URLSearchParams({ Email: 'a@b.example', Password: 'PW', [TOKEN_FIELD]: 'TOKEN', Name: booking.BookingName })
        .toString()
        .replace('Password=PW', `Password=${filled.HB_PASSWORD}`)
        .replace(`${TOKEN_FIELD}=TOKEN`, `${TOKEN_FIELD}=${filled.HB_TOKEN}`),
    );
    // Without HB_BASE_URL the command goes where the run went.
    expect(curlArgs(evidence.curl, { ...filled, HB_BASE_URL: '' })).toContain(`${ORIGIN}/Account/Login?ReturnUrl=%2F`);
  });

  test('a JSON body keeps its token field as a variable, and its quotes and dollars as they were', () => {
    const token = secret('token');
    registerSecret(token);
    const sent: Exchange = {
      endpointId: 'http',
      method: 'POST',
      url: `${ORIGIN}/api/x`,
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: JSON.stringify({ a: "it's $HOME", [TOKEN_FIELD]: token, b: "O'Brien `date`" }),
      responseHeaders: {},
    };
    const args = curlArgs(curlOf(maskExchange(sent)), { HB_TOKEN: 'T$1 `x`' });
    expect(JSON.parse(args[args.indexOf('--data-raw') + 1] as string)).toEqual({
      a: "it's $HOME",
      [TOKEN_FIELD]: 'T$1 `x`',
      b: "O'Brien `date`",
    });
  });

  test('the verdict names the fields that break the contract, and the step title says method, path, status and time', () => {
    const good = evidenceOf(gridExchange(JSON.stringify([gridItem(1011)])), verdictOf(gridExchange(JSON.stringify([gridItem(1011)]))));
    expect(good.verdict).toMatchObject({ endpointId: 'listBookingsForHallGrid', verdict: 'ok', issues: [] });
    expect(stepTitle(good)).toBe('GET /api/bookings/GetForHallgrid?id=42 → 200 (12 ms)');

    const broken = verdictOf(gridExchange(JSON.stringify([gridItem(1011), gridItem('1012')])));
    expect(broken.verdict).toBe('violation');
    expect(broken.issues.map((i) => i.path)).toEqual(['$[1].BookingId']);
    expect(evidenceText(evidenceOf(gridExchange('[]'), broken))).toContain('✖ $[1].BookingId: expected number, received string');

    expect(verdictOf({ ...gridExchange(''), status: undefined }).verdict).toBe('no answer');
    expect(verdictOf(gridExchange(`[${'x'.repeat(10)}\n… (5 more characters)`)).verdict).toBe('unchecked');
    expect(verdictOf({ ...gridExchange('[]'), url: `${ORIGIN}/nowhere` }).verdict).toBe('unknown');
  });

  test('a list that breaks its contract names its field in the first line of the error, its paths and the step title', () => {
    const body = JSON.stringify([gridItem('1011'), gridItem(1012)]);
    const checked = checkJsonAnswer(endpoints.listBookingsForHallGrid, 'application/json', body);
    expect(checked.ok).toBe(false);
    const error = new ContractError(
      { ...gridExchange(body), endpointId: 'listBookingsForHallGrid', status: 200 },
      checked.ok ? [] : checked.issues,
    );
    const field = '$[0].BookingId: expected number, received string';
    expect(error.message.split('\n')[0], 'the line a summary shows').toContain(`body breaks the contract: ${field}`);
    expect(contractBreakOf(error.message)?.paths).toEqual(['$[0].BookingId']);
    const evidence = evidenceOf(gridExchange(body), verdictOf(gridExchange(body)));
    expect(stepTitle(evidence)).toBe(`GET /api/bookings/GetForHallgrid?id=42 → 200 (12 ms) ✖ ${field}`);
  });

  test('the failing exchange is the answer a check blamed, else the one an error names, else the last broken one before failing', () => {
    const ok = evidenceOf(gridExchange('[]'), verdictOf(gridExchange('[]')));
    const bad = evidenceOf(gridExchange('{'), verdictOf(gridExchange('{')));
    const named = { ...ok, exchange: { ...ok.exchange, url: `${ORIGIN}/api/rooms/GetForHall?id=1` } };
    const failing = (all: Evidence[], errors: string[], blamed: Blame[] = []) => failingEvidence(all, errors, [], blamed).evidence;
    expect(failing([named, bad, ok], [`ContractError: GET ${ORIGIN}/api/rooms/GetForHall?id=1 → HTTP 200`])).toBe(named);
    expect(failing([named, bad, ok], ['expect(received).toBe(expected)'])).toBe(bad);
    const cleanup = { ...bad, afterFailure: true };
    expect(failing([ok, cleanup], ['expect(received).toBe(expected)']), 'an exchange after the failure').toBe(ok);
    const blame: Blame = { exchange: ok.exchange, path: '$[0].Name', what: 'the grid: name', expected: 'a', seen: 'b', at: 0 };
    expect(failingEvidence([named, bad, ok], ['HallDisagreement: …'], [], [blame])).toEqual({ evidence: ok, blame });
    expect(failing([], ['x'])).toBeUndefined();
  });
});
