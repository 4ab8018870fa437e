// Values for one field, from its kind: valid ones (real dates, ids the target itself listed) and,
// by kind, the ones a careless server answers 500 to (wrong type, off the enum, malformed and
// impossible dates, overflowing ids, empty and huge arrays, over-long, non-ASCII and markup text).
import fc from 'fast-check';
import { addDays } from '../contracts/service-time.js';
import type { Field, FieldKind } from './schema-fields.js';

/** Values the target itself listed, so valid inputs name things that exist (client/discovery.ts). */
export interface Pool {
  hallId: number;
  /** `YYYY-MM-DD` of the service's today. */
  today: string;
  bookingIds: number[];
  parentIds: number[];
  customerIds: string[];
  roomIds: number[];
  priceRateIds: number[];
  lineItemGroupIds: number[];
  dateRangeIds: number[];
}

/** What a field stands for, which decides its valid values (the schema says only "int" or "GUID"). */
export type Role = 'hall' | 'booking' | 'parent' | 'customer' | 'room' | 'rooms' | 'priceRate' | 'lineItemGroup' | 'dateRange' | 'year';

/** Kinds of generated input. `valid` must be answered within the contract; the others must never break the server. */
export const INPUT_KINDS = [
  'valid',
  'wrong-type',
  'missing-required',
  'off-enum',
  'malformed-date',
  'impossible-date',
  'overflow',
  'unknown-id',
  'empty-array',
  'huge-array',
  'over-long',
  'non-ascii',
  'markup',
  'brackets',
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** The conventional text limit: an nvarchar(255) column, the commonest in ASP.NET models. */
export const TEXT_LIMIT = 255;
/** The boundary kinds (fuzz/boundary-cases.ts), in the order a run sends them. */
export const BOUNDARY_KINDS = ['empty-array', 'one-element', 'at-limit', 'past-limit', 'reversed-range', 'equal-range'] as const;
export type BoundaryKind = (typeof BOUNDARY_KINDS)[number];

/** Where a value travels: query strings and form bodies carry text, JSON bodies carry JSON types. */
export type Wire = 'query' | 'json' | 'form';

const pick = <T>(xs: readonly T[], fallback: T): fc.Arbitrary<T> => (xs.length ? fc.constantFrom(...xs) : fc.constant(fallback));

/** A real calendar day within about a year of today, as `YYYY-MM-DD`. */
const dayArb = (today: string, span = 400): fc.Arbitrary<string> => fc.integer({ min: -span, max: span }).map((d) => addDays(today, d));
const timeArb = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${pad(h)}:${pad(m)}:00`);
const pad = (n: number) => String(n).padStart(2, '0');

/** A day and time in the field's format (contracts/common.ts: IsoLocalDateTime, IsoDateTime with `Z`, SlashDate at midnight). */
function formatDate(format: string, day: string, time = '00:00:00'): string {
  if (format === 'SlashDate') return `${day.replace(/-/g, '/')}T00:00:00`;
  if (format === 'IsoDateTime') return `${day}T${time}Z`;
  return `${day}T${time}`;
}

/** A valid value of a field that stands for `role`, or by its kind alone. */
export function validValue(type: FieldKind, pool: Pool, role?: Role): fc.Arbitrary<unknown> {
  switch (role) {
    case 'hall':
      return fc.constant(pool.hallId);
    case 'booking':
      return pick(pool.bookingIds, 1);
    case 'parent':
      return pick(pool.parentIds.length ? pool.parentIds : pool.bookingIds, 1);
    case 'customer':
      return pick(pool.customerIds, '00000000-0000-0000-0000-000000000000');
    case 'room':
      return pick([0, ...pool.roomIds], 0);
    case 'rooms':
      return pool.roomIds.length ? fc.subarray(pool.roomIds, { minLength: 1 }) : fc.constant([]);
    case 'priceRate':
      return pick(pool.priceRateIds, 1);
    case 'lineItemGroup':
      return pick(pool.lineItemGroupIds, 1);
    case 'dateRange':
      return pick(pool.dateRangeIds, 1);
    case 'year':
      return fc.integer({ min: Number(pool.today.slice(0, 4)) - 3, max: Number(pool.today.slice(0, 4)) + 2 });
    default:
  }
  switch (type.kind) {
    case 'int':
      return fc.integer({ min: type.min ?? 0, max: type.max ?? 1000 });
    case 'enum':
      return fc.constantFrom(...type.values);
    case 'bool':
      return fc.boolean();
    case 'format':
      if (type.format === 'Guid') return fc.uuid();
      return fc.tuple(dayArb(pool.today), timeArb).map(([d, t]) => formatDate(type.format, d, t));
    case 'string':
      return fc.string({ minLength: Math.max(1, type.minLength ?? 1), maxLength: 20 });
    case 'array':
      return fc.array(validValue(type.item, pool), { maxLength: 4 });
    default:
      return fc.constant({});
  }
}

/** Letters only, never a member of the enum in any case (MVC binds enum names case-insensitively, and numbers). */
const offEnum = (values: string[]) =>
  fc
    .stringMatching(/^[A-Za-z]{1,12}$/)
    .filter((s) => !values.some((v) => v.toLowerCase() === s.toLowerCase()) && !/^(true|false)$/i.test(s));

/** Text no date parser reads as a date. */
const malformedDate = fc.oneof(
  fc.constantFrom('not-a-date', 'yesterday', '2026-01', '01/02', 'T10:00:00', '--', '2026--01--01', '20260101T1000'),
  fc.stringMatching(/^[a-z]{1,10}$/),
);

/** The format's shape with values no calendar has (month 13, 30 February, hour 25, minute 61). */
const impossibleDate = (format: string) =>
  fc
    .constantFrom(
      ['2026-02-30', '10:00:00'],
      ['2026-13-01', '10:00:00'],
      ['2026-00-10', '10:00:00'],
      ['2025-02-29', '10:00:00'],
      ['2026-04-31', '25:00:00'],
      ['2026-06-15', '23:61:00'],
      ['0000-00-00', '00:00:00'],
    )
    .map(([d, t]) => formatDate(format, d as string, t));

/** Markup that shows as text when escaped and injects an element or attribute when not. */
export const MARKUP_PROBE = 'data-hb-probe';
export const markupArb: fc.Arbitrary<string> = fc.constantFrom(
  `<i ${MARKUP_PROBE}="1">x</i>`,
  `"><i ${MARKUP_PROBE}="2">`,
  `'><i ${MARKUP_PROBE}="3">`,
  `</textarea><i ${MARKUP_PROBE}="4">`,
  `</title><i ${MARKUP_PROBE}="5">`,
  `<script ${MARKUP_PROBE}="6">window.hbProbe=1</script>`,
  `" ${MARKUP_PROBE}="7" x="`,
  `<img src=x ${MARKUP_PROBE}="8">&amp;&lt;`,
);

const nonAscii = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }).filter((s) => /[^\x20-\x7e]/.test(s) && !/\0/.test(s));

/** Text for a string field of each kind, sized for where it travels (a query string stays under common URL limits). */
function textOf(kind: InputKind, wire: Wire): fc.Arbitrary<string> {
  switch (kind) {
    case 'over-long':
      return fc.integer({ min: wire === 'query' ? 300 : 2000, max: wire === 'query' ? 3000 : 40_000 }).map((n) => 'x'.repeat(n));
    case 'non-ascii':
      return nonAscii;
    case 'markup':
      return markupArb;
    default:
      return fc.constantFrom('[0]', 'a[b]c', '[]', ']['); // brackets in a value
  }
}

/** An input of `kind` for one field, or null when the kind does not apply to it. */
export function valueOfKind(field: Field, kind: InputKind, wire: Wire, pool: Pool): fc.Arbitrary<unknown> | null {
  const t = field.type;
  const text = wire !== 'json';
  switch (kind) {
    case 'wrong-type':
      if (t.kind === 'int')
        return text ? fc.constantFrom('abc', '1.5', 'true', '1,000', '0x10', 'NaN') : fc.constantFrom('abc', true, null, [1], { n: 1 });
      if (t.kind === 'array') return text ? null : fc.constantFrom('1,2', 7, { 0: 1 }, null, true);
      if (t.kind === 'format' || t.kind === 'enum' || t.kind === 'string') return text ? null : fc.constantFrom(42, true, [], { a: 1 });
      return null;
    case 'missing-required':
      return field.required ? fc.constant(undefined) : null;
    case 'off-enum':
      return t.kind === 'enum' ? offEnum(t.values) : null;
    case 'malformed-date':
      return t.kind === 'format' && t.format !== 'Guid' ? malformedDate : null;
    case 'impossible-date':
      return t.kind === 'format' && t.format !== 'Guid' ? impossibleDate(t.format) : null;
    case 'overflow': {
      if (t.kind !== 'int') return null;
      const big = fc.constantFrom(2147483648, -2147483649, 9007199254740991, -1);
      return text ? big.map(String) : big;
    }
    case 'unknown-id':
      if (t.kind === 'int') return fc.integer({ min: 100_000, max: 2_000_000_000 }).map((n) => (text ? String(n) : n));
      if (t.kind === 'format' && t.format === 'Guid') return fc.uuid();
      return null;
    case 'empty-array':
      return t.kind === 'array' && !text ? fc.constant([]) : null;
    case 'huge-array':
      return t.kind === 'array' && !text
        ? fc.integer({ min: 1000, max: 5000 }).map((n) => Array.from({ length: n }, (_, i) => i + 1))
        : null;
    case 'over-long':
    case 'non-ascii':
    case 'markup':
    case 'brackets':
      return t.kind === 'int' && !text ? null : t.kind === 'array' ? null : textOf(kind, wire);
    default:
      return validValue(t, pool);
  }
}
