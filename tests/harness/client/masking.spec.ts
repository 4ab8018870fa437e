// Masking that cannot be sidestepped: a secret is masked in every spelling a record gives it
// (raw, percent-encoded in either case or as a form writes it, HTML-escaped, JSON-escaped), and
// secret fields are found as MVC binds them (case-insensitive, percent-decoded names).
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGIN_PATH, TOKEN_FIELD, TOKEN_HEADER } from '../../../contracts/index.js';
import { openApiDocument } from '../../../contracts/export.js';
import { scrubArtefacts } from '../../../reporting/artefact-secrets.js';
import { masker } from '../../../reporting/summary-details.js';
import { scratchDir } from '../../../child-runs/child-run.js';
import { SecretMatcher } from '../../../client/secret-matcher.js';
import { MASK, maskingRoom, redact, registerSecret, secretFieldValues } from '../../../client/secrets.js';
import { maskExchange } from '../../../client/exchange.js';
import { curlOf } from '../../../client/evidence/curl.js';
import { startProxy } from '../../../proxy/server.js';
import { expect, harnessProxyOptions, test } from '../proxy.fixture.js';
import { awkwardSecret, leaksIn, spellings } from './secret-spellings.js';
import { tokensIn } from '../../../client/forms.js';
import { cookieHeaderOf } from '../../../wire/cookies.js';

test.describe('masking', () => {
  test('redact masks a registered secret in every spelling and leaves ordinary words alone', () => {
    const secret = awkwardSecret();
    registerSecret(secret, { always: true });
    for (const [name, spelled] of Object.entries(spellings(secret))) {
      expect.soft(redact(`before ${spelled} after`), name).toBe(`before ${MASK} after`);
    }
    const words = 'Password and __RequestVerificationToken are names; Email=qa@hall.example&HallId=42; "Password": 7';
    expect(redact(words), 'the harness’s own words stay').toBe(words);
  });

  test('the secret matcher masks what a plain search masks, at the start, the end and between words', () => {
    const matcher = new SecretMatcher();
    const random = Array.from({ length: 400 }, () => randomBytes(randomInt(5, 60)).toString('base64url'));
    // Tokens sharing a prefix (ASP.NET Core's start `CfDJ8`), and secrets that begin others.
    const prefixed = Array.from({ length: 100 }, () => `CfDJ8${randomBytes(randomInt(1, 40)).toString('base64url')}`);
    const secrets = [...random, ...prefixed, ...random.slice(0, 20).map((r) => `${r}-longer`)];
    secrets.forEach((s) => matcher.add(s));
    const words = ['Booking', 'hall', '42', 'é', '<b>', '"x"', 'a=b'];
    const differ: { text: string; matcher: string; plain: string }[] = [];
    for (let n = 0; n < 300; n += 1) {
      const parts = Array.from({ length: randomInt(1, 12) }, () =>
        randomInt(3) ? (secrets[randomInt(secrets.length)] as string) : (words[randomInt(words.length)] as string),
      );
      const text = parts.join(randomInt(2) ? ' ' : '');
      const plain = [...secrets].sort((a, b) => b.length - a.length).reduce((t, s) => t.split(s).join(MASK), text);
      const masked = matcher.replace(text, MASK);
      if (masked !== plain) differ.push({ text, matcher: masked, plain });
    }
    expect(differ, 'texts the matcher masks otherwise than a plain search').toEqual([]);
  });

  test('a long answer is masked as far as it is shown: a secret across the cut, in every spelling, and one after many masks', () => {
    const secret = awkwardSecret();
    registerSecret(secret, { always: true });
    const cap = 64 * 1024;
    const shown = (body: string) =>
      maskExchange({ endpointId: 'x', method: 'GET', url: 'http://h/', requestHeaders: {}, responseHeaders: {}, responseBody: body })
        .responseBody as string;
    for (const [name, spelled] of Object.entries(spellings(secret))) {
      // Its first units before the cut, the rest after it, a megabyte behind.
      const text = shown(`${'a'.repeat(cap - 3)}${spelled}${'b'.repeat(1_000_000)}`);
      expect.soft(text.slice(cap - 3, cap), name).toBe(MASK);
      expect.soft(leaksIn(text, secret), name).toEqual([]);
    }
    // Masks before the cut shorten the text: the shown part reaches far past the cut, to where a secret begins.
    const masks = 2_000;
    const filler = 'c'.repeat(cap - masks * MASK.length - MASK.length);
    const spelled = spellings(secret);
    const many = `${spelled['HTML numeric references']!.repeat(masks)}${filler}${spelled['URL-encoded']!}${'d'.repeat(1e5)}`;
    expect(shown(many).slice(cap - MASK.length, cap), 'a secret the masks before it bring into view').toBe(MASK);
    // A secret field's JSON value from before the cut to past the masked part: masked as the whole body masks it.
    const open = `${'a'.repeat(cap - 40)}"Password": "S3cr3t-${'Q'.repeat(maskingRoom() + 1_000)}"}${'z'.repeat(1e5)}`;
    expect(shown(open), 'a password value across the cut').not.toContain('S3cr3t');
  });

  test('redact masks secret fields as MVC binds their names: any case, percent-decoded, JSON-escaped', () => {
    const value = `v${randomBytes(4).toString('hex')}`;
    const texts = [
      `Email=a%40b&Pass%77ord=${value}&x=1`,
      `Email=a&password=${value}`,
      `PASSWORD=${value}`,
      `model.Password=${value}`,
      `${TOKEN_FIELD.toLowerCase()}=${value}`,
      `{"password":"${value}"}`,
      `{"Pass\\u0077ord": "${value}"}`,
    ];
    for (const text of texts) expect.soft(redact(text), text).not.toContain(value);
  });

  test('secretFieldValues finds the password the proxy must register in a query, a multipart body and JSON', () => {
    const value = `v${randomBytes(4).toString('hex')}`;
    const multipart = `--b\r\nContent-Disposition: form-data; name="password"\r\n\r\n${value}\r\n--b--\r\n`;
    for (const text of [`/Account/Login?Pass%77ord=${value}`, multipart, `{"PassWord":"${value}"}`]) {
      expect.soft(secretFieldValues(text), text).toEqual([value]);
    }
  });

  test('scrubArtefacts masks known and issued secrets in every spelling', () => {
    const known = awkwardSecret();
    const harvested = awkwardSecret();
    const dir = scratchDir('masking');
    const file = join(dir, 'record.txt');
    // Issued by the service: the token posted back in its form field.
    const body = `Email=x&${TOKEN_FIELD}=${encodeURIComponent(harvested)}`;
    const texts = [body, ...Object.values(spellings(known)), ...Object.values(spellings(harvested))];
    writeFileSync(file, texts.join('\n'));
    scrubArtefacts([dir], [known]);
    const after = readFileSync(file, 'utf8');
    expect.soft(leaksIn(after, known), 'spellings of the known secret left').toEqual([]);
    expect.soft(leaksIn(after, harvested), 'spellings of the posted token left').toEqual([]);
  });

  test("the scrub and the summary's masking mask a record's secrets and leave its replay command and the exported document", () => {
    // Base64, as ASP.NET's tokens are: a `+` that a JSON body keeps raw and a form encodes.
    const issued = `CfDJ8+${randomBytes(24).toString('base64')}`;
    const password = awkwardSecret();
    const dir = scratchDir('masking-kept');
    // An exchange as the service saw it, with the token in its header, form field and a JSON body, then as the client records it.
    const exchange = {
      endpointId: 'submitLoginForm',
      method: 'POST',
      url: `http://127.0.0.1:9${LOGIN_PATH}`,
      requestHeaders: { [TOKEN_HEADER]: issued, 'content-type': 'application/x-www-form-urlencoded' },
      requestBody: new URLSearchParams({ Email: 'qa@hall.example', Password: password, [TOKEN_FIELD]: issued }).toString(),
      responseHeaders: {},
    };
    const replay = curlOf(maskExchange(exchange));
    expect(replay, 'the replay command names the variables').toContain(`Password=$HB_PASSWORD`);
    writeFileSync(join(dir, 'evidence.txt'), [replay, JSON.stringify(exchange), JSON.stringify({ [TOKEN_FIELD]: issued })].join('\n'));
    const document = JSON.stringify(openApiDocument({ sessionCookies: ['.AspNet.HallBooking'] }), null, 2);
    writeFileSync(join(dir, 'openapi.json'), document);
    // A test's source, as a trace keeps it: variables where values go.
    const source = ['cookie: `.AspNet.HallBooking=${cookie}`', 'authorization: Bearer $API_TOKEN'].join('\n');
    writeFileSync(join(dir, 'source.txt'), source);
    scrubArtefacts([dir], [password]);
    const after = readFileSync(join(dir, 'evidence.txt'), 'utf8');
    expect.soft(leaksIn(after, issued), 'spellings of the issued token left').toEqual([]);
    expect.soft(leaksIn(after, password), 'spellings of the password left').toEqual([]);
    expect(after, 'the replay command as curlOf wrote it').toContain(replay);
    expect(masker(password, [])(replay), "the summary's replay of a route's slowest call").toBe(replay);
    const kept = readFileSync(join(dir, 'openapi.json'), 'utf8');
    expect(kept, 'the exported document, whose x-token-field names the token field').toBe(document);
    expect(readFileSync(join(dir, 'source.txt'), 'utf8'), 'the source, its variables kept').toBe(source);
  });

  test('the proxy record holds no password posted as Pass%77ord, with a raw quote, or echoed HTML-escaped in the Email field', async ({
    startMock,
  }) => {
    const password = awkwardSecret();
    const mock = await startMock({ credentials: { email: 'qa@hall.example', password } });
    const proxy = await startProxy(harnessProxyOptions(mock.url));
    try {
      const post = async (fields: string): Promise<Response> => {
        const page = await fetch(`${proxy.url}${LOGIN_PATH}`);
        const token = tokensIn(await page.text())[0] ?? '';
        const cookie = cookieHeaderOf(page.headers);
        return fetch(`${proxy.url}${LOGIN_PATH}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: `${fields}&${TOKEN_FIELD}=${encodeURIComponent(token)}`,
        });
      };
      const signedIn = await post(`Email=qa%40hall.example&Pass%77ord=${encodeURIComponent(password)}`);
      expect(signedIn.status, 'the service binds Pass%77ord as Password: signed in').toBe(302);
      const typo = await post(`Email=${encodeURIComponent(password)}&Password=${encodeURIComponent(password)}`);
      expect(await typo.text(), 'the login page echoes the Email field HTML-escaped').toContain(spellings(password)['HTML-escaped']);
      const quoted = `q'uo"te<${randomBytes(4).toString('hex')}`;
      await post(`Email=qa%40hall.example&Password=${quoted}`);
      const dir = scratchDir('proxy-masking');
      proxy.record.write(dir);
      const record = readFileSync(join(dir, 'exchanges.json'), 'utf8');
      expect.soft(leaksIn(record, password), 'spellings of the password in exchanges.json').toEqual([]);
      expect.soft(leaksIn(record, quoted), 'spellings of a password posted with a raw quote').toEqual([]);
      expect.soft(record, 'the login page’s own words').toContain('Invalid login attempt.');
      expect.soft(record, 'the e-mail posted').toContain('Email=qa%40hall.example');
    } finally {
      await proxy.close();
    }
  });
});
