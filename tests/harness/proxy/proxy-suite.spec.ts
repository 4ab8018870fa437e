// Calls through the proxy, in the worker: every JSON endpoint of the registry, called with the
// contract tests' arguments through a proxy in front of the worker's mock, is checked with no
// violation recorded; behind a mutated mock the client and the proxy both name the broken endpoint
// and field path, and `npm run proxy` exits 1. No child Playwright run: a client of the test's own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoints, type EndpointId } from '../../../contracts/index.js';
import { scanArtefacts } from '../../../reporting/artefact-secrets.js';
import { argumentsFor } from '../../../client/contract-arguments.js';
import { HbClient } from '../../../client/client.js';
import { ContractError } from '../../../client/errors.js';
import type { MockContext } from '../../../mock-server/context.js';
import { expect, test } from '../proxy.fixture.js';

/** A client of the mock's credentials whose every call goes through `proxyUrl`. */
const clientThrough = (proxyUrl: string, mock: MockContext) =>
  new HbClient({ baseUrl: proxyUrl, ...mock.credentials, hallId: mock.hallId, maxConcurrency: 4 });

test.describe('calls through the proxy', () => {
  test('every JSON endpoint called through the proxy in front of the mock is checked, and no violation is recorded', async ({
    contractProxy,
    mock,
    facts,
  }) => {
    const client = clientThrough(contractProxy.url, mock);
    await client.ensureSession();
    const ids = Object.keys(endpoints) as EndpointId[];
    for (const id of ids) await client.call(id, argumentsFor(id, facts));

    const record = contractProxy.record;
    expect(record.violations.map((e) => `${e.endpointId} ${e.path} ${e.issues.map((i) => i.path).join(',')}`)).toEqual([]);
    const checked = record
      .summary()
      .filter((s) => (s.verdicts.ok ?? 0) + (s.verdicts.drift ?? 0) > 0)
      .map((s) => s.endpointId);
    // Every JSON endpoint was seen and checked, and the login page.
    for (const id of ['listBookingsForHallGrid', 'listCustomersForHall', 'listSchedulerEvents', 'checkAvailability', 'loginPage']) {
      expect(checked, `${id} checked through the proxy`).toContain(id);
    }
    expect(checked.length, `endpoints checked: ${checked.join(', ')}`).toBeGreaterThanOrEqual(ids.length);
    // The mock carries two keys the contract does not name (README: the grid's HallId, the feed's RoomId): drift, not violations.
    expect(record.drift.get('listBookingsForHallGrid')?.unknownKeys).toContain('$[].HallId');
    expect(mock.received.length, 'the mock answered what the proxy forwarded').toBeGreaterThan(checked.length);
  });

  test('behind a mutated mock the proxy prints and records the violation, naming endpoint and field path, and exits 1', async ({
    startMock,
    proxyCli,
  }) => {
    const mutated = await startMock({ mutant: 'booking-id-as-string' });
    const issued: string[] = [];
    mutated.context.keys.onIssue = (secret) => issued.push(secret);
    const proxy = await proxyCli(['--target', mutated.url]);
    const client = clientThrough(proxy.url, mutated.context);
    await client.ensureSession();
    const call = client.call('listBookingsForHallGrid', { query: { id: mutated.context.hallId } });
    await expect(call, 'the client catches the mutant too').rejects.toThrow(ContractError);

    const [line] = await proxy.cli.waitFor(/^✖ contract broken: listBookingsForHallGrid GET \S+ → HTTP 200: .*$/m);
    expect(line).toContain('$[0].BookingId: Invalid input: expected number, received string');
    test.info().annotations.push({ type: 'violation line', description: line });
    const stopped = await proxy.cli.stop('SIGINT');
    expect(stopped.status, stopped.stdout + stopped.stderr).toBe(1);
    expect(stopped.stdout).toMatch(/hb-proxy stopped \(SIGINT\): \d+ requests, [1-9]\d* contract violation\(s\)/);
    expect(stopped.stderr).toBe('');

    const dir = join(proxy.reports, 'proxy');
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
      violations: string[];
      endpoints: { endpointId: string; issues: string[] }[];
    };
    expect(summary.violations.some((v) => v.includes('listBookingsForHallGrid') && v.includes('$[0].BookingId'))).toBe(true);
    expect(summary.endpoints.find((e) => e.endpointId === 'listBookingsForHallGrid')?.issues).toContain(
      '$[0].BookingId: Invalid input: expected number, received string',
    );
    expect(readFileSync(join(dir, 'summary.html'), 'utf8')).toContain('listBookingsForHallGrid');
    expect(existsSync(join(dir, 'drift.json')) && existsSync(join(dir, 'exchanges.json'))).toBe(true);

    // The record and the console hold no password, and no cookie value or token the mock issued.
    const exchanges = readFileSync(join(dir, 'exchanges.json'), 'utf8');
    expect(exchanges, 'the login post was recorded (masked)').toMatch(/Password=\*\*\*/);
    const secrets = new Map<string, string>([[mutated.context.credentials.password, 'the password']]);
    for (const [i, s] of issued.entries()) secrets.set(s, `ticket or token #${i + 1} issued by the mock`);
    expect(issued.length, 'the mock issued session tickets and tokens to search for').toBeGreaterThan(1);
    const hits = scanArtefacts([dir], secrets, { 'the proxy console': stopped.stdout });
    expect(hits).toEqual([]);
  });
});
