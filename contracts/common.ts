// Wire primitives shared by every domain: date formats, GUIDs, colours, the hall-id queries
// several domains take and the alias mechanism. Schemas describe the wire exactly (no transforms),
// so every one of them exports to JSON Schema.
import { z } from 'zod';

/** ISO 8601 local date-time without offset, `YYYY-MM-DDTHH:MM:SS` (interface doc, "Resources and their fields"). */
export const IsoLocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'expected a local date-time YYYY-MM-DDTHH:MM:SS')
  .meta({ id: 'IsoLocalDateTime' });
export type IsoLocalDateTime = z.infer<typeof IsoLocalDateTime>;

/** ISO 8601 date-time as the scheduler takes it: local, or with `Z` / an offset. */
export const IsoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, 'expected an ISO 8601 date-time')
  .meta({ id: 'IsoDateTime' });

/** The grid filter's odd date format `YYYY/MM/DDT00:00:00` (interface doc, GetForHallgrid). */
export const SlashDate = z
  .string()
  .regex(/^\d{4}\/\d{2}\/\d{2}T00:00:00$/, 'expected YYYY/MM/DDT00:00:00')
  .meta({ id: 'SlashDate' });

export const Guid = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'expected a GUID')
  .meta({ id: 'Guid' });
export type Guid = z.infer<typeof Guid>;

/** `#rrggbb` (interface doc, Calendar event `color`). */
export const HexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour #rrggbb')
  .meta({ id: 'HexColour' });

/** Query-string booleans are the strings `true` / `false` (interface doc). */
export const BoolString = z.enum(['true', 'false']);

/** Query-string integers: the wire carries text; the schema accepts a number or its decimal text. */
export const QueryInt = z.coerce.number().int();

/** `timerange`: 0=Today, 1=Last7Days, 2=LastMonth, 3=Last3Months, 4=LastYear, 5=All. */
export const TimeRange = z.coerce.number().int().min(0).max(5);
export const TIME_RANGES = ['Today', 'Last7Days', 'LastMonth', 'Last3Months', 'LastYear', 'All'] as const;

/**
 * An object whose fields may come in either of two spellings (interface doc: "Some
 * responses use `FullName` instead"). Each group needs one spelling present; the
 * groups travel in the schema's metadata so the drift audit can report which
 * spelling a target uses, and JSON Schema gets an equivalent `anyOf`.
 */
export function aliasedObject<Shape extends z.ZodRawShape, Aliases extends Record<string, z.ZodType>>(
  id: string,
  shape: Shape,
  aliases: Aliases,
  groups: ReadonlyArray<readonly [keyof Aliases & string, keyof Aliases & string]>,
) {
  const optionalAliases = Object.fromEntries(Object.entries(aliases).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof Aliases]: z.ZodOptional<Aliases[K]>;
  };
  return z
    .looseObject({ ...shape, ...optionalAliases })
    .superRefine((value, ctx) => {
      const record = value as Record<string, unknown>;
      for (const [a, b] of groups) {
        if (record[a] === undefined && record[b] === undefined) {
          ctx.addIssue({ code: 'custom', path: [a], message: `missing: needs ${a} or its alias ${b}` });
        }
      }
    })
    .meta({
      id,
      'x-aliases': groups.map((g) => [...g]),
      allOf: groups.map(([a, b]) => ({ anyOf: [{ required: [a] }, { required: [b] }] })),
    });
}

/** The alias groups of a schema built by {@link aliasedObject}, if any. */
export function aliasGroupsOf(schema: z.ZodType): string[][] {
  const meta = z.globalRegistry.get(schema) as { 'x-aliases'?: string[][] } | undefined;
  return meta?.['x-aliases'] ?? [];
}

/** Any JSON value: the body of an endpoint whose response the interface document does not show. */
const UnspecifiedJson = z.json().meta({ id: 'UnspecifiedJson', description: 'Body not shown in the interface document' });

/** An endpoint whose answer the interface document does not show: any JSON, and not documented. */
export const unspecified = { response: UnspecifiedJson, documented: false } as const;

/** `?id=` naming the hall (interface doc: the `…/GetForHall` reads of several domains). */
export const HallIdQuery = z.object({ id: QueryInt.meta({ description: 'Hall id' }) });
/** `?id=&timerange=`: a hall and a time range (interface doc, Bookings). */
export const HallIdTimeRangeQuery = z.object({ id: QueryInt, timerange: TimeRange.optional() });
/** `?hallid=`, the lower-case spelling other reads use (interface doc). */
export const LowerHallIdQuery = z.object({ hallid: QueryInt.meta({ description: 'Hall id' }) });
