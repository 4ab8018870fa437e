// A JSON answer as the recorded server put it on the wire (settings/seed-file.ts, `wire`): its list shape, its items'
// alias spellings and the fields they carried beyond the contract. A seeded mock answers so; any other answers in its
// own shapes (mock-server/handlers/present.ts).
import { isRecord, itemIdOf, listItems, withItems } from '../contracts/index.js';
import type { AnswerWire } from '../settings/seed-file.js';

/** One item in the recorded spellings (each alias group's value under the spellings seen), its extra fields added. */
function respelled(wire: AnswerWire, item: Record<string, unknown>): Record<string, unknown> {
  const out = { ...item };
  for (const [group, spellings] of Object.entries(wire.spellings ?? {})) {
    const keys = group.split('|');
    const value = keys.map((k) => out[k]).find((v) => v !== undefined);
    if (value === undefined) continue;
    for (const k of keys) delete out[k];
    for (const s of spellings) out[s] = value;
  }
  const id = itemIdOf(out);
  for (const [k, v] of Object.entries((id !== undefined && wire.extra?.[id]) || {})) if (!(k in out)) out[k] = v;
  return out;
}

/** `data` in the recorded wire shape of its endpoint; unchanged when none was recorded. */
export function asRecorded(wire: AnswerWire | undefined, data: unknown): unknown {
  if (!wire) return data;
  const items = listItems(data);
  if (!items) return isRecord(data) ? respelled(wire, data) : data;
  const shown = items.map((x) => (isRecord(x) ? respelled(wire, x) : x));
  if (wire.list === 'array') return shown;
  if (wire.list === 'data') return wire.total ? { Data: shown, Total: shown.length } : { Data: shown };
  return withItems(data, shown);
}
