// What the proxy saw: every exchange (masked when it is recorded, as the suite's are),
// its verdict, the contract violations, the drift per endpoint, the paths the registry
// does not know; the live console line; and reports/proxy/ written on stop.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scrubArtefacts } from '../reporting/artefact-secrets.js';
import { mergeShapes, type Drift } from '../client/drift.js';
import type { ContractIssue } from '../client/contract-answer.js';
import { maskExchange, type Exchange } from '../client/exchange.js';
import { redact } from '../client/secrets.js';
import type { Verdict } from '../client/evidence/answer-check.js';
import { makeWritableDir } from '../settings/start-paths.js';
import { emptyData } from '../coverage/tally.js';
import { recordedBody } from './bodies.js';
import { addProxyHits } from './coverage.js';

export interface ProxyEntry {
  /** Registry id, or `(unknown)`. */
  endpointId: string;
  method: string;
  /** Path and query, as the client asked (secrets masked). */
  path: string;
  /** The target URL the answer came from (secrets masked). */
  url: string;
  /** HTTP status, or null when no answer came (reset, close). */
  status: number | null;
  ms: number;
  verdict: Verdict;
  issues: ContractIssue[];
  note?: string;
  exchange: Exchange;
}

export interface EndpointSummary {
  endpointId: string;
  calls: number;
  verdicts: Partial<Record<Verdict, number>>;
  /** Distinct issues, `path: message`. */
  issues: string[];
}

/** One line per violation, printed at once: endpoint id, method, URL, status, field path. */
export const violationLine = (e: ProxyEntry): string => {
  const shown = e.issues
    .slice(0, 3)
    .map((i) => `${i.path}: ${i.message}`)
    .join('; ');
  const more = e.issues.length > 3 ? ` (+${e.issues.length - 3} more in the record)` : '';
  return `✖ contract broken: ${e.endpointId} ${e.method} ${e.url} → HTTP ${e.status ?? '-'}: ${shown}${more}`;
};

/** The live line of one request: method, path, status, time, verdict. */
export const consoleLine = (e: ProxyEntry): string =>
  `${e.method.padEnd(6)} ${e.path} ${e.status ?? '---'} ${e.ms} ms ` +
  `${e.verdict}${e.endpointId === '(unknown)' ? '' : ` ${e.endpointId}`}${e.note ? ` (${e.note})` : ''}`;

const emptyDrift = (): Drift => ({ unknownKeys: [], aliases: {}, newBaselineKeys: [] });
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();

/** Exchanges the record keeps whole (masked, bodies over 16 KB as their size, hash and first bytes): its memory is bounded. */
export const KEPT_EXCHANGES = 5_000;
/** Violations kept past {@link KEPT_EXCHANGES}, without their exchange. */
const KEPT_LATE_VIOLATIONS = 1_000;

export class ProxyRecord {
  /** The first {@link KEPT_EXCHANGES} exchanges; the counts, coverage and drift take every one. */
  readonly entries: ProxyEntry[] = [];
  readonly drift = new Map<string, Drift>();
  readonly startedAt = new Date();
  /** Every request recorded, kept or not. */
  total = 0;
  /** What the session exercised of the contract, tallied as it goes (proxy/coverage.ts). */
  readonly coverage = emptyData();
  private readonly byEndpoint = new Map<string, EndpointSummary>();
  private readonly unknown: Record<string, number> = {};
  private readonly lateViolations: ProxyEntry[] = [];

  constructor(readonly target: string) {}

  add(entry: Omit<ProxyEntry, 'exchange' | 'path' | 'url'> & { exchange: Exchange; path: string }, drift?: Drift): ProxyEntry {
    const masked = maskExchange(entry.exchange);
    const exchange = { ...masked, requestBody: recordedBody(masked.requestBody), responseBody: recordedBody(masked.responseBody) };
    const recorded: ProxyEntry = { ...entry, path: redact(entry.path), url: exchange.url, exchange };
    this.total += 1;
    if (this.entries.length < KEPT_EXCHANGES) this.entries.push(recorded);
    else if (recorded.verdict === 'violation' && this.lateViolations.length < KEPT_LATE_VIOLATIONS)
      this.lateViolations.push({ ...recorded, exchange: { ...exchange, requestBody: undefined, responseBody: undefined } });
    this.tally(recorded, masked);
    if (drift) this.addDrift(entry.endpointId, drift);
    return recorded;
  }

  /** The counts every request adds to: per endpoint, unknown paths, coverage (from the exchange before its bodies were cut). */
  private tally(e: ProxyEntry, exchange: Exchange): void {
    if (e.verdict !== 'refused' && e.verdict !== 'fault') addProxyHits(this.coverage, e, exchange);
    if (e.verdict === 'unknown') {
      const key = `${e.method} ${e.path.split('?')[0]}`;
      this.unknown[key] = (this.unknown[key] ?? 0) + 1;
    }
    if (e.endpointId === '(unknown)') return;
    const s = this.byEndpoint.get(e.endpointId) ?? { endpointId: e.endpointId, calls: 0, verdicts: {}, issues: [] };
    s.calls += 1;
    s.verdicts[e.verdict] = (s.verdicts[e.verdict] ?? 0) + 1;
    for (const i of e.issues) if (!s.issues.includes(`${i.path}: ${i.message}`)) s.issues.push(`${i.path}: ${i.message}`);
    this.byEndpoint.set(e.endpointId, s);
  }

  private addDrift(endpointId: string, drift: Drift): void {
    const before = this.drift.get(endpointId) ?? emptyDrift();
    const aliases = { ...before.aliases };
    for (const [k, v] of Object.entries(drift.aliases)) aliases[k] = union(aliases[k] ?? [], v);
    const observedShape =
      drift.observedShape && before.observedShape
        ? mergeShapes(before.observedShape, drift.observedShape)
        : (drift.observedShape ?? before.observedShape);
    this.drift.set(endpointId, {
      unknownKeys: union(before.unknownKeys, drift.unknownKeys),
      aliases,
      newBaselineKeys: union(before.newBaselineKeys, drift.newBaselineKeys),
      ...(observedShape && { observedShape }),
    });
  }

  /** Requests recorded but not kept in exchanges.json. */
  get dropped(): number {
    return this.total - this.entries.length;
  }

  get violations(): ProxyEntry[] {
    return [...this.entries.filter((e) => e.verdict === 'violation'), ...this.lateViolations];
  }

  /** Method and path (no query) of every call the registry does not know, with its count. */
  unknownPaths(): Record<string, number> {
    return { ...this.unknown };
  }

  summary(): EndpointSummary[] {
    return [...this.byEndpoint.values()].sort((a, b) => a.endpointId.localeCompare(b.endpointId));
  }

  /**
   * Write `dir`: exchanges.json, drift.json (per endpoint, the suite's drift record shape),
   * summary.json and summary.html; then mask whatever secret is left, as the suite's last
   * reporter does. Returns the files written.
   */
  write(dir: string, known: Iterable<string> = []): string[] {
    makeWritableDir(dir);
    const at = new Date().toISOString();
    const files = {
      'exchanges.json': this.entries,
      'drift.json': {
        proxy: Object.fromEntries(
          [...this.drift].sort(([a], [b]) => a.localeCompare(b)).map(([id, d]) => [id, { ...d, target: this.target, observedAt: at }]),
        ),
      },
      'summary.json': {
        target: this.target,
        startedAt: this.startedAt.toISOString(),
        stoppedAt: at,
        requests: this.total,
        exchangesKept: this.entries.length,
        exchangesDropped: this.dropped,
        violations: this.violations.map(violationLine),
        endpoints: this.summary(),
        unknownPaths: this.unknownPaths(),
      },
    };
    for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), `${JSON.stringify(data, null, 2)}\n`);
    writeFileSync(join(dir, 'summary.html'), this.html(at));
    scrubArtefacts([dir], known);
    return [...Object.keys(files), 'summary.html'].map((f) => join(dir, f));
  }

  private html(at: string): string {
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
    const rows = this.summary()
      .map(
        (s) =>
          `<tr class="${s.verdicts.violation ? 'broken' : ''}"><td>${esc(s.endpointId)}</td><td>${s.calls}</td><td>${esc(
            Object.entries(s.verdicts)
              .map(([v, n]) => `${v} ${n}`)
              .join(', '),
          )}</td><td>${s.issues.map(esc).join('<br>')}</td></tr>`,
      )
      .join('\n');
    const unknown = Object.entries(this.unknownPaths())
      .map(([p, n]) => `<li>${esc(p)} (${n})</li>`)
      .join('\n');
    const broken = this.violations.length;
    return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Proxy record: ${esc(this.target)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}tr.broken td{background:#fde2e2}</style></head>
<body><h1>Contract record through the proxy</h1>
<p>Target ${esc(this.target)}, ${esc(this.startedAt.toISOString())} to ${esc(at)}:
${this.total} requests, <strong>${broken} contract violation(s)</strong>.</p>
<h2>Endpoints and pages</h2>
<table><thead><tr><th>endpoint</th><th>calls</th><th>verdicts</th><th>issues (field path: message)</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Paths the registry does not know</h2><ul>${unknown || '<li>none</li>'}</ul>
<p>Exchanges (masked): exchanges.json; drift: drift.json.</p></body></html>
`;
  }
}
