// Generated requests to the registry's JSON endpoints: a valid query or body built from the
// endpoint's own zod schema and the target's listed ids, then, by kind, one field made invalid.
// A case is plain data (method, path with query, body as sent), so a failure replays as it was.
import fc from 'fast-check';
import { endpoints, type EndpointId, type JsonEndpoint } from '../contracts/index.js';
import { fieldsOf, isDate, type Field } from './schema-fields.js';
import { INPUT_KINDS, validValue, valueOfKind, type BoundaryKind, type InputKind, type Pool, type Role, type Wire } from './values.js';

/** One generated request to a JSON endpoint, as sent. */
export interface JsonCase {
  check: 'json';
  endpoint: EndpointId;
  /** A generated kind, or a boundary kind of fuzz/boundary-cases.ts. */
  kind: InputKind | BoundaryKind;
  /** The field the kind was applied to (absent for `valid`). */
  field?: string;
  method: 'GET' | 'POST';
  /** Path and query string. */
  path: string;
  /** The JSON body as sent. */
  body?: string;
}

/** What a field stands for: the schema says "int", the interface document says whose id. */
function roleOf(endpoint: EndpointId, name: string): Role | undefined {
  const n = name.toLowerCase();
  if (n === 'hallid') return 'hall';
  if (n === 'id') return endpoint === 'listChildBookings' ? 'parent' : endpoint === 'listLineItems' ? 'lineItemGroup' : 'hall';
  if (n === 'customerid' || n === 'uid') return 'customer';
  if (n === 'roomid') return 'room';
  if (n === 'rooms') return 'rooms';
  if (n === 'pricerateid') return 'priceRate';
  if (n === 'daterangeid') return 'dateRange';
  if (n === 'year') return 'year';
  return undefined;
}

type Values = Record<string, unknown>;

/** A valid record of the fields: every required one, optional ones at random, date pairs in order. */
function validRecord(endpoint: EndpointId, fields: Field[], pool: Pool): fc.Arbitrary<Values> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fields) model[f.name] = validValue(f.type, pool, roleOf(endpoint, f.name));
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const dates = fields.filter((f) => isDate(f.type)).map((f) => f.name);
  return fc
    .record(model, { requiredKeys: required })
    .filter((v) => dates.length < 2 || v[dates[0] as string] === undefined || v[dates[0] as string] !== v[dates[1] as string])
    .map((v) => {
      // A window's start before its end (startDateFrom/To, start/end, StartDateTime/EndDateTime): one format per pair.
      const [a, b] = dates;
      if (a && b && typeof v[a] === 'string' && typeof v[b] === 'string' && v[a] > v[b]) {
        return { ...v, [a]: v[b], [b]: v[a] };
      }
      return v;
    });
}

/** The kinds of input that apply to some field of a schema (a kind with no field it fits is never drawn). */
function applicable(fields: Field[], wire: Wire, pool: Pool): { kind: InputKind; field: Field; value: fc.Arbitrary<unknown> }[] {
  const out: { kind: InputKind; field: Field; value: fc.Arbitrary<unknown> }[] = [];
  const kinds = INPUT_KINDS.filter((k): k is Exclude<InputKind, 'valid'> => k !== 'valid');
  for (const field of fields) {
    for (const kind of kinds) {
      const value = valueOfKind(field, kind, wire, pool);
      if (value) out.push({ kind, field, value });
    }
  }
  return out;
}

/** The request of an endpoint for a record; a bracketed key name stands for the kind `brackets` in names. */
function buildRequest(endpoint: JsonEndpoint, query: Values | undefined, body: Values | undefined): { path: string; body?: string } {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined) params.append(k, typeof v === 'object' ? JSON.stringify(v) : `${v as string | number | boolean}`);
  const qs = params.toString();
  return { path: `${endpoint.path}${qs ? `?${qs}` : ''}`, body: endpoint.method === 'POST' ? JSON.stringify(body ?? {}) : undefined };
}

/** Every endpoint's cases: valid ones and, by kind, invalid ones, mixed about half and half. */
export function jsonCaseArb(id: EndpointId, pool: Pool, opts: { validOnly?: boolean } = {}): fc.Arbitrary<JsonCase> {
  const endpoint: JsonEndpoint = endpoints[id];
  const inBody = !!endpoint.body;
  const schema = endpoint.body ?? endpoint.query;
  const fields = fieldsOf(schema);
  const wire: Wire = inBody ? 'json' : 'query';
  const base = fields.length ? validRecord(id, fields, pool) : fc.constant<Values>({});
  const toCase = (kind: InputKind, record: Values, field?: string): JsonCase => {
    const req = buildRequest(endpoint, inBody ? undefined : record, inBody ? record : undefined);
    return { check: 'json', endpoint: id, kind, field, method: endpoint.method, ...req };
  };
  const valid = base.map((r) => toCase('valid', r));
  const variants = applicable(fields, wire, pool);
  if (opts.validOnly) return valid;
  if (!variants.length) {
    if (endpoint.method !== 'GET') return valid;
    // An endpoint without parameters still meets brackets and markup in parameters it does not take.
    const stray = fc
      .constantFrom<[string, string]>(['x[0]', '1'], ['id', '[1]'], ['q', '<i>'])
      .map(([k, v]): JsonCase => ({ ...toCase('brackets', {}, k), path: `${endpoint.path}?${new URLSearchParams([[k, v]])}` }));
    return fc.oneof(valid, stray);
  }
  // A kind first, then one of its fields: a kind that fits one field (a date) is drawn as often as one that fits all.
  const kinds = [...new Set(variants.map((v) => v.kind))];
  const variantOfKind = fc.constantFrom(...kinds).chain((k) => fc.constantFrom(...variants.flatMap((v, i) => (v.kind === k ? [i] : []))));
  const invalid = fc.tuple(base, variantOfKind, fc.boolean()).chain(([record, i, inName]) => {
    const { kind, field, value } = variants[i] as (typeof variants)[number];
    return value.map((v) => {
      const r = { ...record };
      if (kind === 'brackets' && inName) {
        // Brackets in a parameter *name* (percent-encoded in a query string, literal in a JSON key).
        r[`${field.name}[0]`] = r[field.name] ?? '1';
        delete r[field.name];
      } else if (v === undefined) delete r[field.name];
      else r[field.name] = v;
      return toCase(kind, r, kind === 'brackets' && inName ? `${field.name}[0]` : field.name);
    });
  });
  return fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: invalid, weight: 3 });
}
