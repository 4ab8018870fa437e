// The password posted in every spelling the server would bind, in every body type, through the proxy
// and the recorder: no file either writes holds it, raw or in any encoding. Field names are decoded as
// IIS and MVC decode them (`%XX`, `%uXXXX`, `+`, any case, a `model.` prefix); values are masked whole,
// whatever their characters. And the mock binds form fields as MVC does: urlencoded and multipart only.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGIN_PATH, TOKEN_FIELD } from '../../../contracts/index.js';
import { scratchDir } from '../../../child-runs/child-run.js';
import { startProxy } from '../../../proxy/server.js';
import { recordHall } from '../../../recording/record-run.js';
import { expect, harnessProxyOptions, test } from '../proxy.fixture.js';
import { awkwardSecret, leaksIn } from './secret-spellings.js';
import { tokensIn } from '../../../client/forms.js';
import { cookieHeaderOf } from '../../../wire/cookies.js';

const EMAIL = 'qa@hall.example';

/** A login post of `password` under the field `name`, in one body type: [content type, body]. */
type Body = (name: string, password: string, token: string, email?: string) => [string, string];
const BOUNDARY = `----hb${randomBytes(6).toString('hex')}`;
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const BODIES: Record<string, Body> = {
  urlencoded: (name, password, token, email = EMAIL) => [
    'application/x-www-form-urlencoded',
    `Email=${encodeURIComponent(email)}&${name}=${encodeURIComponent(password)}&${TOKEN_FIELD}=${encodeURIComponent(token)}`,
  ],
  multipart: (name, password, token, email = EMAIL) => [
    `multipart/form-data; boundary=${BOUNDARY}`,
    `${part('Email', email)}${part(name, password)}${part(TOKEN_FIELD, token)}--${BOUNDARY}--\r\n`,
  ],
  json: (name, password) => ['application/json', `{"Email":${JSON.stringify(EMAIL)},"${name}":${JSON.stringify(password)}}`],
  'text/plain': (name, password, token, email = EMAIL) => [
    'text/plain',
    `Email=${email}\r\n${name}=${password}\r\n${TOKEN_FIELD}=${token}\r\n`,
  ],
};
/** The field names each body type binds to Password, as the server decodes them. */
const NAMES: Record<string, string[]> = {
  urlencoded: ['Password', 'PASSWORD', 'Pass%77ord', 'Pass%u0077ord', '%50ass%57ord', 'model.Password', 'model%2EPassword'],
  multipart: ['Password', 'password', 'model.Password'],
  json: ['Password', 'pAsSwOrD', 'Pass\\u0077ord'],
  'text/plain': ['Password', 'Pass%u0077ord', 'Pass%77ord'],
};
const CASES = Object.entries(NAMES).flatMap(([body, names]) =>
  names.map((name) => ({ body, name, password: `%u0041<%26>${awkwardSecret()}` })),
);

/** Post every case's login to `base` (a proxy), each with its own password. */
async function postEveryCase(base: string): Promise<void> {
  for (const c of CASES) {
    const page = await fetch(`${base}${LOGIN_PATH}`);
    const token = tokensIn(await page.text())[0] ?? '';
    const cookie = cookieHeaderOf(page.headers);
    const [type, body] = BODIES[c.body]!(c.name, c.password, token);
    const reply = await fetch(`${base}${LOGIN_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': type, cookie },
      body,
    });
    await reply.arrayBuffer();
  }
}

/** Every file under `dir`, with its text. */
const filesUnder = (dir: string): [string, string][] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .map((f) => [f, readFileSync(f, 'utf8')]);

/** `body name: spelling in file` for each leak. */
const leaks = (files: [string, string][]) =>
  CASES.flatMap((c) => files.flatMap(([file, text]) => leaksIn(text, c.password).map((how) => `${c.body} ${c.name}: ${how} in ${file}`)));

test.describe('masking by body type', () => {
  test('no file of the proxy or the recorder holds a password posted in any spelling MVC binds, in any body type', async ({
    startMock,
  }) => {
    test.setTimeout(90_000);
    const mock = await startMock();
    const proxy = await startProxy(harnessProxyOptions(mock.url));
    const dir = scratchDir('masking-bodies');
    try {
      await postEveryCase(proxy.url);
      proxy.record.write(join(dir, 'proxy'));
    } finally {
      await proxy.close();
    }
    const { email, password } = mock.context.credentials;
    await recordHall(
      { baseUrl: mock.url, email, password, hallId: mock.context.hallId },
      { file: join(dir, 'hall.seed.json'), writes: false, alongside: postEveryCase, env: {} },
    );
    const files = filesUnder(dir);
    expect.soft(files.map(([f]) => f.slice(dir.length + 1))).toEqual(expect.arrayContaining(['proxy/exchanges.json', 'hall.seed.json']));
    expect(leaks(files)).toEqual([]);
  });

  test('the mock binds a login from urlencoded and multipart bodies only, as MVC does', async ({ startMock }) => {
    const mock = await startMock();
    const { email, password } = mock.context.credentials;
    /** The status of a login with the right password in `body`'s form, labelled with `label`'s content type. */
    const statusOf = async (label: string, body = label) => {
      const page = await fetch(`${mock.url}${LOGIN_PATH}`);
      const token = tokensIn(await page.text())[0] ?? '';
      const cookie = cookieHeaderOf(page.headers);
      const [, text] = BODIES[body]!('Password', password, token, email);
      const [type] = BODIES[label]!('Password', password, token, email);
      const reply = await fetch(`${mock.url}${LOGIN_PATH}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': type, cookie },
        body: text,
      });
      return reply.status;
    };
    expect.soft(await statusOf('urlencoded'), 'urlencoded signs in').toBe(302);
    expect.soft(await statusOf('multipart'), 'multipart signs in').toBe(302);
    expect.soft(await statusOf('text/plain'), 'text/plain binds no field').not.toBe(302);
    expect.soft(await statusOf('text/plain', 'urlencoded'), 'an urlencoded body labelled text/plain binds no field').not.toBe(302);
  });
});
