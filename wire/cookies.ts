// Cookies, read one way in the whole repository (the mock, the clients, the proxy, the scrub): a
// Set-Cookie line by tough-cookie's parser, as the client's jar reads it; a Cookie header as a server
// reads it (RFC 6265, 5.4), names and values exactly as sent, which no library offers.
import { Cookie } from 'tough-cookie';

/** A Set-Cookie line as a browser reads it (tough-cookie, loose: a line without `=` is a value); undefined when it reads none. */
export const setCookieOf = (line: string): Cookie | undefined => Cookie.parse(line, { loose: true }) ?? undefined;

/** The pairs of a Cookie header as sent, each without the spaces and tabs around it (RFC 6265, 5.4). */
export const cookiePairs = (header: string | null): string[] =>
  (header ?? '')
    .split(';')
    .map((part) => part.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter(Boolean);

/** A Cookie header of these cookies, in order (RFC 6265, 5.4). */
export const cookieHeader = (jar: Record<string, string>): string =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/**
 * The Cookie header as a server reads it (RFC 6265, 5.4: `name=value` pairs joined by `; `): names
 * and values exactly as sent, neither trimmed inside the pair nor percent-decoded, so a cookie
 * spelled otherwise (`%2E` for a dot, a space before `=`) is another cookie, as on the service.
 * The first pair of a name wins.
 */
export function parseCookieHeader(header: string | null): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const pair of cookiePairs(header)) {
    const i = pair.indexOf('=');
    if (i <= 0) continue;
    const name = pair.slice(0, i);
    if (!Object.hasOwn(out, name)) out[name] = pair.slice(i + 1);
  }
  return out;
}

/** The name and value of each Set-Cookie line a browser reads, in order. */
export const setCookiePairs = (lines: readonly string[]): [string, string][] =>
  lines.flatMap((line) => {
    const cookie = setCookieOf(line);
    return cookie?.key ? [[cookie.key, cookie.value] as [string, string]] : [];
  });

/** The Cookie header that sends back what an answer's Set-Cookie lines set. */
export const cookieHeaderOf = (headers: Headers): string => cookieHeader(Object.fromEntries(setCookiePairs(headers.getSetCookie())));
