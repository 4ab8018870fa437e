// The scrub leaves every artefact of the canary working: its HTML report renders in Chromium and
// opens the failed probe with its error and failing exchange; each trace.zip still reads as the
// trace viewer reads it (every event line JSON, every resource it names present); every JSON file parses.
import { createServer, type Server } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import AdmZip from 'adm-zip';
import { FAILING_EXCHANGE } from '../../../../reporting/report-options.js';
import { EVIDENCE_PROBE_TITLE } from '../evidence-canary.js';
import type { Page } from '@playwright/test';
import { expect, test } from '../canary.fixture.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.md': 'text/markdown',
};

/** A static server of one folder, as `npx playwright show-report` serves a report. */
async function serve(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The report of a run with the evidence probe failed: it renders, opens the probe, its error, its exchange and its trace. */
async function expectReportOpens(page: Page, reportDir: string): Promise<void> {
  const server = await serve(reportDir);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.getByRole('link', { name: EVIDENCE_PROBE_TITLE }).first().click();
    await expect(page.getByText(/ContractError: listRoomsForGrid: GET /).first(), 'the error of the failed probe').toBeVisible();
    const exchange = page.getByRole('group').filter({ has: page.getByText(FAILING_EXCHANGE, { exact: true }) });
    await exchange.getByText(FAILING_EXCHANGE, { exact: true }).click();
    await expect(exchange.getByText(/contract: listRoomsForGrid: violation/), 'its failing exchange, opened').toBeVisible();
    await page.getByRole('link', { name: 'View Trace' }).first().click();
    await expect(page.getByText(/GET \/api\/rooms\/\S+ → 200/).first(), 'the trace viewer lists the failed call').toBeVisible();
  } finally {
    server.close();
  }
  expect(errors, 'no script error in the report').toEqual([]);
}

const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true }).map((f) => join(dir, String(f)));

/** Every trace.zip under `dir` reads as the viewer reads it (event lines JSON, named resources present); every JSON file parses. */
function expectTracesAndJsonIntact(dir: string): void {
  const all = filesUnder(dir);
  const traces = all.filter((f) => f.endsWith('trace.zip'));
  expect(traces.length, 'traces of the failed tests').toBeGreaterThan(0);
  // What breaks, collected over every trace and file: one check of each kind, naming every place.
  const noEvents: string[] = [];
  const noOpening: string[] = [];
  const unparsed: string[] = [];
  const missing = new Set<string>();
  const parseError = (text: string): string | undefined => {
    try {
      JSON.parse(text);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };
  for (const trace of traces) {
    const zip = new AdmZip(trace);
    const names = new Set(zip.getEntries().map((e) => e.entryName));
    const events = zip.getEntries().filter((e) => /\.(trace|network)$/.test(e.entryName));
    if (!events.length) noEvents.push(trace);
    for (const entry of events) {
      for (const [i, line] of entry.getData().toString('utf8').split('\n').entries()) {
        const error = line ? parseError(line) : undefined;
        if (error) unparsed.push(`${trace}!${entry.entryName} line ${i + 1}: ${error}`);
        if (!line || error) continue;
        // The viewer loads every resource an event names by its sha1 from resources/.
        for (const sha1 of line.matchAll(/"_?sha1"\s*:\s*"([^"]+)"/g))
          if (!names.has(`resources/${sha1[1]}`)) missing.add(`${trace}: resources/${sha1[1]}`);
      }
    }
    if (!events.some((e) => e.getData().toString('utf8').includes('"context-options"'))) noOpening.push(trace);
  }
  expect(noEvents, 'traces without event files').toEqual([]);
  expect(noOpening, "traces without the context's opening event").toEqual([]);
  expect(unparsed, 'trace event lines that do not parse as JSON').toEqual([]);
  expect([...missing], 'resources an event names that the trace does not hold').toEqual([]);
  const json = all.filter((f) => f.endsWith('.json'));
  expect(json.length).toBeGreaterThan(0);
  const broken = json.flatMap((file) => {
    const error = parseError(readFileSync(file, 'utf8'));
    return error ? [`${file}: ${error}`] : [];
  });
  expect(broken, 'JSON files that do not parse').toEqual([]);
}

test.describe('scrubbed artefacts of the canary', () => {
  test('the HTML report opens in Chromium and shows the failed probe with its error, failing exchange and trace', async ({
    canary,
    page,
  }) => {
    await expectReportOpens(page, join(canary.reports, 'playwright-report'));
  });

  test('every trace.zip reads as the trace viewer reads it and every JSON file parses', ({ canary }) => {
    expectTracesAndJsonIntact(canary.reports);
  });
});
