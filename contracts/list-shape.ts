// The two documented list shapes, a bare array or Kendo-style `{Data: [...], Total?}` (interface
// doc, GetForHallgrid: "A client must accept both"): the schema, reading items, writing them back.
import { z } from 'zod';

/** A list schema accepting either documented shape. */
export function listOf<T extends z.ZodType>(id: string, item: T) {
  return z.union([z.array(item), z.looseObject({ Data: z.array(item), Total: z.number().int().optional() })]).meta({ id });
}

/** The items of a list in either documented shape. */
export function itemsOf<T>(list: T[] | { Data: T[] }): T[] {
  return Array.isArray(list) ? list : list.Data;
}

/** A JSON object (not an array, not null). */
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The items of an unchecked answer that is a list in either documented shape; null when it is no list. */
export function listItems(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data as unknown[];
  return isRecord(data) && Array.isArray(data.Data) ? data.Data : null;
}

/** `items` in the shape of `list`: bare, or `{Data}` with its other fields kept and `Total` honest. */
export function withItems<T>(list: unknown, items: T[]): T[] | { Data: T[]; Total: number } {
  return isRecord(list) && Array.isArray(list.Data) ? { ...list, Data: items, Total: items.length } : items;
}

/** Map the object items of a list answer, keeping its shape; anything else passes unchanged. */
export function mapItems(data: unknown, fn: (item: Record<string, unknown>) => Record<string, unknown>): unknown {
  const items = listItems(data);
  return items
    ? withItems(
        data,
        items.map((x) => (isRecord(x) ? fn({ ...x }) : x)),
      )
    : data;
}

/** An item's id, by the keys the registry's items carry it under (`BookingId`, `UserId`, `ID`, `Id`, `id`). */
export function itemIdOf(item: Record<string, unknown>): string | undefined {
  const key = ['BookingId', 'UserId', 'ID', 'Id', 'id'].find((k) => typeof item[k] === 'number' || typeof item[k] === 'string');
  return key === undefined ? undefined : String(item[key]);
}
