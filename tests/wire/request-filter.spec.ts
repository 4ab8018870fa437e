// The request filter (interface doc, Create booking "Wire requirements"; live notes):
// a urlencoded form post with a literal `[` or `]` in a field name has its TCP
// connection reset; the same body with `%5B`/`%5D` reaches the server. Browsers always
// encode brackets, so this takes non-browser clients.
import { request as playwrightRequest } from '@playwright/test';
import { TOKEN_FIELD, pagePath } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';

const RAW = 'Name=Wire+check&BookingRoom[0].RoomId=1&BookingRoom[0].Selected=true';
const ENCODED = RAW.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

test.describe('request filter @wire', () => {
  test('a form post with literal brackets in a field name is reset for Node fetch', async ({ target }) => {
    const url = new URL(pagePath('submitCreateBookingForm'), target.baseUrl).toString();
    const error = await fetch(url, { method: 'POST', headers: FORM, body: RAW }).then(() => null, (e: unknown) => e);
    expect(error, `POST ${url} with raw brackets answered instead of being reset`).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNRESET');
  });

  test('a form post with literal brackets in a field name is reset for the Playwright request client', async ({ target }) => {
    const ctx = await playwrightRequest.newContext({ baseURL: target.baseUrl, storageState: { cookies: [], origins: [] } });
    const path = pagePath('submitCreateBookingForm');
    const error = await ctx.post(path, { headers: FORM, data: RAW, maxRedirects: 0 }).then(() => null, (e: unknown) => e);
    expect(String(error), `POST ${path} with raw brackets`).toContain('ECONNRESET');
    await ctx.dispose();
  });

  test('the same form post with %5B/%5D reaches the server', async ({ target, api }) => {
    const token = await api.antiForgeryToken();
    const ctx = await playwrightRequest.newContext({ baseURL: target.baseUrl, storageState: await api.toStorageState() });
    const path = pagePath('submitCreateBookingForm');
    // An incomplete form: any HTTP answer shows the filter let it through.
    const reply = await ctx.post(path, { headers: FORM, data: `${ENCODED}&${TOKEN_FIELD}=${encodeURIComponent(token)}`, maxRedirects: 0 });
    expect(reply.status(), `POST ${path} with encoded brackets got an HTTP answer`).toBeGreaterThanOrEqual(200);
    const viaFetch = await fetch(new URL(path, target.baseUrl), { method: 'POST', headers: FORM, body: ENCODED, redirect: 'manual' });
    expect(viaFetch.status, 'Node fetch with encoded brackets got an HTTP answer').toBeGreaterThanOrEqual(200);
    await ctx.dispose();
  });
});
