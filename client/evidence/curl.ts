// A curl command that replays one recorded exchange: the target's origin, the session cookie,
// the anti-forgery token and the password as shell variables, never their values (README, "Evidence").
import { TOKEN_FIELD, TOKEN_HEADER } from '../../contracts/index.js';
import type { Exchange } from '../exchange.js';
import { MASK, PLACEHOLDERS, SECRET_FIELD_NAMES } from '../secrets.js';

/** Headers curl sets itself, or that a browser adds and a replay does not need. */
const DROPPED = /^(host|content-length|connection|accept-encoding|user-agent|cookie|sec-.*|upgrade-insecure-requests|priority)$/i;

/** One shell word: literal runs single-quoted, the expansions double-quoted, side by side. */
function shellWord(text: string, expansions: ReadonlyArray<readonly [string, string]>): string {
  const parts: string[] = [];
  let rest = text;
  while (rest) {
    let at = -1;
    let hit: readonly [string, string] | undefined;
    for (const e of expansions) {
      const i = rest.indexOf(e[0]);
      if (i >= 0 && (at < 0 || i < at)) [at, hit] = [i, e];
    }
    if (!hit) {
      parts.push(`'${rest.replace(/'/g, `'\\''`)}'`);
      break;
    }
    if (at > 0) parts.push(`'${rest.slice(0, at).replace(/'/g, `'\\''`)}'`);
    parts.push(`"${hit[1]}"`);
    rest = rest.slice(at + hit[0].length);
  }
  return parts.join('') || `''`;
}

const variableOf = (field: string): string =>
  field.toLowerCase() === TOKEN_FIELD.toLowerCase() ? `$${PLACEHOLDERS.token}` : `$${PLACEHOLDERS.password}`;

/** A masked secret field of a form or JSON body, with its value as the variable that stands for it. */
function bodyExpansions(body: string): [string, string][] {
  const out: [string, string][] = [];
  for (const field of SECRET_FIELD_NAMES) {
    const name = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const form = new RegExp(`(?:^|&)((?:model\\.)?${name}=)${MASK.replace(/\*/g, '\\*')}`, 'gi');
    for (const m of body.matchAll(form)) out.push([`${m[1]}${MASK}`, `${m[1]}${variableOf(field)}`]);
    const json = new RegExp(`("${name}"\\s*:\\s*")${MASK.replace(/\*/g, '\\*')}"`, 'gi');
    for (const m of body.matchAll(json)) out.push([`${m[1]}${MASK}"`, `${(m[1] as string).replace(/"/g, '\\"')}${variableOf(field)}\\"`]);
  }
  return out;
}

/**
 * `curl -sS -i …` for a masked exchange: redirects not followed (the client follows them by hand,
 * one exchange each), the origin as `${HB_BASE_URL:-<origin of the run>}`, the cookie as
 * `$HB_COOKIE`, the token header and field as `$HB_TOKEN`, the login form's password as `$HB_PASSWORD`.
 */
export function curlOf(x: Exchange): string {
  const url = new URL(x.url);
  const origin = [url.origin, `\${${PLACEHOLDERS.baseUrl}:-${url.origin}}`] as const;
  const lines = [`curl -sS -i${x.method === 'GET' ? '' : ` -X ${x.method}`} ${shellWord(x.url, [origin])}`];
  const headers = Object.entries(x.requestHeaders);
  for (const [name, value] of headers) {
    if (DROPPED.test(name)) continue;
    const shown = name.toLowerCase() === TOKEN_HEADER.toLowerCase() ? `$${PLACEHOLDERS.token}` : value;
    lines.push(`-H ${shellWord(`${name}: ${shown}`, [origin, [`$${PLACEHOLDERS.token}`, `$${PLACEHOLDERS.token}`]])}`);
  }
  if (headers.some(([name]) => name.toLowerCase() === 'cookie')) lines.push(`-H "Cookie: $${PLACEHOLDERS.cookie}"`);
  if (x.requestBody !== undefined && x.requestBody !== '') {
    lines.push(`--data-raw ${shellWord(x.requestBody, [origin, ...bodyExpansions(x.requestBody)])}`);
  }
  return lines.join(' \\\n  ');
}
