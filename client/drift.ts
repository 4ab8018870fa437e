// The drift audit: which keys a target sends that the contract does not name, which
// alias spelling it uses, and how the shape of bodies the interface document leaves
// unspecified compares with the baseline recorded against the same target
// (HB_CONTRACT_BASELINE, default contracts/baseline.json).
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { z } from 'zod';
import { aliasGroupsOf, type JsonEndpoint } from '../contracts/index.js';
import { CONTRACT_REPORTS_DIR } from '../settings/paths.js';

/** Drift seen per project and endpoint, merged across workers. */
const DRIFT_FILE = join(CONTRACT_REPORTS_DIR, 'drift.json');

/** JSON types per key path: `$` is the body, `.Key` a property, `[]` any array element. */
export type Shape = Record<string, string[]>;

export interface Baseline {
  /** What the shapes were recorded against: {@link baselineSource} of that target. */
  source: string;
  endpoints: Record<string, Shape>;
}

export interface Drift {
  /** Paths of keys the contract does not name (documented bodies only). */
  unknownKeys: string[];
  /** Alias group (`Name|FullName` at a path) → spellings seen. */
  aliases: Record<string, string[]>;
  /** Paths present now and absent from the baseline (unspecified bodies only). */
  newBaselineKeys: string[];
  /** The shape seen, when no baseline recorded against this target holds the body. */
  observedShape?: Shape;
}

const MOCK_SOURCE = 'built-in mock';

/**
 * Which target a baseline belongs to: the built-in mock, or the remote target's origin
 * (no credentials, no path). The shapes of unspecified bodies are whatever that server
 * sends, so a baseline binds only the target it was recorded against.
 */
export function baselineSource(remoteBaseUrl: string | undefined): string {
  return remoteBaseUrl === undefined ? MOCK_SOURCE : new URL(remoteBaseUrl).origin;
}

const jsonType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
  return s;
}

/**
 * Walk a (valid) body against its schema and collect every key the schema's object
 * shapes do not declare, and the spelling used for each alias group.
 */
export function auditBody(schema: z.ZodType, json: unknown): Pick<Drift, 'unknownKeys' | 'aliases'> {
  const unknown = new Set<string>();
  const aliases: Record<string, Set<string>> = {};
  const walk = (raw: z.ZodType, value: unknown, path: string): void => {
    const s = unwrap(raw);
    if (s instanceof z.ZodUnion) {
      const options = s.options as z.ZodType[];
      const match = options.find((o) => o.safeParse(value).success) ?? options[0];
      // Interface doc: a list comes as a bare array or as `{Data: [...]}`; record which.
      (aliases[`${path} list shape`] ??= new Set()).add(Array.isArray(value) ? 'array' : '{Data}');
      if (match) walk(match, value, path);
    } else if (s instanceof z.ZodArray && Array.isArray(value)) {
      for (const item of value) walk(s.element as z.ZodType, item, `${path}[]`);
    } else if (s instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
      const shape = s.shape as Record<string, z.ZodType>;
      for (const [key, inner] of Object.entries(value)) {
        if (key in shape) walk(shape[key] as z.ZodType, inner, `${path}.${key}`);
        else unknown.add(`${path}.${key}`);
      }
      for (const group of aliasGroupsOf(s)) {
        const seen = group.filter((k) => (value as Record<string, unknown>)[k] !== undefined);
        (aliases[`${path} ${group.join('|')}`] ??= new Set()).add(seen.join('+') || '(none)');
      }
    }
  };
  walk(schema, json, '$');
  return {
    unknownKeys: [...unknown].sort(),
    aliases: Object.fromEntries(Object.entries(aliases).map(([k, v]) => [k, [...v].sort()])),
  };
}

/** The types seen at every key path of a JSON value. */
export function shapeOf(json: unknown): Shape {
  const shape: Record<string, Set<string>> = {};
  const walk = (value: unknown, path: string): void => {
    (shape[path] ??= new Set()).add(jsonType(value));
    if (Array.isArray(value)) for (const item of value) walk(item, `${path}[]`);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
  };
  walk(json, '$');
  return Object.fromEntries(
    Object.keys(shape)
      .sort()
      .map((k) => [k, [...(shape[k] as Set<string>)].sort()]),
  );
}

/** Merge two shapes (the union of types per path). */
export function mergeShapes(a: Shape, b: Shape): Shape {
  const out: Record<string, Set<string>> = {};
  for (const s of [a, b]) for (const [k, v] of Object.entries(s)) for (const t of v) (out[k] ??= new Set()).add(t);
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, [...(out[k] as Set<string>)].sort()]),
  );
}

const parentOf = (path: string): string | null => {
  const m = /^(.*?)(\[\]|\.[^.[\]]+)$/.exec(path);
  return m ? (m[1] as string) : null;
};

/**
 * Compare an observed shape with its baseline. Broken: a path whose types are not
 * among the baseline's, or a baseline key missing although its container was seen
 * (an empty array says nothing about its items). Added: paths the baseline lacks.
 */
function compareShape(baseline: Shape, observed: Shape): { broken: string[]; added: string[] } {
  const broken: string[] = [];
  for (const [path, types] of Object.entries(observed)) {
    const before = baseline[path];
    if (!before) continue;
    const changed = types.filter((t) => !before.includes(t));
    if (changed.length) broken.push(`${path}: was ${before.join('|')}, now ${types.join('|')}`);
  }
  for (const path of Object.keys(baseline)) {
    if (observed[path] || path.endsWith('[]')) continue;
    const parent = parentOf(path);
    if (parent !== null && observed[parent]?.includes('object')) {
      broken.push(`${path}: missing (the baseline has ${(baseline[path] ?? []).join('|')})`);
    }
  }
  const added = Object.keys(observed)
    .filter((p) => !baseline[p])
    .sort();
  return { broken, added };
}

export interface AuditOptions {
  /** HB_STRICT_CONTRACTS: unknown keys fail instead of being recorded. */
  strict: boolean;
  /** The baseline file (HB_CONTRACT_BASELINE) and {@link baselineSource} of the current target. */
  baseline: { file: string; source: string };
}

export interface AnswerAudit {
  drift: Drift;
  /** What breaks the contract beyond its schema: unknown keys when strict, a body that left its baseline shape. */
  problems: string[];
  /** What a report should say but not fail on: no baseline for this target, keys new to the baseline. */
  warnings: string[];
}

/**
 * The drift audit of one answer that satisfied its schema: unknown keys and alias
 * spellings of a documented body; an unspecified body's shape against the baseline
 * recorded against the same target (the suite's contract tests and the proxy).
 */
export function auditAnswer(endpoint: JsonEndpoint, json: unknown, options: AuditOptions): AnswerAudit {
  const id = endpoint.id;
  const drift: Drift = { unknownKeys: [], aliases: {}, newBaselineKeys: [] };
  const problems: string[] = [];
  const warnings: string[] = [];
  if (endpoint.documented) {
    Object.assign(drift, auditBody(endpoint.response, json));
    if (options.strict && drift.unknownKeys.length) {
      problems.push(
        `unknown keys (HB_STRICT_CONTRACTS=true; the interface document does not name ` +
          `them):\n${drift.unknownKeys.map((p) => `  ✖ ${p}`).join('\n')}`,
      );
    }
    return { drift, problems, warnings };
  }
  const { file, source } = options.baseline;
  const rel = relative(process.cwd(), file);
  const shown = rel && !rel.startsWith('..') ? rel : file;
  const recorded = loadBaseline(file);
  // Unspecified bodies are whatever the server sends: a baseline binds only the target
  // it was recorded against (the mock's, committed, says nothing about a staging server).
  const baseline = recorded?.source === source ? recorded.endpoints[id] : undefined;
  const observed = shapeOf(json);
  if (!baseline) {
    drift.observedShape = observed;
    const why = !recorded
      ? `${shown} does not exist`
      : recorded.source !== source
        ? `${shown} was recorded against ${recorded.source}, this run targets ${source}`
        : `${shown} has no shape for ${id}`;
    warnings.push(
      `${id}: no baseline recorded for this target (${why}); run npm run contracts:baseline against it. The observed shape is in ` +
        `reports/contracts/drift.json`,
    );
  } else {
    const { broken, added } = compareShape(baseline, observed);
    drift.newBaselineKeys = added;
    if (broken.length)
      problems.push(`body left its baseline shape (${shown}, recorded against ${source}):\n${broken.map((p) => `  ✖ ${p}`).join('\n')}`);
    if (added.length) warnings.push(`${id}: keys not in the baseline: ${added.join(', ')}`);
  }
  return { drift, problems, warnings };
}

function loadBaseline(file: string): Baseline | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Baseline) : null;
}

/** Run `task` holding an exclusive lock file (workers write one shared report). */
async function withLock<T>(file: string, task: () => T): Promise<T> {
  const lock = `${file}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than 10 s belongs to a worker that died mid-write.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { force: true });
      } catch {
        /* removed meanwhile */
      }
      if (attempt > 500) throw new Error(`could not lock ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }
  try {
    return task();
  } finally {
    rmSync(lock, { force: true });
  }
}

export interface DriftRecord extends Drift {
  target: string;
  observedAt: string;
}

/**
 * Record one entry under its project in a shared JSON report (drift.json, readings.json):
 * read, merge, write under a lock, replacing that key's previous record.
 */
export async function recordUnderProject<T>(file: string, project: string, key: string, record: T): Promise<void> {
  await withLock(file, () => {
    let all: Record<string, Record<string, T>> = {};
    try {
      all = JSON.parse(readFileSync(file, 'utf8')) as typeof all;
    } catch {
      /* first record, or a file from an interrupted run */
    }
    const forProject = (all[project] ??= {});
    forProject[key] = record;
    all[project] = Object.fromEntries(
      Object.keys(forProject)
        .sort()
        .map((k) => [k, forProject[k] as T]),
    );
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
    renameSync(tmp, file);
  });
}

/** Record one endpoint's drift under its project in reports/contracts/drift.json. */
export const recordDrift = (project: string, endpointId: string, record: DriftRecord, file = DRIFT_FILE): Promise<void> =>
  recordUnderProject(file, project, endpointId, record);
