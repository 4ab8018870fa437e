// Where a value the suite reads came from: the answer (its exchange) and the value's path in the body. A registry call
// notes every object and array of its checked answer; a check of the suite that finds a value wrong blames that value's
// answer, and a failed test's evidence is the answer it blamed (fixtures/evidence.ts), not the test's last exchange.
import type { Exchange } from '../exchange.js';

export interface Origin {
  exchange: Exchange;
  /** The value's path in the answer's body (`$.Data[3].StartDateTime`); absent for a page (HTML). */
  path?: string;
}

/** A value a check found wrong: its answer and path, what the check expected and what it saw. */
export interface Blame extends Origin {
  /** What was checked, in the domain's words (`the grid of its day: start`). */
  what: string;
  expected?: string;
  seen?: string;
  /** performance.now() when it was blamed: a test's evidence reads the blames since it started. */
  at: number;
}

const origins = new WeakMap<object, Origin>();
/** Deep enough for a grid's rows (`$.Data[i]`) and their nested lists; deeper values are read through their parents. */
const MAX_DEPTH = 3;

const isObject = (v: unknown): v is object => !!v && typeof v === 'object';

/** Note the answer of `value` and of every object and array in it, each with its path. */
export function noteOrigin(value: unknown, exchange: Exchange, path = '$', depth = 0): void {
  if (!value || typeof value !== 'object') return;
  origins.set(value, { exchange, path });
  if (depth === MAX_DEPTH) return;
  // Paths of objects and arrays only: a big hall's grid has thousands of rows, each of a dozen plain fields.
  const record = value as Record<string, unknown>;
  if (Array.isArray(value)) value.forEach((v, i) => isObject(v) && noteOrigin(v, exchange, `${path}[${i}]`, depth + 1));
  else for (const k of Object.keys(record)) if (isObject(record[k])) noteOrigin(record[k], exchange, `${path}.${k}`, depth + 1);
}

/** The answer `value` was read from, and the path of `field` in it when one is named. */
export function originOf(value: unknown, field?: string): Origin | undefined {
  const found = value && typeof value === 'object' ? origins.get(value) : undefined;
  if (!found?.path || field === undefined) return found;
  return { exchange: found.exchange, path: `${found.path}.${field}` };
}

/** The blames of this process, oldest first (bounded: a long-lived worker keeps its newest). */
export const blames: Blame[] = [];
const MAX_BLAMES = 100;

/** Blame `origin`'s answer for a value a check found wrong. */
export function blame(origin: Origin, found: Pick<Blame, 'what' | 'expected' | 'seen'>): void {
  blames.push({ ...origin, ...found, at: performance.now() });
  if (blames.length > MAX_BLAMES) blames.shift();
}

/** `the value that broke: the grid of its day: start at $.Data[3].StartDateTime: expected "…", seen "…"`. */
export function blameLine(b: Blame): string {
  const values = b.expected === undefined ? '' : `: expected ${JSON.stringify(b.expected)}, seen ${JSON.stringify(b.seen)}`;
  return `the value that broke: ${b.what}${b.path ? ` at ${b.path}` : ''}${values}`;
}

/** `[3]` → `[*]`: one cause whichever row or item it broke in. */
export const anyIndex = (path: string): string => path.replace(/\[\d+\]/g, '[*]');
