// Secrets in run artefacts: find them (harvest), mask them (scrub) and look for them
// (scan) in every file a run leaves: text, zips (traces, blobs) and zips inside zips,
// the zip a Playwright HTML report embeds, and the base64 files of a single-file Allure report.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { TOKEN_FIELD } from '../contracts/index.js';
import {
  CREDENTIAL_HEADER_NAMES,
  MASK,
  MIN_SECRET_LENGTH,
  credentialSecrets,
  decodeForm,
  decodeJson,
  registerSecret,
} from '../client/secrets.js';
import { SecretMatcher } from '../client/secret-matcher.js';
import { cookiePairs, setCookiePairs } from '../wire/cookies.js';

type Leaf = (where: string, content: Buffer) => Buffer;

const isZip = (b: Buffer) => b.length > 4 && b.readUInt32LE(0) === 0x04034b50;
const PW_REPORT = /(<template id="playwrightReportBase64">data:application\/zip;base64,)([A-Za-z0-9+/=]*)(<\/template>)/;
const ALLURE_FILE = /\bd\("([^"\\]+)","([A-Za-z0-9+/=]*)"\)/g;
/** Images and videos: compressed, never searched as text, never rewritten. */
const isBinary = (b: Buffer) => b.subarray(0, 1024).includes(0);

/**
 * Walk one artefact; `leaf` sees every innermost file and may return a changed copy, which
 * is written back into its container. Unchanged containers are returned as they were.
 */
function transform(where: string, content: Buffer, leaf: Leaf): Buffer {
  if (isZip(content)) {
    let zip: AdmZip;
    try {
      zip = new AdmZip(content);
    } catch {
      return leaf(where, content);
    }
    let changed = false;
    for (const entry of zip.getEntries()) {
      if (entry.isDirectory) continue;
      const data = entry.getData();
      const out = transform(`${where}!${entry.entryName}`, data, leaf);
      if (out !== data) {
        zip.updateFile(entry, out);
        changed = true;
      }
    }
    return changed ? zip.toBuffer() : content;
  }
  if (isBinary(content)) return leaf(where, content);
  const text = content.toString('utf8');
  const pw = PW_REPORT.exec(text);
  if (pw) {
    const inner = Buffer.from(pw[2] ?? '', 'base64');
    const out = transform(`${where}!report-data.zip`, inner, leaf);
    const page = Buffer.from(text.replace(PW_REPORT, '$1$3'));
    const pageOut = leaf(where, page);
    if (out === inner && pageOut === page) return content;
    return Buffer.from(
      pageOut
        .toString('utf8')
        .replace(PW_REPORT, (_m, open: string, _b64: string, close: string) => `${open}${out.toString('base64')}${close}`),
    );
  }
  if (text.includes('window.allureReportData')) {
    let changed = false;
    const replaced = text.replace(ALLURE_FILE, (all, name: string, b64: string) => {
      const inner = Buffer.from(b64, 'base64');
      const out = transform(`${where}!${name}`, inner, leaf);
      if (out === inner) return all;
      changed = true;
      return `d(${JSON.stringify(name)},${JSON.stringify(out.toString('base64'))})`;
    });
    const page = Buffer.from(replaced);
    const pageOut = leaf(where, page);
    return changed || pageOut !== page ? pageOut : content;
  }
  return leaf(where, content);
}

/** Every file under `path`; with `since`, only those written at or after it (ms since the epoch). */
function* files(path: string, since = 0): Generator<string> {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isFile()) {
    if (stat.mtimeMs >= since) yield path;
    return;
  }
  for (const name of readdirSync(path)) yield* files(join(path, name), since);
}

/** Values of a Cookie header (`a=1; b=2`) or of Set-Cookie lines (`a=1; path=/`, one per line). */
function cookieValues(header: string, setCookie: boolean): string[] {
  // Every pair, a repeated name's too: each value is a secret to find.
  const values = setCookie
    ? setCookiePairs(header.split('\n')).map(([, value]) => value)
    : cookiePairs(header).flatMap((pair) => (pair.indexOf('=') > 0 ? [pair.slice(pair.indexOf('=') + 1)] : []));
  return values.flatMap((v) => [v.trim(), decodeForm(v.trim())]);
}

// The credential header names come from client/secrets.ts, the one list the client's masking uses too.
const HEADERS = CREDENTIAL_HEADER_NAMES;
const JSON_STRING = '((?:[^"\\\\]|\\\\.)*)';
const HEADER_JSON = new RegExp(`"name"\\s*:\\s*"(${HEADERS})"\\s*,\\s*"value"\\s*:\\s*"${JSON_STRING}"`, 'gi');
const HEADER_MAP = new RegExp(`"(${HEADERS})"\\s*:\\s*"${JSON_STRING}"`, 'gi');
const HEADER_LINE = new RegExp(`^\\s*(${HEADERS})\\s*:\\s*(.+)$`, 'gim');
const INPUT_TAG = /<input\b[^>]*>/gi;
const SNAPSHOT_NODE = new RegExp(`\\{[^{}]*"name"\\s*:\\s*"${TOKEN_FIELD}"[^{}]*\\}`, 'g');
/**
 * The token field of a posted form or a JSON body: a name no code spells, with a value the service issued. A token
 * holds no `$`, brace or backtick: what does is a replay command's `$HB_TOKEN` or code (`${token}`) in a trace's sources.
 */
const TOKEN_PAIR = new RegExp(`\\b${TOKEN_FIELD}(?:=|\\\\?"\\s*:\\s*\\\\?")([^&"\`{}$\\s<\\\\]+)`, 'g');

/**
 * The shortest value the artefact scrub masks. A shorter one (a hall id cookie, a short password) is
 * too likely to be part of a report's own code or words: masking it there breaks the report.
 */
const SCRUB_MIN_LENGTH = 8;

/**
 * A shell variable (a replay command's `$HB_TOKEN`, `$API_TOKEN`), or a template's value and what follows it (`${cookie}`,
 * in a trace's sources): code, never a value issued.
 */
const VARIABLE = /^\$(?:\{[A-Za-z_]\w*\}|[A-Z_][A-Z0-9_]*$)/;
/**
 * Never issued, though each stands where a value may: a variable, and the token field's name (the exported document's
 * `x-token-field`, whose key reads as a credential header's).
 */
const notIssued = (v: string) => VARIABLE.test(v) || v === TOKEN_FIELD;

/**
 * Values the service issued, as the artefacts show them: cookie values in Cookie and Set-Cookie
 * headers, the anti-forgery token in its header, its form field and its hidden input. Never a
 * value merely next to a secret-looking name (`e.password=null` in a report's script is code, not a
 * password): the password is known, not harvested.
 */
export function harvest(text: string): Set<string> {
  const found = new Set<string>();
  const add = (v: string | undefined) => {
    if (v && v.length >= MIN_SECRET_LENGTH && !v.includes(MASK) && !notIssued(v)) found.add(v);
  };
  for (const re of [HEADER_JSON, HEADER_MAP, HEADER_LINE]) {
    for (const m of text.matchAll(re)) {
      const value = re === HEADER_LINE ? (m[2] ?? '') : decodeJson(m[2] ?? '');
      const name = (m[1] ?? '').toLowerCase();
      if (name === 'cookie' || name === 'set-cookie') cookieValues(value, name === 'set-cookie').forEach(add);
      else credentialSecrets(name, value).forEach(add);
    }
  }
  for (const m of text.matchAll(TOKEN_PAIR)) add(decodeForm(m[1] ?? ''));
  for (const m of text.matchAll(INPUT_TAG)) {
    // Also inside JSON strings, where the quotes come escaped (`name=\"…\"`).
    if (new RegExp(`\\bname\\s*=\\s*\\\\?["']?${TOKEN_FIELD}\\b`).test(m[0])) add(/\bvalue\s*=\s*\\?"([^"\\]*)/.exec(m[0])?.[1]);
  }
  for (const m of text.matchAll(SNAPSHOT_NODE)) {
    for (const v of m[0].matchAll(/"(?:value|__playwright_value_)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) add(decodeJson(v[1] ?? ''));
  }
  return found;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/**
 * Every spelling of a secret an artefact may hold, written out one by one for the leak scan
 * (independent of the masking's matcher): raw, percent-encoded in either hex case and as a form
 * writes it (`+` for a space), HTML-escaped, JSON-escaped.
 */
function spellings(secrets: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (s.length < MIN_SECRET_LENGTH) continue;
    const encoded = encodeURIComponent(s);
    const form = new URLSearchParams({ s }).toString().slice(2);
    for (const e of [encoded, form]) out.add(e).add(e.replace(/%[0-9A-F]{2}/g, (x) => x.toLowerCase()));
    out.add(s);
    out.add(s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string));
    out.add(JSON.stringify(s).slice(1, -1));
  }
  return [...out].sort((a, b) => b.length - a.length);
}

export interface ScrubResult {
  /** Files rewritten (a container counts once). */
  files: string[];
  /** How many distinct secret values were masked or searched for. */
  secrets: number;
}

/**
 * Mask secrets in every file under `paths`: the `known` ones (the password, the saved
 * session's cookies) and the cookie values and tokens the artefacts show the service issued, each
 * in any spelling, and nothing else: no pattern rewrites a file, so a report's code stays code.
 * Values shorter than {@link SCRUB_MIN_LENGTH} are left. Rewrites files in place; with `since` (a run's start),
 * only the files written since: a run rewrites what it wrote, nothing else in its folders.
 */
export function scrubArtefacts(paths: string[], known: Iterable<string> = [], { since = 0 } = {}): ScrubResult {
  const all = paths.flatMap((p) => [...files(p, since)]);
  const secrets = new Set<string>(known);
  // Each file's texts, read once: a file none of whose texts holds a secret is not unpacked again.
  const texts = new Map<string, string[]>();
  for (const file of all) {
    const own: string[] = [];
    texts.set(file, own);
    transform(file, readFileSync(file), (_where, content) => {
      if (isBinary(content)) return content;
      const text = content.toString('utf8');
      harvest(text).forEach((s) => secrets.add(s));
      own.push(text);
      return content;
    });
  }
  const matcher = new SecretMatcher();
  for (const s of secrets) {
    if (s.length < SCRUB_MIN_LENGTH) continue;
    matcher.add(s);
    // Also for this process's own masking (the summary's lines).
    registerSecret(s);
  }
  const changed: string[] = [];
  for (const file of all) {
    if (!texts.get(file)?.some((text) => matcher.test(text))) continue;
    const before = readFileSync(file);
    const after = transform(file, before, (_where, content) => {
      if (isBinary(content)) return content;
      const text = content.toString('utf8');
      const out = matcher.replace(text, MASK);
      return out === text ? content : Buffer.from(out);
    });
    if (after !== before) {
      writeFileSync(file, after);
      changed.push(file);
    }
  }
  return { files: changed, secrets: matcher.size };
}

export interface LeakHit {
  /** File, with `!entry` for each container it sits in. */
  where: string;
  /** What the secret is (never the secret itself). */
  label: string;
}

/** Every place under `paths` (and in `texts`, e.g. console output) that holds one of `secrets`. */
export function scanArtefacts(paths: string[], secrets: Map<string, string>, texts: Record<string, string> = {}): LeakHit[] {
  const needles = [...secrets].flatMap(([value, label]) => spellings([value]).map((n) => [Buffer.from(n), label] as const));
  const hits: LeakHit[] = [];
  const check = (where: string, content: Buffer) => {
    for (const [needle, label] of needles) {
      if (content.includes(needle)) {
        hits.push({ where, label });
        return;
      }
    }
  };
  for (const [where, text] of Object.entries(texts)) check(where, Buffer.from(text));
  for (const p of paths) {
    for (const file of files(p)) {
      transform(file, readFileSync(file), (where, content) => {
        check(where, content);
        return content;
      });
    }
  }
  return hits;
}
