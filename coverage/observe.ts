// One exchange seen on the wire, by any client, as the coverage items it exercises: the
// route, the status class, each documented query value, body fields, the token, and the
// fields, alias spellings and list shape of a documented answer.
import { isLoginPath, listItems, TOKEN_FIELD, TOKEN_HEADER, type RegistryEntry } from '../contracts/index.js';
import { bodyFields, queryParams, routeOf, type ParamValues } from './model.js';

export interface Observation {
  method: string;
  /** The URL asked for (absolute, or path and query). */
  url: string;
  /** HTTP status, or null when no answer came (reset, close, timeout). */
  status: number | null;
  /** A redirect's Location. */
  location?: string;
  /** Where a client that follows redirects itself ended up (Playwright's request). */
  finalUrl?: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  /** The answer's text, when it is JSON (only documented answers are read). */
  responseBody?: string;
}

function statusKeys(entry: RegistryEntry, o: Observation): string[] {
  if (o.status === null) return ['reset'];
  const toLogin = entry.auth === 'session' && ((o.location && isLoginPath(o.location)) || (o.finalUrl && isLoginPath(o.finalUrl)));
  if (toLogin) return ['login'];
  if (o.status >= 300 && o.status < 400) return ['redirect', 'answer'];
  if (o.status >= 200 && o.status < 300) return ['200', 'answer'];
  return [];
}

const paramsByRoute = new Map<string, ParamValues[]>();

function paramKeys(entry: RegistryEntry, search: URLSearchParams): string[] {
  if (entry.kind !== 'json') return [];
  let params = paramsByRoute.get(entry.id);
  if (!params) paramsByRoute.set(entry.id, (params = queryParams(entry)));
  // Live notes: query names are case-insensitive; MVC binds `True` as `true`.
  const given = new Map([...search].map(([k, v]) => [k.toLowerCase(), v]));
  return params.flatMap((p) => {
    const raw = given.get(p.name.toLowerCase());
    if (raw === undefined) return [];
    if (!p.values) return [p.name];
    const value =
      p.values.find((v) => v.toLowerCase() === raw.toLowerCase()) ??
      (/^-?\d+$/.test(raw) ? p.values.find((v) => v === String(Number(raw))) : undefined) ??
      p.other;
    return value === undefined ? [] : [`${p.name}=${value}`];
  });
}

function bodyKeys(entry: RegistryEntry, body: string | undefined): string[] {
  if (entry.kind !== 'json' || !body) return [];
  try {
    const parsed = JSON.parse(body) as unknown;
    if (!parsed || typeof parsed !== 'object') return [];
    return bodyFields(entry)
      .filter((f) => (parsed as Record<string, unknown>)[f] !== undefined)
      .map((f) => `body.${f}`);
  } catch {
    return [];
  }
}

function tokenKey(entry: RegistryEntry, o: Observation): string | null {
  if (entry.antiForgery === 'none' || o.method.toUpperCase() !== 'POST') return null;
  const carried =
    entry.antiForgery === 'header'
      ? Object.entries(o.requestHeaders ?? {}).some(([k, v]) => k.toLowerCase() === TOKEN_HEADER.toLowerCase() && v !== '')
      : !!new URLSearchParams(o.requestBody ?? '').get(TOKEN_FIELD);
  return carried ? 'with' : 'without';
}

function answerKeys(entry: RegistryEntry, o: Observation): string[] {
  if (entry.kind !== 'json' || !entry.documented || o.status !== 200 || !o.responseBody) return [];
  let data: unknown;
  try {
    data = JSON.parse(o.responseBody);
  } catch {
    return [];
  }
  const items = listItems(data);
  if (!items) return [];
  const keys = new Set<string>([`shape:${Array.isArray(data) ? 'array' : '{Data}'}`]);
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    for (const [k, v] of Object.entries(item)) if (v !== undefined) keys.add(`field:${k}`).add(`alias:${k}`);
  }
  return [...keys];
}

/** The item ids an exchange exercises (ids the model lacks are dropped when counted); none for a path the registry does not know. */
export function hitsOf(o: Observation): string[] {
  const base = new URL(o.url, 'http://target.invalid').origin;
  const url = new URL(o.url, base);
  const entry = routeOf(o.method, url.pathname);
  if (!entry) return [];
  const id = (category: string, what: string) => `${category}:${entry.id}:${what}`;
  const token = tokenKey(entry, o);
  return [
    id(entry.kind === 'json' ? 'endpoint' : 'page', 'called'),
    ...statusKeys(entry, o).map((s) => id('status', s)),
    ...paramKeys(entry, url.searchParams).map((p) => id('param', p)),
    ...bodyKeys(entry, o.requestBody).map((p) => id('param', p)),
    ...(token ? [id('antiForgery', token)] : []),
    ...answerKeys(entry, o).map((k) => {
      const [category, what] = k.split(/:(.*)/s) as [string, string];
      return id(category, what);
    }),
  ];
}

/** Whether a documented JSON answer's body is worth reading for fields (clients that must fetch it asynchronously). */
export function wantsBody(method: string, url: string, status: number): boolean {
  const entry = routeOf(method, new URL(url, 'http://target.invalid').pathname);
  return status === 200 && entry?.kind === 'json' && entry.documented;
}
