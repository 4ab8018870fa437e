// The client masks secrets in every exchange it hands out, including the anti-forgery
// tokens inside the HTML of the pages it fetches, before anyone has read them.
import { expect, test } from '../../../fixtures/index.js';
import { HbClient } from '../../../client/client.js';
import type { Exchange } from '../../../client/exchange.js';

test.describe('client masking', () => {
  test('HbClient exchanges carry no password, cookie value or page token', async ({ target }) => {
    const seen: Exchange[] = [];
    const client = new HbClient({
      baseUrl: target.baseUrl,
      email: target.email,
      password: target.password,
      hallId: target.hallId,
      onExchange: (x) => seen.push(x),
    });
    await client.login();
    // The token comes from a page body: that page's exchange must already have it masked.
    const token = await client.antiForgeryToken();
    const cookies = (await client.jar.getCookies(target.baseUrl)).filter((c) => c.value.length >= 16).map((c) => c.value);
    const secrets = [target.password, token, ...cookies];
    expect(cookies.length, 'a session cookie to look for').toBeGreaterThan(0);
    const text = JSON.stringify(seen);
    expect(seen.length).toBeGreaterThan(2);
    for (const s of secrets) expect(text.includes(s), `a secret of length ${s.length} in the exchanges`).toBe(false);
  });
});
