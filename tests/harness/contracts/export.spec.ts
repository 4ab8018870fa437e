// `npm run contracts:export`: the OpenAPI 3.1 document is valid, passes Redocly's recommended
// ruleset without an error, names every registry entry with its authentication, and carries
// examples the contracts accept; every named schema has its standalone JSON Schema.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { NormalizedProblem } from '@redocly/openapi-core';
import { expect, test } from '../../../fixtures/index.js';
import { TOKEN_FIELD } from '../../../contracts/account.js';
import { PLACEHOLDER_SERVER, jsonSchemaFiles, openApiDocument } from '../../../contracts/export.js';
import { endpoints, mapItems, registry, type RegistryEntry } from '../../../contracts/index.js';
import { CONTRACT_REPORTS_DIR } from '../../../settings/paths.js';
import { writeContracts } from '../../../scripts/contracts-export.js';
import { HbClient } from '../../../client/client.js';
import { callsThrough, violationsIn, withPrism } from '../../../prism/through-prism.js';
import { mutantOverride } from '../../../mock-server/mutants.js';
import { startMockServer } from '../../../mock-server/server.js';
import { exportedFrom } from '../../../client/openapi-examples.js';

const out = `${CONTRACT_REPORTS_DIR}/`;

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string; required?: string[] }; example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[] }>; securitySchemes: Record<string, { in: string; name: string }> };
};

const readDoc = (): Doc => JSON.parse(readFileSync(`${out}openapi.json`, 'utf8')) as Doc;
const operationOf = (doc: Doc, e: RegistryEntry): Operation | undefined => doc.paths[e.path]?.[e.method.toLowerCase()];
const where = (p: NormalizedProblem) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;
// Redocly and the schema validator load in the tests that use them: at the runner's collection of the suite they
// were a second of one core before the first test.
const redocly = () => import('@redocly/openapi-core');
const recommended = async () => (await redocly()).createConfig({ extends: ['recommended'] });

/**
 * Operations that cannot have a 4xx: no argument to refuse and no token to check. The interface
 * document shows no status for anything else (live notes: error pages' status codes are not known).
 */
const nothingToRefuse = (e: RegistryEntry): boolean =>
  e.kind === 'json' ? !e.query && !e.body && e.antiForgery === 'none' : e.antiForgery === 'none' && !e.path.includes('{');

const MOCK_COOKIE = '.AspNet.HallBooking';
const STAGING = '.Staging.Auth';

/** A request's cookie, or an answer's set-cookie, `from` renamed `to`: a mock that names its session cookie as a staging does. */
function renamedCookies<T extends Request | Response | undefined>(message: T, from: string, to: string): T {
  if (!message) return message;
  const headers = new Headers(message.headers);
  const rename = (v: string) => v.split(`${from}=`).join(`${to}=`);
  if (message instanceof Request) {
    if (headers.has('cookie')) headers.set('cookie', rename(headers.get('cookie') ?? ''));
    return new Request(message, { headers }) as T;
  }
  const set = message.headers.getSetCookie();
  headers.delete('set-cookie');
  for (const c of set) headers.append('set-cookie', rename(c));
  return new Response(message.body, { status: message.status, statusText: message.statusText, headers }) as T;
}

test.describe('contracts export', () => {
  // In order in one worker: the export runs once for the file, not once per worker.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async () => {
    // The script's own work, in process (its command line is a guard and one call), against a fresh mock.
    const mock = await startMockServer();
    const { credentials, hallId, testCustomerId } = mock.context;
    const line = await writeContracts({ baseUrl: mock.url, ...credentials, hallId, testCustomerId, mockServer: mock }, undefined).finally(
      () => mock.close(),
    );
    expect(line).toMatch(/^wrote \S+openapi\.json \(servers: placeholder; examples and session cookies \.AspNet\.HallBooking/);
  });

  test('openapi.json is a valid OpenAPI 3.1 document', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(`${out}openapi.json`);
    expect(result.errors ?? [], 'OpenAPI schema validation errors').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test(
    'openapi.json passes Redocly recommended with no error; its only warnings are 4xx-less operations ' + 'with nothing to refuse',
    async () => {
      const { lint } = await redocly();
      const problems = await lint({ ref: `${out}openapi.json`, config: await recommended() });
      expect(problems.filter((p) => p.severity === 'error').map(where), 'Redocly errors').toEqual([]);
      const warnings = problems.filter((p) => p.severity === 'warn');
      test.info().annotations.push({ type: 'redocly warnings', description: warnings.map(where).join('\n') || 'none' });
      const expected = registry
        .filter(nothingToRefuse)
        .map((e) => `operation-4xx-response at #/paths/${e.path.replaceAll('/', '~1')}/${e.method.toLowerCase()}/responses`);
      expect(warnings.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}`).sort()).toEqual(expected.sort());
    },
  );

  test('servers names HB_BASE_URL when it is given, else the placeholder', () => {
    const servers = (serverUrl?: string) =>
      (openApiDocument({ serverUrl, sessionCookies: ['session'] }).servers as { url: string }[]).map((s) => s.url);
    expect(servers('https://staging.example/hb')).toEqual(['https://staging.example/hb']);
    expect(servers()).toEqual([PLACEHOLDER_SERVER]);
    expect((readDoc() as unknown as { servers: { url: string }[] }).servers.map((s) => s.url)).toEqual([PLACEHOLDER_SERVER]);
  });

  test('the Redocly check catches a document without security schemes or servers', async () => {
    const broken = JSON.parse(readFileSync(`${out}openapi.json`, 'utf8')) as Record<string, unknown> & {
      components: Record<string, unknown>;
    };
    delete broken.servers;
    delete broken.components.securitySchemes;
    const { lintFromString } = await redocly();
    const problems = await lintFromString({
      source: JSON.stringify(broken),
      absoluteRef: `${out}broken.json`,
      config: await recommended(),
    });
    const rules = new Set(problems.filter((p) => p.severity === 'error').map((p) => p.ruleId));
    expect([...rules].sort()).toEqual(expect.arrayContaining(['no-empty-servers', 'security-defined']));
  });

  test('openapi.json holds every registry entry with its method, path and media type', () => {
    const doc = readDoc();
    const missing: string[] = [];
    for (const entry of registry) {
      const op = operationOf(doc, entry);
      const media = entry.kind === 'json' ? 'application/json' : 'text/html';
      if (op?.operationId !== entry.id || !op.responses?.['200']?.content?.[media]) {
        missing.push(`${entry.id} (${entry.method} ${entry.path}, 200 ${media})`);
      }
    }
    expect(missing, 'registry entries absent from openapi.json').toEqual([]);
  });

  test('each operation requires the session cookies, the token header or the token field as its registry entry says', () => {
    const doc = readDoc();
    // One scheme per cookie the mock's login sets, the anti-forgery cookie left out.
    const cookieSchemes = Object.entries(doc.components.securitySchemes)
      .filter(([, scheme]) => scheme.in === 'cookie')
      .map(([name]) => name)
      .sort();
    expect(cookieSchemes.map((n) => doc.components.securitySchemes[n]?.name)).toEqual(['.AspNet.HallBooking', '.HallBooking.Hall']);
    const wrong: string[] = [];
    for (const entry of registry) {
      const op = operationOf(doc, entry)!;
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s)).sort();
      const expected = [
        ...(entry.antiForgery === 'header' ? ['antiForgeryHeader'] : []),
        ...(entry.auth === 'session' ? cookieSchemes : []),
      ];
      if (JSON.stringify(schemes) !== JSON.stringify(expected))
        wrong.push(`${entry.id}: security ${schemes.join('+') || 'none'}, expected ${expected.join('+') || 'none'}`);
      if (entry.antiForgery !== 'none' && !op.responses?.['400']) wrong.push(`${entry.id}: no 400 for a missing token`);
      if (entry.auth === 'session' && !op.responses?.['302']) wrong.push(`${entry.id}: no 302 for a lost session`);
      if (entry.antiForgery === 'form') {
        const schema = op.requestBody?.content['application/x-www-form-urlencoded']?.schema;
        const named = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
        if (!named?.required?.includes(TOKEN_FIELD)) wrong.push(`${entry.id}: form body does not require ${TOKEN_FIELD}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('every read-only JSON endpoint has an example from the mock that its contract accepts', () => {
    const doc = readDoc();
    const problems: string[] = [];
    for (const e of Object.values(endpoints)) {
      if (e.writes) continue;
      const op = operationOf(doc, e)!;
      const example = op.responses?.['200']?.content?.['application/json']?.example;
      if (example === undefined) problems.push(`${e.id}: no response example`);
      else if (!e.response.safeParse(example).success) problems.push(`${e.id}: its example breaks the contract`);
      if (e.body && !e.body.safeParse(op.requestBody?.content['application/json']?.example).success)
        problems.push(`${e.id}: body example missing or refused`);
      const query = Object.fromEntries((op.parameters ?? []).filter((p) => p.example !== undefined).map((p) => [p.name, p.example]));
      if (e.query && !e.query.safeParse(query).success) problems.push(`${e.id}: query examples missing or refused`);
    }
    expect(problems).toEqual([]);
  });

  test("Prism's validating proxy from the export: quiet on the faithful mock, it reports a mutant's break", async () => {
    test.setTimeout(120_000);
    // One Prism in front of one mock: faithful, then playing the mutant.
    const mock = await startMockServer();
    const target = { baseUrl: mock.url, ...mock.context.credentials, hallId: mock.context.hallId, mockServer: mock };
    try {
      await withPrism(`${out}openapi.json`, mock.url, async (url, log) => {
        const faithful = await callsThrough(url, target);
        expect(violationsIn(log()), 'what Prism found on the faithful mock').toEqual([]);
        expect(faithful.refused, 'calls through Prism that failed').toEqual([]);
        expect(faithful.skipped).toEqual([]);
        const seen = log().length;
        mock.context.use(mutantOverride('booking-id-as-string'));
        // The mutant's facts are blocked by its break: the faithful mock's serve (the same seeded hall).
        const broken = await callsThrough(url, target, faithful.facts);
        expect(violationsIn(log().slice(seen)).join('\n'), 'what Prism found on the mutant').toMatch(/GetForHallgrid .*VIOLATIONS/i);
        expect(broken.refused, 'the grids whose ids the mutant made text').toEqual([
          expect.stringMatching(/^listBookingsForHallGrid: HTTP [45]\d\d .*BookingId/),
          expect.stringMatching(/^listChildBookings: HTTP [45]\d\d .*BookingId/),
        ]);
      });
    } finally {
      await mock.close();
    }
  });

  test("exported against a target, the document's examples, ids and session cookies are the target's", async () => {
    // A staging-like server: its own session cookie name and room names.
    const target = await startMockServer();
    target.context.use(
      {
        intercept: async (request, next) => renamedCookies(await next(renamedCookies(request, STAGING, MOCK_COOKIE)), MOCK_COOKIE, STAGING),
      },
      {
        json: (id, data) =>
          id === 'listRoomsForBooking' ? mapItems(data, (r) => ({ ...r, Name: `Staging room ${String(r.ID ?? r.Id)}` })) : data,
      },
    );
    try {
      const { credentials, hallId } = target.context;
      const exported = await exportedFrom(new HbClient({ baseUrl: target.url, ...credentials, hallId, retries: 0 }), {
        baseUrl: target.url,
        hallId,
        mockServer: null,
      });
      const doc = openApiDocument({ serverUrl: target.url, ...exported, examplesFrom: target.url }) as unknown as Doc;
      const cookies = Object.values(doc.components.securitySchemes).filter((s) => s.in === 'cookie');
      expect(cookies.map((s) => s.name)).toEqual([STAGING, '.HallBooking.Hall']);
      const rooms = operationOf(doc, endpoints.listRoomsForBooking)?.responses?.['200']?.content?.['application/json']?.example;
      expect(JSON.stringify(rooms)).toContain('"Name":"Staging room ');
      expect(operationOf(doc, endpoints.listBookingsForHallGrid)?.parameters).toContainEqual(
        expect.objectContaining({ name: 'id', example: hallId }),
      );
    } finally {
      await target.close();
    }
  });

  test('every named schema has a standalone JSON Schema file', () => {
    const expected = Object.keys(jsonSchemaFiles()).sort();
    expect(expected.length).toBeGreaterThan(0);
    const written = existsSync(`${out}schemas`) ? readdirSync(`${out}schemas`).sort() : [];
    expect(written).toEqual(expected);
    for (const name of written) {
      const schema = JSON.parse(readFileSync(`${out}schemas/${name}`, 'utf8')) as { $schema?: string };
      if (name !== '__shared.json') expect(schema.$schema, name).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });
});
