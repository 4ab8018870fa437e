// Every secret the harness handles (password, cookie values, anti-forgery tokens) is
// registered here the moment it is seen, and every text bound for a report, a log or
// an error message passes through `redact` first.
import { TOKEN_FIELD, TOKEN_HEADER } from '../contracts/index.js';
import { SecretMatcher } from './secret-matcher.js';

/** Every secret registered in this process, found in any spelling at a cost that does not grow with their number. */
const secrets = new SecretMatcher();

/** Values shorter than this are not secrets worth masking (a hall id cookie, `true`: they would mask noise). */
export const MIN_SECRET_LENGTH = 6;

/** `always`: mask it whatever its length (the password: a short one is still a secret). */
export function registerSecret(value: string | undefined | null, { always = false } = {}): void {
  if (value && (always || value.length >= MIN_SECRET_LENGTH)) secrets.add(value);
}

export const MASK = '***';

/** The shell variables a replay command (client/evidence/curl.ts) writes for the secrets; the report names them, the reader fills them. */
export const PLACEHOLDERS = {
  cookie: 'HB_COOKIE',
  token: 'HB_TOKEN',
  password: 'HB_PASSWORD',
  baseUrl: 'HB_BASE_URL',
} as const;
const PLACEHOLDER_VALUES = new Set(Object.values(PLACEHOLDERS).map((name) => `$${name}`));
/**
 * `$HB_TOKEN` where a replay command's secret would be: a placeholder, never a secret, so masking it breaks the command.
 * These four only, not any `$NAME` (the scrub's rule for issued values, reporting/artefact-secrets.ts): a password may
 * itself look like a variable.
 */
const isPlaceholder = (value: string): boolean => PLACEHOLDER_VALUES.has(value);

/** Header names (lower-case) that carry session cookies or the token: their values are secrets. */
const SECRET_HEADER_NAMES = ['cookie', 'set-cookie', TOKEN_HEADER.toLowerCase()] as const;
/** Form and JSON field names whose values are secrets: the login form's password and the token field. */
export const SECRET_FIELD_NAMES = ['Password', TOKEN_FIELD] as const;

/**
 * Names of the headers whose whole value is a credential, whatever characters it holds: the session's (cookies, the token) and any a
 * staging server or a gateway in front of it may take (RFC 9110 §11.6.2 Authorization, §11.7.2 Proxy-Authorization;
 * API keys and tokens by the usual `X-…` names).
 */
export const CREDENTIAL_HEADER_NAMES = `(?:${[
  ...SECRET_HEADER_NAMES,
  '(?:proxy-)?authorization',
  'x-[a-z0-9-]*(?:token|key|secret|auth|session|password)[a-z0-9-]*',
  'api-?key',
].join('|')})`;
/** {@link CREDENTIAL_HEADER_NAMES} as a whole name, case-insensitive. */
export const CREDENTIAL_HEADER = new RegExp(`^${CREDENTIAL_HEADER_NAMES}$`, 'i');
/** The headers whose value starts with an authentication scheme (RFC 9110 §11.4). */
const AUTHORIZATION = /^(proxy-)?authorization$/i;
/** `Basic `, `Bearer `, `Digest `: the scheme of an Authorization value, kept (it helps debugging and is no secret). */
const AUTH_SCHEME = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+(?=\S)/;

const FIELD_NAME = new RegExp(`(?:^|[.\\]])(?:${SECRET_FIELD_NAMES.join('|')})$`, 'i');
/**
 * A form name or value as IIS and ASP.NET decode it: `+` a space, `%uXXXX` a UTF-16 unit, runs of
 * `%XX` as UTF-8; an escape that decodes to nothing stays as written. One pass: `%u0025` is a `%`.
 */
const decodeAsServer = (s: string): string =>
  s.replace(/\+/g, ' ').replace(/%u([0-9a-f]{4})|(?:%[0-9a-f]{2})+/gi, (run, unit: string | undefined) => {
    if (unit) return String.fromCharCode(parseInt(unit, 16));
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
/** A form field's name or value as the server decodes it (the one form decoder). */
export const decodeForm = decodeAsServer;
/** A JSON string's content, unescaped (the one JSON string decoder); as written when it is not one. */
export const decodeJson = (s: string): string => {
  try {
    return JSON.parse(`"${s}"`) as string;
  } catch {
    return s;
  }
};
/**
 * Whether a field name, as the request spells it, is a secret field as MVC binds it: names
 * percent-decoded (form) or unescaped (JSON), case-insensitive, a `model.` prefix allowed
 * (`Pass%77ord`, `password`, `model.Password` all bind to Password).
 */
const isSecretField = (name: string, decode: (s: string) => string): boolean =>
  // A name without `%` or `\\` decodes to itself (a form's `+` cannot make one): no decoding for the millions of
  // plain names a run's reports hold.
  FIELD_NAME.test(/[%\\]/.test(name) ? decode(name) : name);

/**
 * `name=value` of a form body or query (the value runs to `&`, `"`, a space or `<`; a `'` stays in
 * it, as encodeURIComponent leaves it), and `"name": "value"` of JSON.
 */
const FORM_PAIR = /(^|[?&\s"'])([^=&?\s"'<>]+)=([^&"\s<]*)/g;
const JSON_PAIR = /"((?:[^"\\]|\\.)*)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
/** A part of a multipart/form-data body (RFC 7578): its name and its value up to the next boundary. */
const MULTIPART_PART = /\bname="([^"]*)"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)\r?\n--/gi;

/** The values of secret fields (password, token) in a form body, query, multipart body or JSON text, decoded. */
export function secretFieldValues(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FORM_PAIR)) if (isSecretField(m[2] as string, decodeForm)) out.push(decodeForm(m[3] as string));
  for (const m of text.matchAll(JSON_PAIR)) if (isSecretField(m[1] as string, decodeJson)) out.push(decodeJson(m[3] as string));
  for (const m of text.matchAll(MULTIPART_PART)) if (isSecretField(m[1] as string, (n) => n)) out.push(m[2] as string);
  return out.filter(Boolean);
}

/**
 * The values of secret fields in a query string or an urlencoded body, split on `&` as the server
 * splits it, so a value sent with a raw `'` or `"` is taken whole; names and values decoded as the
 * server decodes them (`Pass%u0077ord`), the value also as sent.
 */
export function postedSecrets(form: string): string[] {
  const out: string[] = [];
  for (const pair of form.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if (at <= 0 || !FIELD_NAME.test(decodeForm(pair.slice(0, at)))) continue;
    const raw = pair.slice(at + 1);
    if (raw) out.push(decodeForm(raw), raw);
  }
  return out;
}

/**
 * The values of secret fields in a text/plain body (HTML's text/plain form encoding: a `name=value`
 * line per field, nothing escaped): each value whole, to its line's end, whatever its characters.
 */
export function plainTextSecrets(body: string): string[] {
  const out: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at > 0 && at < line.length - 1 && isSecretField(line.slice(0, at), decodeForm)) out.push(line.slice(at + 1));
  }
  return out;
}

/** A text whose fixed words are the harness's own and whose values were masked one by one ({@link maskValues}). */
export class MaskedText {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * A message of the harness's own words around values from the wire or the settings: only the values
 * are masked, so a secret that is also a word of the message (a password `wrong` in "wrong
 * credentials?") is masked where it is data and never in the harness's text.
 */
export const maskValues = (words: TemplateStringsArray, ...values: unknown[]): MaskedText =>
  new MaskedText(words.reduce((out, word, i) => out + word + (i < values.length ? redact(String(values[i])) : ''), ''));

/** Mask a text for a log or a report: a {@link MaskedText} is already masked, as its values were. */
export const maskedText = (text: string | MaskedText): string => (text instanceof MaskedText ? text.text : redact(text));

/**
 * Characters a masked prefix needs past what it shows: half for the masks' shortening of the text, half for a whole
 * secret in its longest spelling (an HTML reference per character, `&#x10FFFF;`, is ten).
 */
export const maskingRoom = (): number => Math.max(4096, 20 * secrets.longest);

/** A JSON string value after a secret field's name, not closed by the end of `text` (which `redact` cannot mask yet). */
const OPEN_JSON_VALUE = /"((?:[^"\\]|\\.)*)"\s*:\s*"(?:[^"\\]|\\.)*$/;
export const endsInSecretValue = (text: string): boolean => {
  const name = OPEN_JSON_VALUE.exec(text)?.[1];
  return name !== undefined && isSecretField(name, decodeJson);
};

export function redact(text: string): string {
  // Registered secrets first: a field's value cut short by the pattern below must not hide the rest of one.
  return secrets
    .replace(text, MASK)
    .replace(FORM_PAIR, (m, pre: string, name: string, value: string) =>
      value && !isPlaceholder(value) && isSecretField(name, decodeForm) ? `${pre}${name}=${MASK}` : m,
    )
    .replace(JSON_PAIR, (m, name: string, sep: string, value: string) =>
      value && !isPlaceholder(value) && isSecretField(name, decodeJson) ? `"${name}"${sep}"${MASK}"` : m,
    );
}

export function redactHeaders(headers: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const value = Array.isArray(v) ? v.join('\n') : v;
    const name = k.toLowerCase();
    if (name === 'cookie' || name === 'set-cookie') out[k] = maskCookieValues(value);
    else out[k] = CREDENTIAL_HEADER.test(name) ? maskCredential(value, AUTHORIZATION.test(name)) : redact(value);
  }
  return out;
}

/** `Authorization: Basic dXNlcjpwYXNz==` → `Basic ***`; any other credential value whole → `***`. */
const maskCredential = (value: string, schemed: boolean): string =>
  value
    .split('\n')
    .map((line) => `${(schemed && AUTH_SCHEME.exec(line)?.[0]) || ''}${MASK}`)
    .join('\n');

/**
 * The secrets a credential header carries, to register before anything is recorded: its value less the scheme, and for
 * `Basic` the password it encodes (RFC 7617: base64 of `user:password`).
 */
export function credentialSecrets(name: string, value: string): string[] {
  if (!CREDENTIAL_HEADER.test(name) || /^(set-)?cookie$/i.test(name)) return [];
  return value.split('\n').flatMap((line) => {
    const schemed = AUTHORIZATION.test(name) ? AUTH_SCHEME.exec(line) : null;
    const scheme = schemed?.[1];
    const token = line.slice(schemed?.[0].length ?? 0).trim();
    if (scheme?.toLowerCase() !== 'basic') return [token];
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    return [token, decoded, decoded.slice(decoded.indexOf(':') + 1)];
  });
}

/** `a=secret; b=x` → `a=***; b=***` (names stay: they help debugging and are not secret). */
const maskCookieValues = (value: string): string =>
  value
    .split('\n')
    .map((line) =>
      line
        .replace(/^([^=;,\s]+)=([^;]*)/, `$1=${MASK}`)
        .replace(/(;\s*)([^=;\s]+)=([^;]*)/g, (m, sep: string, name: string) =>
          /^(path|domain|expires|max-age|samesite)$/i.test(name) ? m : `${sep}${name}=${MASK}`,
        ),
    )
    .join('\n')
    .replace(/^(?!.*=)(.+)$/, MASK);
