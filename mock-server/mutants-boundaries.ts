// A server error on a boundary input (the generated checks' boundary pass, fuzz/boundary-cases.ts): an
// empty or one-element array, a text at or past 255 characters, a time range reversed or of no length,
// each answered as an unguarded ASP.NET action answers an exception: HTTP 500. The create and edit forms'
// boundary posts (fuzz/form-cases.ts, fuzz/edit-form-cases.ts) have one mutant each.
import { API_PREFIX, pages } from '../contracts/index.js';
import { isAt, under, type Mutant } from './mutant-kit.js';

type Values = Record<string, unknown>;

/** A form post to `route` whose EndDate comes before its StartDate, answered as an unguarded action answers: HTTP 500. */
const serverErrorOnReversedPost =
  (route: { path: string }): Mutant['intercept'] =>
  async (request, next) => {
    if (request.method !== 'POST' || !isAt(request, route)) return next(request);
    const form = new URLSearchParams(await request.clone().text());
    const [start, end] = [form.get('StartDate'), form.get('EndDate')];
    const reversed = !!start && !!end && end < start;
    return reversed ? new Response('Object reference not set to an instance of an object.', { status: 500 }) : next(request);
  };

/** A JSON body's fields, or a query's. */
async function valuesOf(request: Request): Promise<Values> {
  const query: Values = Object.fromEntries(new URL(request.url).searchParams);
  if (request.method !== 'POST' || !(request.headers.get('content-type') ?? '').includes('json')) return query;
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as unknown;
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...query, ...(body as Values) } : query;
}

const pairs: [RegExp, RegExp][] = [
  [/^start(datetime)?$/i, /^end(datetime)?$/i],
  [/^startdatefrom$/i, /^startdateto$/i],
];
/** The time ranges of the request: each start and its end, as sent. */
const rangesOf = (v: Values): [string, string][] =>
  pairs.flatMap(([s, e]) => {
    const start = Object.keys(v).find((k) => s.test(k));
    const end = Object.keys(v).find((k) => e.test(k));
    return start && end && typeof v[start] === 'string' && typeof v[end] === 'string' ? [[v[start], v[end]] as [string, string]] : [];
  });

/** 500 on an /api/ request whose fields meet `meets`. */
const serverErrorWhen =
  (meets: (v: Values) => boolean): Mutant['intercept'] =>
  async (request, next) =>
    isAt(request, under(API_PREFIX)) && meets(await valuesOf(request))
      ? new Response('Object reference not set to an instance of an object.', { status: 500 })
      : next(request);

const arrays = (v: Values) => Object.values(v).filter((x): x is unknown[] => Array.isArray(x));
const texts = (v: Values) => Object.values(v).filter((x): x is string => typeof x === 'string');

export const boundaryMutants = [
  {
    id: 'server-error-on-empty-array',
    area: 'wire',
    breaks: 'an empty array where a list is expected (Rooms: []) is refused or answered, never a server error',
    intercept: serverErrorWhen((v) => arrays(v).some((a) => a.length === 0)),
  },
  {
    id: 'server-error-on-one-element-array',
    area: 'wire',
    breaks: 'a one-element array is answered, never a server error',
    intercept: serverErrorWhen((v) => arrays(v).some((a) => a.length === 1)),
  },
  {
    id: 'server-error-at-text-limit',
    area: 'wire',
    breaks: 'a text of 255 characters is answered, never a server error',
    intercept: serverErrorWhen((v) => texts(v).some((t) => t.length === 255)),
  },
  {
    id: 'server-error-past-text-limit',
    area: 'wire',
    breaks: 'a text past 255 characters is refused or answered, never a server error',
    intercept: serverErrorWhen((v) => texts(v).some((t) => t.length === 256)),
  },
  {
    id: 'server-error-on-reversed-range',
    area: 'wire',
    breaks: 'a time range whose end comes before its start is refused or answered, never a server error',
    intercept: serverErrorWhen((v) => rangesOf(v).some(([s, e]) => e < s)),
  },
  {
    id: 'server-error-on-equal-range',
    area: 'wire',
    breaks: 'a time range of no length (end equal to start) is refused or answered, never a server error',
    intercept: serverErrorWhen((v) => rangesOf(v).some(([s, e]) => e === s)),
  },
  {
    id: 'create-form-error-on-reversed-range',
    area: 'bookings',
    breaks: 'a create post whose EndDate comes before its StartDate is refused or stored, never a server error',
    intercept: serverErrorOnReversedPost(pages.submitCreateBookingForm),
  },
  {
    id: 'edit-form-error-on-reversed-range',
    area: 'bookings',
    breaks: 'an edit post whose EndDate comes before its StartDate is refused or saved, never a server error',
    intercept: serverErrorOnReversedPost(pages.submitEditBookingForm),
  },
] as const satisfies readonly Mutant[];
