// The coverage model, count and merge (coverage/), proved cheaply: pure checks on the model
// and the merge, and the proxy's "N of 36". The gate is checked on the canary (artefacts/coverage-gate.spec.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoints, LOGIN_PATH, pages, TOKEN_HEADER } from '../../../contracts/index.js';
import { mergeShards } from '../../../coverage/merge.js';
import { coverageModel, OTHER_VALUE } from '../../../coverage/model.js';
import { hitsOf } from '../../../coverage/observe.js';
import type { CoverageFile } from '../../../coverage/file.js';
import { addHit, buildReport, emptyData } from '../../../coverage/tally.js';
import { expect, test } from '../proxy.fixture.js';

const model = coverageModel();
const idsOf = (category: string, route: string) => model.filter((i) => i.category === category && i.route === route).map((i) => i.id);

test.describe('coverage model', () => {
  test('the model holds every endpoint and page, and the documented values of their parameters', () => {
    expect(model.filter((i) => i.category === 'endpoint')).toHaveLength(Object.keys(endpoints).length);
    expect(model.filter((i) => i.category === 'page')).toHaveLength(Object.keys(pages).length);
    expect(idsOf('param', 'listBookingsForHallGrid')).toEqual(
      expect.arrayContaining(
        ['All', 'Requested', 'Confirmed', 'Cancelled', 'NotCancelled', 'HasPending'].map(
          (v) => `param:listBookingsForHallGrid:statusType=${v}`,
        ),
      ),
    );
    expect(idsOf('param', 'listBookingsForHallGrid').filter((id) => id.includes('timerange='))).toHaveLength(6);
    expect(idsOf('param', 'listSchedulerEvents')).toEqual(
      expect.arrayContaining(
        ['roomId=0', `roomId=${OTHER_VALUE}`, 'custView=true', 'custView=false'].map((v) => `param:listSchedulerEvents:${v}`),
      ),
    );
    expect(idsOf('status', 'submitCreateBookingForm')).toEqual(
      expect.arrayContaining(['status:submitCreateBookingForm:reset', 'status:submitCreateBookingForm:login']),
    );
    expect(idsOf('alias', 'listCustomersForHall')).toEqual(expect.arrayContaining(['alias:listCustomersForHall:FullName']));
    expect(model.filter((i) => i.category === 'reading' && !i.mockPlays).map((i) => i.label)).toEqual([
      'timerange=created',
      'timerange=calendar',
    ]);
  });

  test('an exchange counts what went over the wire: values as the service binds them, the login redirect, the reset, the token', () => {
    const grid = hitsOf({
      method: 'GET',
      url: `http://h${endpoints.listBookingsForHallGrid.path}?ID=1&statustype=cancelled&timerange=03`,
      status: 200,
    });
    expect(grid).toEqual(
      expect.arrayContaining([
        'param:listBookingsForHallGrid:statusType=Cancelled',
        'param:listBookingsForHallGrid:timerange=3',
        'param:listBookingsForHallGrid:id',
      ]),
    );
    const room = hitsOf({
      method: 'GET',
      url: `${endpoints.listSchedulerEvents.path}?roomId=104`,
      status: 302,
      location: `${LOGIN_PATH}?ReturnUrl=x`,
    });
    expect(room).toEqual(expect.arrayContaining([`param:listSchedulerEvents:roomId=${OTHER_VALUE}`, 'status:listSchedulerEvents:login']));
    expect(hitsOf({ method: 'POST', url: '/admin/bookings/create', status: null, requestBody: 'Name=x' })).toEqual([
      'page:submitCreateBookingForm:called',
      'status:submitCreateBookingForm:reset',
      'antiForgery:submitCreateBookingForm:without',
    ]);
    const cost = hitsOf({
      method: 'POST',
      url: endpoints.getCostOfBooking.path,
      status: 200,
      requestHeaders: { [TOKEN_HEADER]: '***' },
      requestBody: '{"Rooms":[1]}',
    });
    expect(cost).toEqual(expect.arrayContaining(['antiForgery:getCostOfBooking:with', 'param:getCostOfBooking:body.Rooms']));
    const customers = hitsOf({
      method: 'GET',
      url: endpoints.listAllCustomers.path,
      status: 200,
      responseBody: '{"Data":[{"FullName":"A"}]}',
    });
    expect(customers).toEqual(expect.arrayContaining(['shape:listAllCustomers:{Data}', 'alias:listAllCustomers:FullName']));
    expect(hitsOf({ method: 'GET', url: '/api/Unknown/Thing', status: 200 })).toEqual([]);
  });

  test('shards add up: what each shard exercised is covered in the merge, and the gate holds the whole', () => {
    const shard = (n: number, ids: string[]): CoverageFile => {
      const data = emptyData();
      for (const id of ids) addHit(data, id);
      const report = buildReport(model, data, { offline: true, target: 'built-in mock', gate: false });
      return { ...report, run: { whole: true, shard: `${n}/2`, targetKind: 'mock', gate: 'auto' } };
    };
    const gated = model.filter((i) => ['endpoint', 'page', 'param', 'status'].includes(i.category)).map((i) => i.id);
    const half = Math.floor(gated.length / 2);
    const [one, two] = [shard(1, gated.slice(0, half)), shard(2, gated.slice(half))];
    expect([one.gate.missing.length, two.gate.missing.length], 'each shard alone misses what the other exercised').toEqual([
      gated.length - half,
      half,
    ]);
    const merged = mergeShards([one, two], 'auto');
    expect(merged.gate).toMatchObject({ enabled: true, passed: true, missing: [] });
    expect(merged.totals.param?.covered).toBe(merged.totals.param?.total);
    const alone = mergeShards([one], 'on');
    expect(alone.gate.passed).toBe(false);
    expect(alone.gate.missing).toHaveLength(gated.length - half);
    expect(mergeShards([one], 'auto').gate.enabled, 'one shard of two is not the whole run').toBe(false);
  });
});

test.describe('proxy coverage', () => {
  test('the proxy says how many of the JSON endpoints a session exercised and lists the rest', async ({ startMock, proxyCli }) => {
    const mock = await startMock();
    const proxy = await proxyCli(['--target', mock.url]);
    for (const e of [endpoints.checkSession, endpoints.getRoomDescriptions]) await fetch(`${proxy.url}${e.path}`, { redirect: 'manual' });
    const stopped = await proxy.cli.stop('SIGINT');
    const total = Object.keys(endpoints).length;
    expect(stopped.stdout).toContain(`2 of ${total} JSON endpoints exercised; not exercised: listBookingsForHallGrid, `);
    expect(stopped.stdout).not.toMatch(/not exercised: .*\bcheckSession\b/);
    const dir = join(proxy.reports, 'proxy');
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { coverage: { exercised: number; untouched: string[] } };
    expect(summary.coverage.exercised).toBe(2);
    expect(summary.coverage.untouched).toHaveLength(total - 2);
    expect(readFileSync(join(dir, 'summary.html'), 'utf8')).toContain(`2 of ${total} JSON endpoints exercised`);
    expect(readFileSync(join(dir, 'coverage.html'), 'utf8')).toContain('Never exercised');
  });
});
