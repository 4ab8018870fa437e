// Posting a page's own form as a browser does: GET the page, take its form's successful
// controls, apply the caller's overrides, encode with `%5B`/`%5D`, POST with Origin,
// Referer and `sec-fetch-*` (Fetch Metadata). The answer comes back as is.
import { TOKEN_FIELD, pagePath, pages, type PageId } from '../contracts/index.js';
import { UnexpectedStatusError } from './errors.js';
import { blame } from './evidence/origin.js';
import type { Exchange } from './exchange.js';
import { applyOverrides, encodeForm, entriesOf, pickForm, roomSelection, tokensIn, type FormOverrides, type ParsedForm } from './forms.js';
import { registerSecret } from './secrets.js';
import { isLoginRedirect, type SessionClient } from './session.js';

export interface FormPostOptions {
  /** CSS selector of the form when the page's post form is not the one posting back to the page. */
  formSelector?: string;
  /** Room ids to book: `BookingRoom[i].Selected` checked for exactly these (interface doc, indexed binding). */
  rooms?: readonly (number | string)[];
  /** Entries appended after the form's own (names the page does not carry). */
  extra?: readonly [string, string][];
}

export interface FormReply {
  status: number;
  /** Location of a redirect answer, resolved against the post URL; null otherwise. */
  location: string | null;
  text: string;
  /** URL the form was posted to. */
  url: string;
  /** The form as the page served it. */
  form: ParsedForm;
  /** The urlencoded body exactly as sent (it holds the token: never log it; the exchange has it masked). */
  body: string;
  exchange: Exchange;
}

/** Overrides, or a function choosing them from the page's own form (ids differ between servers). */
export type FormOverridesOrBuilder = FormOverrides | ((form: ParsedForm) => FormOverrides);

/** Headers a browser sends with a same-origin form submission by a user (Fetch Metadata). */
const browserFormHeaders = (origin: string, referer: string): Record<string, string> => ({
  'content-type': 'application/x-www-form-urlencoded',
  origin,
  referer,
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
});

/** `fill()`, or its error thrown after the page's answer is blamed for it (client/evidence/origin.ts). */
function blamingPage<T>(exchange: Exchange, pageId: PageId, fill: () => T): T {
  try {
    return fill();
  } catch (error) {
    blame({ exchange }, { what: `${pageId}: ${(error as Error).message.split('\n')[0] ?? ''}` });
    throw error;
  }
}

/** Post `pageId`'s form through `client`'s session; a login redirect on the GET earns one re-login. */
export async function submitPageForm(
  client: SessionClient,
  pageId: PageId,
  params: Record<string, string | number> = {},
  overridesOrBuilder: FormOverridesOrBuilder = {},
  options: FormPostOptions = {},
): Promise<FormReply> {
  const pageUrlPath = pagePath(pageId, params);
  let page = await client.send(pageUrlPath, { endpointId: pageId });
  if (isLoginRedirect(page.status, page.headers.get('location'))) {
    await client.login();
    page = await client.send(pageUrlPath, { endpointId: pageId });
  }
  if (page.status !== 200) throw new UnexpectedStatusError(page.exchange, 'HTTP 200 with the form');
  // A page whose form cannot be filled (a control or an option missing) is the answer that broke: blamed, then thrown.
  const { form, overrides, rooms, filled } = blamingPage(page.exchange, pageId, () => {
    const form = pickForm(page.text, { postPath: new URL(page.url).pathname, selector: options.formSelector });
    const overrides = typeof overridesOrBuilder === 'function' ? overridesOrBuilder(form) : overridesOrBuilder;
    const rooms = options.rooms ? roomSelection(form, options.rooms) : { overrides: {}, extra: [] };
    return { form, overrides, rooms, filled: applyOverrides(form, { ...rooms.overrides, ...overrides }) };
  });
  const entries = entriesOf(filled);
  // Live notes: any token input of the page is valid; a form without its own takes the layout's.
  if (!entries.some(([k]) => k === TOKEN_FIELD) && !(TOKEN_FIELD in overrides)) {
    const [token] = tokensIn(page.text);
    if (token) entries.push([TOKEN_FIELD, token]);
  }
  for (const [k, v] of entries) if (k === TOKEN_FIELD) registerSecret(v);
  entries.push(...rooms.extra, ...(options.extra ?? []));
  const body = encodeForm(entries);
  const url = new URL(form.action || page.url, page.url).toString();
  const route = Object.values(pages).find((p) => p.method === 'POST' && p.path === pages[pageId].path);
  const reply = await client.send(url, {
    method: 'POST',
    body,
    endpointId: route?.id ?? `${pageId} form post`,
    headers: browserFormHeaders(new URL(client.baseUrl).origin, page.url),
  });
  const location = reply.headers.get('location');
  return {
    status: reply.status,
    location: location ? new URL(location, url).toString() : null,
    text: reply.text,
    url,
    form,
    body,
    exchange: reply.exchange,
  };
}
