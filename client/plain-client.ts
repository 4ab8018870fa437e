// A client built the way the public Python client that works against the live service is
// (live notes, "Login and tokens", "Booking form"): plain fetch, a cookie jar, tokens read
// from pages, urlencoded posts. Deliberately independent of the rest of client/, so the harness's
// real-client checks do not share the suite client's assumptions.
import * as cheerio from 'cheerio/slim';
import { TOKEN_FIELD, pagePath } from '../contracts/index.js';
import { setCookiePairs } from '../wire/cookies.js';

export interface PlainReply {
  status: number;
  location: string;
  contentType: string;
  bytes: Uint8Array;
  /** The body decoded by the charset its Content-Type names (ISO-8859-1 when it names none, as HTTP/1.1 had it). */
  text: string;
}

/** The charset a Content-Type names, or ISO-8859-1 (RFC 2616 §3.7.1, what a header-led client falls back to). */
const charsetOf = (contentType: string): string => /;\s*charset=([^;\s]+)/i.exec(contentType)?.[1]?.replace(/"/g, '') ?? 'iso-8859-1';

export class PlainClient {
  private readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** One request, no redirects followed; cookies kept as the server sets them (names not hard-coded). */
  async request(
    path: string,
    init: { method?: string; form?: [string, string][]; headers?: Record<string, string> } = {},
  ): Promise<PlainReply> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      // encodeURIComponent sends `[`/`]` as %5B/%5D (live notes: a literal bracket gets a reset).
      body = init.form.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    }
    const reply = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const [name, value] of setCookiePairs(reply.headers.getSetCookie())) this.jar.set(name, value);
    const bytes = new Uint8Array(await reply.arrayBuffer());
    const contentType = reply.headers.get('content-type') ?? '';
    return {
      status: reply.status,
      location: reply.headers.get('location') ?? '',
      contentType,
      bytes,
      text: new TextDecoder(charsetOf(contentType)).decode(bytes),
    };
  }

  /** GET a page and read its first `__RequestVerificationToken` (live notes: any of a page's tokens is valid). */
  async page(path: string): Promise<{ reply: PlainReply; $: cheerio.CheerioAPI; token: string }> {
    const reply = await this.request(path);
    const $ = cheerio.load(reply.text);
    return { reply, $, token: $(`input[name="${TOKEN_FIELD}"]`).first().attr('value') ?? '' };
  }

  /** Log in as the working client does; the reply is the login post's (302 away from login on success). */
  async logIn(email: string, password: string): Promise<PlainReply> {
    const { token } = await this.page(pagePath('loginPage'));
    return this.request(pagePath('submitLoginForm'), {
      form: [
        ['Email', email],
        ['Password', password],
        [TOKEN_FIELD, token],
      ],
    });
  }

  /** GET a JSON endpoint and parse its answer. */
  async getJson<T>(path: string): Promise<T> {
    const reply = await this.request(path, { headers: { accept: 'application/json' } });
    if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
    return JSON.parse(reply.text) as T;
  }

  /** GET a JSON list; lists come bare or as `{Data}` (live notes), returned as the array. */
  async json<T = Record<string, unknown>>(path: string): Promise<T[]> {
    const data = await this.getJson<T[] | { Data: T[] }>(path);
    return Array.isArray(data) ? data : data.Data;
  }
}
