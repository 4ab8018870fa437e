// The coverage model: what the registry documents of each endpoint and page, as items a run
// can exercise. Derived, never listed by hand: query enums and booleans give their values, an
// int with bounds its range, a `0 = …` description that value and any other; the rest count when present.
import { z } from 'zod';
import {
  aliasGroupsOf,
  openPoints,
  PUBLIC_ON_LIVE,
  registry,
  routePattern,
  TIME_RANGES,
  type JsonEndpoint,
  type RegistryEntry,
} from '../contracts/index.js';

export type Category = 'endpoint' | 'page' | 'param' | 'status' | 'antiForgery' | 'field' | 'alias' | 'shape' | 'reading';

export interface CoverageItem {
  /** Stable key: `<category>:<route id>:<what>`, as counted in a run's hits. */
  id: string;
  category: Category;
  /** Registry id of the endpoint or page, or the open point of a reading. */
  route: string;
  label: string;
  /** False where the built-in mock cannot play it (a reading it does not play): never held against an offline run. */
  mockPlays: boolean;
}

/** Categories a coverage gate holds a run to (documented endpoints, parameter values, statuses). */
export const GATED: readonly Category[] = ['endpoint', 'page', 'param', 'status'];

/** What one query parameter can be seen as: its documented values, or `null` when only its presence counts. */
export interface ParamValues {
  name: string;
  values: string[] | null;
  /** A value standing for "any other" (`roomId` other than 0). */
  other?: string;
}

export const OTHER_VALUE = '(another value)';

const unwrap = (s: z.ZodType): z.ZodType => {
  let inner = s;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
};
const descriptionOf = (s: z.ZodType): string | undefined =>
  (z.globalRegistry.get(s) as { description?: string } | undefined)?.description ?? z.globalRegistry.get(unwrap(s))?.description;

/** The documented values of one query field, read from its zod schema. */
function paramValues(name: string, schema: z.ZodType): ParamValues {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodEnum) return { name, values: (inner.options as string[]).map(String) };
  if (inner instanceof z.ZodNumber && Number.isSafeInteger(inner.minValue) && Number.isSafeInteger(inner.maxValue)) {
    const [min, max] = [inner.minValue as number, inner.maxValue as number];
    if (max - min <= 20) return { name, values: Array.from({ length: max - min + 1 }, (_, i) => String(min + i)) };
  }
  // A documented special value (`0 = all rooms`): that value, and any other.
  const special = /^(\S+) = /.exec(descriptionOf(schema) ?? '')?.[1];
  if (special) return { name, values: [special, OTHER_VALUE], other: OTHER_VALUE };
  return { name, values: null };
}

/** The query parameters of an endpoint with their documented values. */
export function queryParams(endpoint: JsonEndpoint): ParamValues[] {
  const q = endpoint.query;
  if (!(q instanceof z.ZodObject)) return [];
  return Object.entries(q.shape as Record<string, z.ZodType>).map(([name, s]) => paramValues(name, s));
}

/** Body fields of a JSON post: present or not. */
export function bodyFields(endpoint: JsonEndpoint): string[] {
  return endpoint.body instanceof z.ZodObject ? Object.keys(endpoint.body.shape) : [];
}

/** The item schema and list shapes of a documented answer: a list of objects (bare, or `{Data}` too). */
function answerShape(endpoint: JsonEndpoint): { item: z.ZodObject | null; shapes: string[] } {
  if (!endpoint.documented) return { item: null, shapes: [] };
  let s = unwrap(endpoint.response);
  const shapes: string[] = [];
  if (s instanceof z.ZodUnion) {
    shapes.push('array', '{Data}');
    s = unwrap((s.options as z.ZodType[])[0] as z.ZodType);
  }
  const element = s instanceof z.ZodArray ? unwrap(s.element as z.ZodType) : null;
  return { item: element instanceof z.ZodObject ? element : null, shapes };
}

const label = (p: ParamValues, v: string) =>
  p.name.toLowerCase() === 'timerange' ? `${p.name}=${v} (${TIME_RANGES[Number(v)]})` : `${p.name}=${v}`;

/**
 * The statuses the interface document gives a route: 200; for a page whose effect and answer it
 * does not show (Delete, the booking form posts) any answer; the login post's 302 away and its
 * refusal; the redirect to login of a lost session (Errors); a form post's reset by the request filter (Errors).
 */
function statusesOf(e: RegistryEntry): { key: string; label: string }[] {
  const form = e.kind === 'page' && e.method === 'POST';
  const out =
    e.id === 'submitLoginForm'
      ? [
          { key: 'redirect', label: '302 away (logged in)' },
          { key: '200', label: '200 (refused: the login page again)' },
        ]
      : (e.kind === 'page' && e.writes) || form
        ? [{ key: 'answer', label: 'an answer (not shown in the document)' }]
        : [{ key: '200', label: '200' }];
  // Not for the scheduler reads public clients make without logging in: the live service serves them,
  // and the suite takes either answer there (tests/wire/session.spec.ts).
  if (e.auth === 'session' && !PUBLIC_ON_LIVE.includes(e.id)) out.push({ key: 'login', label: '302 to the login page (no session)' });
  if (form) out.push({ key: 'reset', label: 'connection reset (request filter)' });
  return out;
}

function entryItems(e: RegistryEntry): CoverageItem[] {
  const item = (category: Category, what: string, text: string): CoverageItem => ({
    id: `${category}:${e.id}:${what}`,
    category,
    route: e.id,
    label: text,
    mockPlays: true,
  });
  const items = [item(e.kind === 'json' ? 'endpoint' : 'page', 'called', `${e.method} ${e.path}`)];
  items.push(...statusesOf(e).map((s) => item('status', s.key, s.label)));
  if (e.antiForgery !== 'none' && e.method === 'POST') {
    items.push(item('antiForgery', 'with', 'with the token'), item('antiForgery', 'without', 'without the token'));
  }
  if (e.kind === 'page') return items;
  for (const p of queryParams(e)) {
    if (p.values) items.push(...p.values.map((v) => item('param', `${p.name}=${v}`, label(p, v))));
    else items.push(item('param', p.name, `${p.name} present`));
  }
  items.push(...bodyFields(e).map((f) => item('param', `body.${f}`, `body ${f} present`)));
  const { item: schema, shapes } = answerShape(e);
  items.push(...shapes.map((s) => item('shape', s, `list as ${s}`)));
  if (schema) {
    const aliases = new Set(aliasGroupsOf(schema).flat());
    for (const key of Object.keys(schema.shape)) {
      items.push(aliases.has(key) ? item('alias', key, `${key} (alias spelling)`) : item('field', key, key));
    }
  }
  return items;
}

/** Every reading of every open point; an unplayed one is no target for an offline run. */
function readingItems(): CoverageItem[] {
  return Object.entries(openPoints).flatMap(([point, p]) =>
    p.readings.map((r) => ({
      id: `reading:${point}:${r.id}`,
      category: 'reading' as const,
      route: point,
      label: `${point}=${r.id}`,
      mockPlays: r.played,
    })),
  );
}

/** The whole model, in registry order. */
export const coverageModel = (): CoverageItem[] => [...registry.flatMap(entryItems), ...readingItems()];

const compiled = registry.map((entry) => ({ entry, pattern: routePattern(entry.path) }));

/** The registry entry of a method and path (case-insensitive, `{placeholders}` one segment), or undefined. */
export function routeOf(method: string, pathname: string): RegistryEntry | undefined {
  const m = method.toUpperCase();
  return compiled.find((c) => c.entry.method === m && c.pattern.test(pathname))?.entry;
}

export type { JsonEndpoint };
