// The proxy's coverage: what an exploratory session exercised, counted against the same model
// as the suite's (coverage/), written next to the record as coverage.json and
// coverage.html, with "N of 36 JSON endpoints exercised" and the rest listed in the summary.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoints } from '../contracts/index.js';
import { coverageHtml } from '../coverage/html.js';
import { coverageModel } from '../coverage/model.js';
import { hitsOf } from '../coverage/observe.js';
import { addHit, buildReport, coverageLine, type CoverageData, type CoverageReport } from '../coverage/tally.js';
import type { Exchange } from '../client/exchange.js';

export interface EndpointCoverage {
  exercised: number;
  of: number;
  /** Registry ids of the JSON endpoints the session never called. */
  untouched: string[];
  /** `coverage: …`, the suite's line. */
  line: string;
}

/** One exchange the proxy forwarded or answered, added to the session's coverage (a refused write exercised nothing of the target). */
export function addProxyHits(data: CoverageData, e: { status: number | null }, x: Exchange): void {
  const observed = {
    method: x.method,
    url: x.url,
    status: e.status,
    location: x.responseHeaders.location,
    requestHeaders: x.requestHeaders,
    requestBody: x.requestBody,
    responseBody: x.responseBody,
  };
  for (const id of hitsOf(observed)) addHit(data, id);
}

/** "N of 36 JSON endpoints exercised" and the rest. */
function endpointCoverage(report: CoverageReport): EndpointCoverage {
  const ids = Object.keys(endpoints);
  const untouched = ids.filter((id) => !report.data.hits[`endpoint:${id}:called`]);
  return { exercised: ids.length - untouched.length, of: ids.length, untouched, line: coverageLine(report) };
}

export const endpointLine = (c: EndpointCoverage): string =>
  `${c.exercised} of ${c.of} JSON endpoints exercised${c.untouched.length ? `; not exercised: ${c.untouched.join(', ')}` : ''}`;

/**
 * Write coverage.json and coverage.html into the proxy's report folder, and add the coverage to
 * its summary.json and summary.html (written by record.ts just before). Returns the endpoint count.
 */
export function writeProxyCoverage(dir: string, data: CoverageData, target: string): EndpointCoverage {
  const report = buildReport(coverageModel(), data, { offline: false, target, gate: false });
  const counted = endpointCoverage(report);
  writeFileSync(join(dir, 'coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'coverage.html'), coverageHtml(report));
  const summaryJson = join(dir, 'summary.json');
  if (existsSync(summaryJson)) {
    const summary = JSON.parse(readFileSync(summaryJson, 'utf8')) as Record<string, unknown>;
    const { line, ...rest } = counted;
    writeFileSync(summaryJson, `${JSON.stringify({ ...summary, coverage: { ...rest, totals: report.totals, line } }, null, 2)}\n`);
  }
  const summaryHtml = join(dir, 'summary.html');
  if (existsSync(summaryHtml)) {
    const list = counted.untouched.map((id) => `<li>${id} (${endpoints[id as keyof typeof endpoints].path})</li>`).join('');
    const section =
      `<h2>Coverage</h2><p><strong>${counted.exercised} of ${counted.of} JSON endpoints exercised</strong>; ${counted.line}; ` +
      `<a href="coverage.html">what was exercised of each</a>.</p>${list ? `<p>Not exercised:</p><ul>${list}</ul>` : ''}`;
    writeFileSync(summaryHtml, readFileSync(summaryHtml, 'utf8').replace('</body>', `${section}\n</body>`));
  }
  return counted;
}
