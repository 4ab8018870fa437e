// Boundaries first: before any random value, every JSON endpoint of the run gets its boundary inputs,
// made from one valid request of its own: each array empty and of one element, each text at and past a
// conventional limit (255 characters, an nvarchar(255) column), each time range reversed and of no length.
// Each is one request, judged as the generated invalid inputs are: refused (4xx) or answered within the
// contract, never a server error. The list is the same on every run against the same data.
import fc from 'fast-check';
import { endpoints, type EndpointId } from '../contracts/index.js';
import { jsonCaseArb, type JsonCase } from './json-cases.js';
import { BOUNDARY_KINDS, TEXT_LIMIT, type BoundaryKind, type Pool } from './values.js';

const DATE = /^\d{4}[-/]\d{2}[-/]\d{2}(T|$)/;
/** The start and end of a range, by name: StartDateTime/EndDateTime, start/end, startDateFrom/startDateTo. */
const RANGES: readonly [RegExp, RegExp][] = [
  [/^start(datetime)?$/i, /^end(datetime)?$/i],
  [/^startdatefrom$/i, /^startdateto$/i],
];

type Fields = Record<string, unknown>;

/** The variants of one valid record, each named by kind and field. */
function variants(fields: Fields): { kind: BoundaryKind; field: string; fields: Fields }[] {
  const out: { kind: BoundaryKind; field: string; fields: Fields }[] = [];
  const also = (kind: BoundaryKind, field: string, change: Fields) => out.push({ kind, field, fields: { ...fields, ...change } });
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      also('empty-array', name, { [name]: [] });
      also('one-element', name, { [name]: value.slice(0, 1).length ? value.slice(0, 1) : [1] });
    } else if (typeof value === 'string' && !DATE.test(value) && !/^-?\d+$/.test(value)) {
      also('at-limit', name, { [name]: 'x'.repeat(TEXT_LIMIT) });
      also('past-limit', name, { [name]: 'x'.repeat(TEXT_LIMIT + 1) });
    }
  }
  for (const [isStart, isEnd] of RANGES) {
    const start = Object.keys(fields).find((k) => isStart.test(k));
    const end = Object.keys(fields).find((k) => isEnd.test(k));
    if (!start || !end || typeof fields[start] !== 'string' || typeof fields[end] !== 'string') continue;
    also('reversed-range', `${start}/${end}`, { [start]: fields[end], [end]: fields[start] });
    also('equal-range', `${start}/${end}`, { [end]: fields[start] });
  }
  return out;
}

/** One valid request of the endpoint, the same on every run (a fixed seed over the listed ids). */
const validCase = (id: EndpointId, pool: Pool): JsonCase | undefined =>
  fc.sample(jsonCaseArb(id, pool, { validOnly: true }), { seed: 1, numRuns: 1 })[0];

/** The boundary requests of the JSON endpoints `ids`, endpoint by endpoint, kinds in BOUNDARY_KINDS order. */
export function boundaryCases(ids: readonly EndpointId[], pool: Pool): JsonCase[] {
  return ids.flatMap((id) => {
    const valid = validCase(id, pool);
    if (!valid) return [];
    const url = new URL(valid.path, 'http://x');
    const query = Object.fromEntries(url.searchParams);
    const body = valid.body ? (JSON.parse(valid.body) as unknown) : undefined;
    const inBody = !!body && typeof body === 'object' && !Array.isArray(body);
    const list = variants(inBody ? (body as Fields) : query).map((v) => {
      const path = inBody ? valid.path : `${url.pathname}?${new URLSearchParams(v.fields as Record<string, string>).toString()}`;
      return { ...valid, kind: v.kind, field: v.field, path, body: inBody ? JSON.stringify(v.fields) : valid.body };
    });
    return list.sort((a, b) => BOUNDARY_KINDS.indexOf(a.kind) - BOUNDARY_KINDS.indexOf(b.kind));
  });
}

/** Whether an endpoint is in the boundary pass: it takes a query or a body, and writes only where the run may. */
export const takesInput = (id: EndpointId, writes: boolean) => {
  const e = endpoints[id];
  return (!!e.query || !!e.body) && (writes || !e.writes) && id !== 'blockUser';
};
