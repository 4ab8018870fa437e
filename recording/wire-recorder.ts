// How the recorded server put its JSON answers on the wire, read from each answer that kept its contract (the drift
// audit's walk, client/drift.ts): the list shape, the alias spellings of its items, and the fields its items carried
// beyond the contract, by item id. The seed keeps it (settings/seed-file.ts, `wire`), and the seeded mock answers so.
import { endpoints, isRecord, itemIdOf, listItems, type JsonEndpoint } from '../contracts/index.js';
import { auditBody } from '../client/drift.js';
import type { AnswerWire } from '../settings/seed-file.js';
import type { ObservedExchange } from './observed.js';

type Fields = NonNullable<AnswerWire['extra']>[string];
/** Where the audit's walk names a list's items (`$[]`, `$.Data[]`) or an object answer (`$`). */
const ITEM_PATH = /^\$(?:\.Data)?\[\]$|^\$$/;

export class WireRecorder {
  /** By registry id. */
  readonly wire: Record<string, AnswerWire> = {};

  observe(x: ObservedExchange): void {
    const endpoint = (endpoints as Record<string, JsonEndpoint | undefined>)[x.endpointId];
    if (!endpoint || x.status !== 200 || x.responseBody === undefined || !endpoint.documented) return;
    let json: unknown;
    try {
      json = JSON.parse(x.responseBody);
    } catch {
      return;
    }
    if (!endpoint.response.safeParse(json).success) return;
    const { aliases, unknownKeys } = auditBody(endpoint.response, json);
    const wire = (this.wire[endpoint.id] ??= {});
    const shape = aliases['$ list shape'];
    if (shape?.length === 1) {
      wire.list = shape[0] === 'array' ? 'array' : 'data';
      wire.total = isRecord(json) && 'Total' in json;
    }
    for (const [key, seen] of Object.entries(aliases)) {
      const [path, group] = key.split(' ');
      if (!group || !ITEM_PATH.test(path ?? '') || group === 'list') continue;
      const spellings = seen.flatMap((s) => s.split('+')).filter((s) => s !== '(none)');
      if (spellings.length) (wire.spellings ??= {})[group] = [...new Set([...(wire.spellings?.[group] ?? []), ...spellings])].sort();
    }
    const extraKeys = unknownKeys.map((k) => /^(\$(?:\.Data)?\[\]|\$)\.([^.[\]]+)$/.exec(k)?.[2]).filter((k): k is string => !!k);
    if (extraKeys.length) this.extra(wire, json, extraKeys);
  }

  /** The fields beyond the contract of each item that has an id. */
  private extra(wire: AnswerWire, json: unknown, keys: string[]): void {
    const items = listItems(json) ?? [json];
    for (const item of items.filter(isRecord)) {
      const id = itemIdOf(item);
      if (id === undefined) continue;
      const fields = Object.fromEntries(keys.filter((k) => k in item).map((k) => [k, item[k]]));
      if (Object.keys(fields).length) (wire.extra ??= {})[id] = { ...wire.extra?.[id], ...(fields as Fields) };
    }
  }
}

/**
 * The wire with the text of its extra fields replaced (`(text, 12 characters)`): a field the contract does not name may
 * hold anything, a person's address included. Numbers, flags and the fields themselves stay.
 */
export function withoutText(wire: Record<string, AnswerWire>): Record<string, AnswerWire> {
  const scrub = (v: unknown): unknown =>
    typeof v === 'string' ? `(text, ${v.length} characters)` : Array.isArray(v) ? v.map(scrub) : isRecord(v) ? scrubAll(v) : v;
  const scrubAll = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, scrub(v)]));
  return Object.fromEntries(
    Object.entries(wire).map(([id, w]) => [
      id,
      w.extra ? { ...w, extra: Object.fromEntries(Object.entries(w.extra).map(([item, f]) => [item, scrubAll(f) as Fields])) } : w,
    ]),
  );
}
