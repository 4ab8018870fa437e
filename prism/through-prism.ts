// Prism's validating proxy, a standard OpenAPI tool from the npm registry (a dev dependency), between the wire client and
// a target, from the export (reports/contracts/openapi.json): every read-only JSON endpoint called through it, and what
// Prism refused, in its own words. Prism's proxy follows redirects, a login's 302 among them (it has no option not to): the
// session is made at the target itself, and the calls go through Prism with that session's cookies.
import { createServer, type AddressInfo } from 'node:net';
import { endpoints } from '../contracts/index.js';
import { HbClient } from '../client/client.js';
import { argumentsFor } from '../client/contract-arguments.js';
import { discoverFacts, MissingFact, type Facts, type FactsTarget } from '../client/discovery.js';
import type { HbError } from '../client/errors.js';
import { childEnv, REPO_ROOT, startNode } from '../child-runs/child-run.js';

/** Prism's command line. */
const PRISM_CLI = `${REPO_ROOT}/node_modules/@stoplight/prism-cli/dist/index.js`;
/** Characters of Prism's problem body a refusal keeps (it names the field and what the document says of it). */
const PROBLEM_SHOWN = 600;

export interface PrismTarget extends FactsTarget {
  email: string;
  password: string;
}

export interface PrismCheck {
  /** Endpoints called through Prism. */
  called: number;
  /** `listBookingsForHallGrid: HTTP 500 {"type":"https://stoplight.io/prism/errors#VIOLATIONS",…}`: each call that failed. */
  refused: string[];
  /** Prism's log lines of each violation it found. */
  violations: string[];
  /** Endpoints the target's facts give no arguments for, with why. */
  skipped: string[];
  facts: Facts;
}

/** A free port of this machine (Prism takes a fixed one). */
const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

/** Prism's validating proxy started from `document` in front of `upstream` for `use`, given its URL and its log so far. */
export async function withPrism<T>(document: string, upstream: string, use: (url: string, log: () => string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const prism = startNode([PRISM_CLI, 'proxy', document, upstream, '--errors', '-p', String(port)], childEnv({}), 300_000);
  try {
    await prism.waitFor(/Prism is listening/, 60_000);
    return await use(`http://127.0.0.1:${port}`, () => prism.output());
  } finally {
    await prism.stop();
  }
}

/** Prism's log lines of each violation it found in `log` (each after the request it belongs to). */
export const violationsIn = (log: string): string[] =>
  log.split('\n').filter((line, i, all) => /violation/i.test(line) || /violation/i.test(all[i + 1] ?? ''));

/**
 * Each read-only JSON endpoint of `target` called through Prism at `prismUrl`, with a session made at the target;
 * `known` facts spare the discovery.
 */
export async function callsThrough(prismUrl: string, target: PrismTarget, known?: Facts): Promise<Omit<PrismCheck, 'violations'>> {
  const { email, password, hallId } = target;
  const direct = new HbClient({ baseUrl: target.baseUrl, email, password, hallId, retries: 0 });
  await direct.login();
  const through = new HbClient({ baseUrl: prismUrl, email, password, hallId, retries: 0 });
  // The target's cookies, for Prism's host: a staging's domain and `Secure` flag would keep them from 127.0.0.1.
  const { cookies, origins } = await direct.toStorageState();
  await through.loadStorageState({ origins, cookies: cookies.map((c) => ({ ...c, domain: '127.0.0.1', secure: false })) });
  const facts = known ?? (await discoverFacts(direct, target));
  const check = { called: 0, refused: [] as string[], skipped: [] as string[], facts };
  for (const e of Object.values(endpoints)) {
    if (e.writes) continue;
    let args: unknown;
    try {
      args = argumentsFor(e.id, facts);
    } catch (error) {
      if (!(error instanceof MissingFact)) throw error;
      check.skipped.push(`${e.id}: ${error.message}`);
      continue;
    }
    check.called += 1;
    await through.call(e.id, args as never).catch((error: HbError) => {
      const answer = error.exchange?.responseBody ?? error.message;
      check.refused.push(`${e.id}: HTTP ${error.exchange?.status ?? '(none)'} ${answer.slice(0, PROBLEM_SHOWN)}`);
    });
  }
  return check;
}

/** Each read-only JSON endpoint of `target` through Prism started from `document`. */
export function checkThroughPrism(target: PrismTarget, document: string): Promise<PrismCheck> {
  return withPrism(document, target.baseUrl, async (url, log) => ({
    ...(await callsThrough(url, target)),
    violations: violationsIn(log()),
  }));
}
