// What the closing summary says beyond the counts: distinct tests against re-runs of the
// same test under another project, skip reasons grouped, failures with their first line,
// and the reports the run's configured reporters write.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { FullConfig, FullProject, TestCase } from '@playwright/test/reporter';
import { harvest } from './artefact-secrets.js';
import { MASK, MIN_SECRET_LENGTH, redact } from '../client/secrets.js';
import { ALLURE_REPORT, EVIDENCE_FILE, ROOT_CAUSE, UNANSWERED } from './report-options.js';
import { anyIndex } from '../client/evidence/origin.js';
import { causeOf } from '../client/evidence/cause.js';
import { plain } from './json-report.js';

export interface SkipGroup {
  reason: string;
  count: number;
  /** The first few, `[project] file:line › title`. */
  tests: string[];
}
export interface FailureEntry {
  project: string;
  /** `file:line` relative to the working folder. */
  location: string;
  title: string;
  /** The error's first line, secrets masked. */
  message: string;
  /** The failing exchange with its whole curl line (fixtures/evidence.ts), when the test has one. */
  evidence?: string;
  /** Its cause (client/evidence/cause.ts), when the failure names an answer: failures with one cause are one entry. */
  cause?: string;
}
/** One cause and the tests it failed (and those a contract break it is blocked), the first failure's words and evidence. */
export interface RootCause {
  cause: string;
  /** The first failure's message: what was expected and what the service answered. */
  message: string;
  evidence?: string;
  /** `[project] file:line › title` of each test it failed. */
  failed: string[];
  /** Tests a contract break of this cause blocked (skipped: their facts came from the broken answer). */
  blocked: number;
}
export interface ReportEntry {
  name: string;
  path: string;
  /** The command that opens or builds it, when one does. */
  open?: string;
}

/** A skipped test that has no result: it never started (a project it depends on failed, `--max-failures`, an interrupt). */
const NOT_RUN = 'not run (a project it depends on failed, or the run stopped early)';
const NO_REASON = '(no reason given)';
/** Titles kept per skip reason, in summary.json and on screen. */
const TITLES_PER_REASON = 3;

/** A path as a person types it from the working folder. */
const shown = (path: string): string => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
};

/**
 * `text` with secrets masked: the password at any length (a short one is still one), other known
 * values (the saved session's cookies) and secret-looking values from MIN_SECRET_LENGTH on, as the
 * artefact scrub does: a short cookie such as the hall id would mask the harness's own words.
 */
export function masker(password: string | undefined, known: string[]): (text: string) => string {
  return (text) => {
    const found = [...known, ...harvest(text)].filter((s) => s.length >= MIN_SECRET_LENGTH);
    if (password) found.push(password);
    const needles = [...new Set(found.flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]))];
    let out = redact(text);
    for (const n of needles.sort((a, b) => b.length - a.length)) out = out.split(n).join(MASK);
    return out;
  };
}

const titleOf = (test: TestCase): string => test.titlePath().slice(3).join(' › ');
const where = (test: TestCase): string => `${shown(test.location.file)}:${test.location.line}`;
export const nameOf = (project: string, test: TestCase): string => `[${project}] ${where(test)} › ${titleOf(test)}`;

/**
 * The project a test belongs to when several projects run it: the one whose folder holds it
 * most closely (`contract` over `readings`, whose folder is `tests/`), then the first configured.
 * Its results count as distinct tests; the others' are re-runs of them.
 */
function ownerOf(projects: FullProject[], file: string): string | undefined {
  const depth = (p: FullProject) => (file.startsWith(resolve(p.testDir) + sep) ? resolve(p.testDir).length : -1);
  return [...projects].sort((a, b) => depth(b) - depth(a))[0]?.name;
}

/** Distinct tests (file and title path) and, per project, the results that re-ran a test owned by another project. */
export function distinctOf(tests: { project: string; test: TestCase }[]): { distinct: number; reruns: Record<string, number> } {
  const byKey = new Map<string, { file: string; projects: FullProject[] }>();
  for (const { test } of tests) {
    const key = `${test.location.file}\u0000${titleOf(test)}`;
    const entry = byKey.get(key) ?? { file: test.location.file, projects: [] };
    const project = test.parent.project();
    if (project) entry.projects.push(project);
    byKey.set(key, entry);
  }
  const reruns: Record<string, number> = {};
  for (const { file, projects } of byKey.values()) {
    const owner = ownerOf(projects, file);
    for (const p of projects) if (p.name !== owner) reruns[p.name] = (reruns[p.name] ?? 0) + 1;
  }
  return { distinct: byKey.size, reruns };
}

/** Why a skipped test was skipped: its `test.skip`/`fixme` description, or that it never started. */
export function skipReasonOf(test: TestCase): string {
  const last = test.results.at(-1);
  if (!last) return NOT_RUN;
  const skip = [...last.annotations, ...test.annotations].find((a) => a.type === 'skip' || a.type === 'fixme');
  return skip?.description?.trim() || NO_REASON;
}

/** Skipped tests grouped by reason, most frequent first. */
export function groupSkips(skipped: { reason: string; name: string }[], mask: (s: string) => string): SkipGroup[] {
  const groups = new Map<string, SkipGroup>();
  for (const { reason, name } of skipped) {
    const key = mask(reason);
    const group = groups.get(key) ?? { reason: key, count: 0, tests: [] };
    group.count += 1;
    if (group.tests.length < TITLES_PER_REASON) group.tests.push(name);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export function failureOf(project: string, test: TestCase, mask: (s: string) => string): FailureEntry {
  const last = test.results.at(-1);
  const error = last?.errors[0] ?? last?.error;
  const first = headOf(plain(error?.message ?? error?.value ?? `${last?.status ?? 'failed'}`));
  const note = (type: string) => last?.annotations.find((a) => a.type === type)?.description;
  const evidence = note(EVIDENCE_FILE);
  // A failure the evidence fixture did not see (a plain Playwright test) still names its break when its error is one.
  const cause = note(ROOT_CAUSE) ?? causeOf([error?.message ?? ''], {});
  // A test that timed out waiting on an answer names the request (fixtures/evidence.ts), not only its timeout.
  const waiting = note(UNANSWERED);
  return {
    project,
    location: where(test),
    title: titleOf(test),
    message: mask(waiting ? `${first} Still waiting on ${waiting}` : first).slice(0, MESSAGE_LENGTH),
    ...(evidence ? { evidence: shown(evidence) } : {}),
    ...(cause ? { cause: mask(cause).slice(0, MESSAGE_LENGTH) } : {}),
  };
}

const MESSAGE_LENGTH = 500;

/**
 * An error's message as the summary shows it: its first line (two more when it ends in a colon, announcing a contract
 * break's field paths), and what an assertion expected and received when the first line does not say it.
 */
export function headOf(message: string): string {
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines[0]?.endsWith(':') ? lines.slice(0, 3) : lines.slice(0, 1)).join(' ') + seenOf(lines);
}

/**
 * An assertion's `Expected…` and `Received…` lines after its first line (`RoomsUsed names booked room "Committee Room"`
 * alone reads like a statement that passed): ` (expected "Committee Room", received "")`.
 */
function seenOf(lines: string[]): string {
  const value = (word: string) => lines.find((l) => l.startsWith(word))?.replace(/^\w+(?: \w+)*?: */, '');
  const [expected, received] = [value('Expected'), value('Received')];
  if (received === undefined || lines[0]?.includes(received)) return '';
  return ` (${expected === undefined ? '' : `expected ${expected}, `}received ${received})`;
}

/**
 * The failures grouped by cause (a failure without one is its own cause, its message), the most tests first; a contract
 * break's blocked tests (`listBookingsForHallGrid: $[0].BookingId: expected …`) counted under the cause of that break.
 */
const GENERIC = /^(Error: )?(expect\(|Test timeout|Timed out)/;

export function rootCausesOf(failures: FailureEntry[], blocked: SkipGroup[]): RootCause[] {
  const causes = new Map<string, RootCause>();
  for (const f of failures) {
    // A failure that names no answer is one cause with the failures of the same words; a bare matcher line or a
    // timeout says nothing of the break, so two tests' `expect(received).toBe(expected)` stay apart.
    const key = f.cause ?? (GENERIC.test(f.message) ? `${f.message}\u0000${f.location}` : f.message);
    const entry = causes.get(key) ?? {
      cause: f.cause ?? f.message,
      message: f.message,
      failed: [],
      blocked: 0,
      ...(f.evidence && { evidence: f.evidence }),
    };
    entry.failed.push(`[${f.project}] ${f.location} › ${f.title}`);
    causes.set(key, entry);
  }
  for (const g of blocked) {
    // client/discovery.ts words a break `listBookingsForHallGrid: $[0].BookingId: expected …`.
    const [, endpointId, path] = /^(\w+): (\$\S*): /.exec(g.reason) ?? [];
    const key = endpointId && path ? `${endpointId} ${anyIndex(path)}` : g.reason;
    const entry = causes.get(key) ?? { cause: key, message: g.reason, failed: [], blocked: 0 };
    entry.blocked += g.count;
    causes.set(key, entry);
  }
  return [...causes.values()].sort((a, b) => b.failed.length + b.blocked - (a.failed.length + a.blocked));
}

const REPORT_ORDER = ['Playwright HTML', 'Allure results', 'JUnit', 'Blob (shard)', 'summary.json'];
type ReporterEntry = FullConfig['reporter'][number];
const optionsOf = (r: ReporterEntry): Record<string, unknown> => (r[1] ?? {}) as Record<string, unknown>;
// A built-in reporter keeps its name; a package's is resolved to a file inside its folder; a module of
// ours is named by its file (`./reporting/allure-playwright.ts`).
const named = (r: ReporterEntry, name: string): boolean =>
  r[0] === name || r[0].split(/[\\/]/).some((part) => part === name || part === `${name}.ts`);

// Playwright's reporters take these before their options (`npm run report -- --merge` sets them).
const fromEnv = (name: string): string | undefined => process.env[`PLAYWRIGHT_${name}`] || undefined;

/** The reports the configured reporters write, with the command that opens each; summary.json last. */
export function reportsOf(config: FullConfig, summaryFile: string): ReportEntry[] {
  const out: ReportEntry[] = [];
  const at = (value: unknown, fallback: string) => shown(resolve(config.rootDir, typeof value === 'string' ? value : fallback));
  for (const r of config.reporter) {
    const o = optionsOf(r);
    if (named(r, 'html')) {
      const path = at(fromEnv('HTML_OUTPUT_DIR') ?? fromEnv('HTML_REPORT') ?? o.outputFolder, 'playwright-report');
      out.push({ name: 'Playwright HTML', path, open: `npx playwright show-report ${path}` });
    } else if (named(r, 'allure-playwright')) {
      // `npm run report` builds the Allure report beside the results (scripts/report.ts).
      const path = at(o.resultsDir, 'allure-results');
      out.push({
        name: 'Allure results',
        path,
        open: `npm run report (writes ${shown(resolve(path, '..', ALLURE_REPORT, 'index.html'))})`,
      });
    } else if (named(r, 'junit') && (fromEnv('JUNIT_OUTPUT_FILE') ?? o.outputFile)) {
      out.push({ name: 'JUnit', path: at(fromEnv('JUNIT_OUTPUT_FILE') ?? o.outputFile, '') });
    } else if (named(r, 'blob')) {
      out.push({ name: 'Blob (shard)', path: at(o.outputDir, 'blob-report'), open: 'npm run report -- --merge <folder of shards>' });
    }
  }
  out.push({ name: 'summary.json', path: shown(summaryFile) });
  return out.sort((a, b) => REPORT_ORDER.indexOf(a.name) - REPORT_ORDER.indexOf(b.name));
}
