// What a registry entry is (a JSON endpoint or an HTML route) and the builders each domain's
// contract file declares its entries with (CONTRIBUTING.md, One source of truth).
import type { z } from 'zod';

export type Domain = 'account' | 'bookings' | 'customers' | 'catalog' | 'rooms' | 'scheduler';
type Method = 'GET' | 'POST';

/** A JSON endpoint under `/api/`. */
export interface JsonEndpoint<Q extends z.ZodType = z.ZodType, Bd extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  kind: 'json';
  /** Stable camelCase id, used by tests, the client, the mock and the export: the entry's key, stamped by `keyed`. */
  id: string;
  /** The contract file that declares it, and the mock's handler file that serves it (`mock-server/handlers/<domain>.ts`). */
  domain: Domain;
  method: Method;
  /** Path exactly as the interface document spells it (the service is case-insensitive). */
  path: string;
  summary: string;
  /** Query-string schema; absent when the document lists no parameters. */
  query?: Q;
  /** JSON body schema for POSTs. */
  body?: Bd;
  /** Schema of the 200 answer's body. */
  response: R;
  /** False where the document says the body is "not shown" / "unspecified". */
  documented: boolean;
  /**
   * For an endpoint the interface document does not name (yet): where its contract comes from (a
   * release note, a ticket). Absent for the document's own endpoints.
   */
  beyondDocument?: string;
  /** True for calls with a side effect: never run against a remote target without HB_ALLOW_WRITES. */
  writes: boolean;
  auth: 'session';
  antiForgery: 'none' | 'header';
}

/** An HTML page or form route. */
export interface PageRoute {
  kind: 'page';
  id: string;
  domain: Domain;
  method: Method;
  /** Path with `{placeholders}` as in the interface document. */
  path: string;
  summary: string;
  auth: 'none' | 'session';
  antiForgery: 'none' | 'form';
  writes: boolean;
  /** Form fields the page must carry (GET) or the post must send (POST). */
  formFields?: readonly string[];
  /** Schema of a form post's body, where the document names its fields. */
  form?: z.ZodType;
}

export type RegistryEntry = JsonEndpoint | PageRoute;

type JsonInput<Q extends z.ZodType, Bd extends z.ZodType, R extends z.ZodType> = Omit<
  JsonEndpoint<Q, Bd, R>,
  'id' | 'kind' | 'domain' | 'auth' | 'antiForgery' | 'writes'
> & { writes?: boolean };

/** The JSON endpoint builder of one domain: session auth, the header token on POSTs, no writes unless said. */
export const jsonOf =
  <D extends Domain>(domain: D) =>
  <Q extends z.ZodType, Bd extends z.ZodType, R extends z.ZodType>(e: JsonInput<Q, Bd, R>): Omit<JsonEndpoint<Q, Bd, R>, 'id'> => ({
    kind: 'json',
    domain,
    auth: 'session',
    antiForgery: e.method === 'POST' ? 'header' : 'none',
    writes: false,
    ...e,
  });

type PageInput = Omit<PageRoute, 'id' | 'kind' | 'domain' | 'auth' | 'antiForgery' | 'writes'> & Partial<Omit<PageRoute, 'id' | 'domain'>>;
/** The HTML route builder of one domain: session auth, the form token and a write on POSTs unless said. */
export const pageOf =
  <D extends Domain>(domain: D) =>
  (e: PageInput): Omit<PageRoute, 'id'> => ({
    kind: 'page',
    domain,
    auth: 'session',
    antiForgery: e.method === 'POST' ? 'form' : 'none',
    writes: e.method === 'POST',
    ...e,
  });

/** Stamp each entry with its key as `id`, so an id cannot differ from the name it is looked up by. */
type Keyed<T> = { readonly [K in keyof T & string]: T[K] & { readonly id: K } };
export function keyed<T extends Record<string, object>>(entries: T): Keyed<T> {
  return Object.fromEntries(Object.entries(entries).map(([id, e]) => [id, { ...e, id }])) as never;
}
