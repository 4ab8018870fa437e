// The catalogue of deliberate regressions for `npm run mutation`: each mutant is one
// realistic break of a behaviour the interface document (or the live notes) names.
// A mutant is a MockOverride (mock-server/context.ts) installed for the server's life: it
// changes JSON answers after the contract check, or requests and responses at the bridge.
import {
  ActivityType,
  ADMIN_PREFIX,
  API_PREFIX,
  Booking,
  type BookingFormField,
  BookingGridQuery,
  CalendarEvent,
  Customer,
  listItems,
  LOGIN_PATH,
  type LoginFormFields,
  PriceRate,
  Room,
  ROOM_COLOUR_LIST_ID,
  routeMatches,
  SchedulerQuery,
  TOKEN_FIELD,
  TOKEN_HEADER,
  endpoints as E,
  pages,
  type Domain,
  type EndpointId,
} from '../contracts/index.js';
import type { MockContext, MockOverride } from './context.js';
import { hasRawBracketInFieldName } from './handlers/filter.js';
import { securityMutants } from './mutants-security.js';
import { bookingItem, roomItem } from './handlers/present.js';
import { cookiesOf, currentUser } from './routes.js';
import { timeRangeMutants } from './mutants-time-range.js';
import { ANTIFORGERY_COOKIE, AUTH_COOKIE } from './session.js';

export type MutantArea = Domain | 'wire' | 'pages';

/** A deliberate regression: an override of the mock with an id and the behaviour it breaks. */
export interface Mutant extends MockOverride {
  /** Stable kebab-case id, passed as HB_MOCK_MUTANT. */
  id: string;
  area: MutantArea;
  /** The documented behaviour it breaks, and where the document says so. */
  breaks: string;
}

type Item = Record<string, unknown>;
const isItem = (x: unknown): x is Item => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Map the items of a list answer, keeping its shape. */
function mapItems(data: unknown, fn: (item: Item) => Item): unknown {
  const map = (xs: unknown[]) => xs.map((x) => (isItem(x) ? fn({ ...x }) : x));
  if (Array.isArray(data)) return map(data);
  if (isItem(data) && Array.isArray(data.Data)) return { ...data, Data: map(data.Data) };
  return data;
}

/** Replace the items of a list answer, keeping its shape (and its Total honest). */
function withItems(data: unknown, items: unknown[]): unknown {
  if (isItem(data) && Array.isArray(data.Data)) return { ...data, Data: items, Total: items.length };
  return items;
}

/** A contract schema with its fields (an object, a loose one, or one with aliases). */
type Shaped = { shape: object };
/** A list item as a mutant sees it: only the contract's field names, so a rename there fails to compile here. */
type ItemOf<S extends Shaped> = { [K in keyof S['shape']]?: unknown };
/** A query parameter of an endpoint's query schema. */
type ParamOf<S extends Shaped> = keyof S['shape'] & string;

/** A JSON mutant of some endpoints' list items, whose fields are those of `schema`. */
const onItems =
  <S extends Shaped>(_schema: S, ids: readonly EndpointId[], fn: (item: ItemOf<S>) => ItemOf<S>): Mutant['json'] =>
  (id, data) =>
    (ids as readonly string[]).includes(id) ? mapItems(data, fn) : data;

/** The item with one field changed. */
const set = <T extends object>(item: T, key: keyof T, value: unknown): T => ({ ...item, [key]: value });

/** The item without these fields. */
function without<T extends object>(item: T, ...keys: (keyof T)[]): T {
  for (const k of keys) delete item[k];
  return item;
}

/** Field names, checked against the contracts so a rename there fails to compile here. */
const EMAIL = 'Email' satisfies keyof LoginFormFields;
const PASSWORD = 'Password' satisfies keyof LoginFormFields;
const PRICE_RATE = 'PriceRateId' satisfies BookingFormField;

const BOOKING_LISTS = ['listBookingsForHallGrid', 'listChildBookings'] as const;
const CUSTOMER_LISTS = ['listCustomersForHall', 'listAllCustomers'] as const;
const ROOM_LISTS = ['listRoomsForBooking', 'listRoomsForGrid'] as const;

/**
 * Whether a request is for a registry entry's route, or under a prefix such as `${API_PREFIX}*`
 * (`routeMatches`, the one path matcher of faults and mutants).
 */
const isAt = (request: Request, route: { path: string } | string) =>
  routeMatches(typeof route === 'string' ? route : route.path, new URL(request.url).pathname);
/** A prefix pattern for `isAt`. */
const under = (prefix: string) => `${prefix}*`;

/** The request with query parameters changed (names are case-insensitive, live notes). */
function withQuery(request: Request, change: (params: URLSearchParams) => void): Request {
  const url = new URL(request.url);
  change(url.searchParams);
  return new Request(url, request);
}
type GridOrFeedParam = ParamOf<typeof BookingGridQuery> | ParamOf<typeof SchedulerQuery>;
const dropParam = (params: URLSearchParams, name: GridOrFeedParam) => {
  for (const key of [...params.keys()]) if (key.toLowerCase() === name.toLowerCase()) params.delete(key);
};

/** The request with another raw body (bytes untouched elsewhere, so the filter still sees them). */
function withRawBody(request: Request, raw: string, headers: Headers = request.headers): Request {
  return new Request(request.url, { method: request.method, headers, body: raw });
}

/** The request with one cookie set (replacing any of that name). */
function withCookie(request: Request, name: string, value: string, headers = new Headers(request.headers)): Headers {
  const jar = { ...cookiesOf(request), [name]: value };
  headers.set(
    'cookie',
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  );
  return headers;
}

const isFormPost = (request: Request) =>
  request.method === 'POST' && (request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded');

/** Field names of a raw urlencoded body, undecoded. */
const rawNames = (raw: string) => raw.split('&').map((pair) => pair.split('=', 1)[0] ?? '');

async function rewriteHtml(response: Response | undefined, fn: (html: string) => string): Promise<Response | undefined> {
  if (!response || !(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const html = fn(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Runs the request, then puts the data back as it was: a write acknowledged but not stored. */
const notStored =
  (matches: (request: Request) => boolean): Mutant['intercept'] =>
  async (request, next, ctx) => {
    if (!matches(request)) return next(request);
    const before = structuredClone(ctx.state);
    const response = await next(request);
    ctx.state = before;
    return response;
  };

/** Replaces a 200 answer of one registry entry. */
const replaceAnswer =
  (entry: { path: string }, answer: () => Response): Mutant['intercept'] =>
  async (request, next) => {
    const response = await next(request);
    return isAt(request, entry) && response?.status === 200 ? answer() : response;
  };

/** Ignores a query parameter of the grid endpoint, as if the server never read it. */
const gridIgnores =
  (param: ParamOf<typeof BookingGridQuery>): Mutant['intercept'] =>
  (request, next) =>
    next(isAt(request, E.listBookingsForHallGrid) ? withQuery(request, (p) => dropParam(p, param)) : request);

const ticketFor = (ctx: MockContext) => ctx.keys.issueTicket({ user: ctx.credentials.email, issued: Date.now(), epoch: ctx.sessionEpoch });

/** Serves requests under `prefix` as if signed in, whatever the cookies say. */
const servedWithoutSession =
  (prefix: string): Mutant['intercept'] =>
  (request, next, ctx) => {
    if (!isAt(request, under(prefix)) || currentUser(ctx, request)) return next(request);
    return next(new Request(request, { headers: withCookie(request, AUTH_COOKIE, ticketFor(ctx)) }));
  };

/** An anti-forgery cookie of the request (or a new one) and a form token valid for it. */
function validToken(ctx: MockContext, request: Request): { token: string; headers: Headers } {
  const cookie = cookiesOf(request)[ANTIFORGERY_COOKIE] ?? ctx.keys.newCookieToken();
  const headers = withCookie(request, ANTIFORGERY_COOKIE, cookie);
  return { token: ctx.keys.formToken(cookie, currentUser(ctx, request) ?? ''), headers };
}

const DAY = 24 * 3600 * 1000;

/** A grid item as the mock presents it, its extra `HallId` included (handlers/present.ts). */
type GridItem = { [K in keyof ReturnType<typeof bookingItem>]?: unknown };

export const mutants = [
  // Booking (grid item): types and presence, interface doc "Booking (grid item)".
  {
    id: 'booking-id-as-string',
    area: 'bookings',
    breaks: 'Booking.BookingId is an int',
    json: onItems(Booking, BOOKING_LISTS, (b) => set(b, 'BookingId', String(b.BookingId))),
  },
  {
    id: 'booking-start-not-iso',
    area: 'bookings',
    breaks: 'Booking.StartDateTime is ISO 8601 (YYYY-MM-DDTHH:MM:SS)',
    json: onItems(Booking, BOOKING_LISTS, (b) => {
      const s = String(b.StartDateTime);
      return set(b, 'StartDateTime', `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}`);
    }),
  },
  {
    id: 'booking-customer-id-missing',
    area: 'bookings',
    breaks: 'Booking.CustomerId is present (GUID of the customer)',
    json: onItems(Booking, BOOKING_LISTS, (b) => without(b, 'CustomerId')),
  },
  {
    id: 'booking-is-recurring-as-string',
    area: 'bookings',
    breaks: 'Booking.IsRecurring is a boolean',
    json: onItems(Booking, BOOKING_LISTS, (b) => set(b, 'IsRecurring', b.IsRecurring ? 'True' : 'False')),
  },
  {
    id: 'booking-status-off-list',
    area: 'bookings',
    breaks: 'Booking.Status is one of Requested, Confirmed, Cancelled ("States and transitions")',
    json: onItems(Booking, BOOKING_LISTS, (b) => (b.Status === 'Confirmed' ? set(b, 'Status', 'Approved') : b)),
  },
  {
    id: 'grid-wrapper-renamed',
    area: 'bookings',
    breaks: 'the grid answers a bare array or {Data: [...]}, not {Items: [...]}',
    json: (id, data) => (id === 'listBookingsForHallGrid' ? { Items: listItems(data) ?? [], Total: listItems(data)?.length ?? 0 } : data),
  },
  {
    id: 'child-bookings-empty',
    area: 'bookings',
    breaks: 'getforparentgrid returns the child bookings of a recurring parent',
    json: (id, data) => (id === 'listChildBookings' ? withItems(data, []) : data),
  },
  // Customer, Room, Activity type, Price rate: aliases, types and presence.
  {
    id: 'customer-name-alias-dropped',
    area: 'customers',
    breaks: 'Customer carries Name (or FullName)',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => without(c, 'Name', 'FullName')),
  },
  {
    id: 'customer-phone-alias-dropped',
    area: 'customers',
    breaks: 'Customer carries Phone (or PhoneNumber)',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => without(c, 'Phone', 'PhoneNumber')),
  },
  {
    id: 'customer-user-id-missing',
    area: 'customers',
    breaks: 'Customer.UserId (a GUID) is present',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => without(c, 'UserId')),
  },
  {
    id: 'customer-is-blocked-as-string',
    area: 'customers',
    breaks: 'Customer.IsBlocked is a boolean',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => set(c, 'IsBlocked', String(c.IsBlocked))),
  },
  {
    id: 'room-id-alias-dropped',
    area: 'rooms',
    breaks: 'Room carries ID (or Id)',
    json: onItems(Room, ROOM_LISTS, (r) => without(r, 'ID', 'Id')),
  },
  {
    id: 'room-row-number-as-string',
    area: 'rooms',
    breaks: 'Room.rowNumber is an int',
    json: onItems(Room, ROOM_LISTS, (r) => set(r, 'rowNumber', String(r.rowNumber))),
  },
  {
    id: 'activity-type-hall-id-missing',
    area: 'catalog',
    breaks: 'Activity type carries HallId (int)',
    json: onItems(ActivityType, ['listActivityTypes'], (a) => without(a, 'HallId')),
  },
  {
    id: 'price-rate-id-as-string',
    area: 'catalog',
    breaks: 'Price rate Id is an int',
    json: onItems(PriceRate, ['listPriceRates'], (p) => set(p, 'Id', String(p.Id))),
  },
  // Calendar event and room colours, interface doc "Calendar event (scheduler)", "Room colour mapping".
  {
    id: 'event-id-alias-dropped',
    area: 'scheduler',
    breaks: 'Calendar event carries id (or Id, live notes)',
    json: onItems(CalendarEvent, ['listSchedulerEvents'], (e) => without(e, 'id', 'Id')),
  },
  {
    id: 'event-colour-not-hex',
    area: 'scheduler',
    breaks: 'Calendar event color is a hex colour such as #rrggbb',
    json: onItems(CalendarEvent, ['listSchedulerEvents'], (e) => set(e, 'color', 'steelblue')),
  },
  {
    id: 'event-end-missing',
    area: 'scheduler',
    breaks: 'Calendar event carries end (ISO 8601)',
    json: onItems(CalendarEvent, ['listSchedulerEvents'], (e) => without(e, 'end')),
  },
  {
    id: 'scheduler-colours-rotated',
    area: 'scheduler',
    breaks: "an event's color identifies its room: the colour the scheduler page shows for that room",
    json: (id, data, ctx) => {
      if (id !== 'listSchedulerEvents') return data;
      const palette = [...new Set(ctx.state.rooms.map((r) => r.colour.toLowerCase()))];
      return mapItems(data, (e) => {
        const i = palette.indexOf(String(e.color).toLowerCase());
        return i < 0 ? e : { ...e, color: palette[(i + 1) % palette.length] };
      });
    },
  },
  {
    id: 'room-colour-list-missing',
    area: 'pages',
    breaks: 'the scheduler page holds #RoomColorList .room-label elements',
    intercept: async (request, next) => {
      const response = await next(request);
      return isAt(request, pages.schedulerPage) ? rewriteHtml(response, (h) => h.replaceAll(ROOM_COLOUR_LIST_ID, 'RoomLegend')) : response;
    },
  },
  // Filters, interface doc "Bookings" and "Scheduler" query tables.
  { id: 'grid-ignores-status-type', area: 'bookings', breaks: 'statusType filters the grid', intercept: gridIgnores('statusType') },
  { id: 'grid-ignores-timerange', area: 'bookings', breaks: 'timerange filters the grid', intercept: gridIgnores('timerange') },
  { id: 'grid-ignores-year', area: 'bookings', breaks: 'year filters the grid', intercept: gridIgnores('year') },
  {
    id: 'grid-ignores-start-date-from',
    area: 'bookings',
    breaks: 'startDateFrom bounds the grid below',
    intercept: gridIgnores('startDateFrom'),
  },
  {
    id: 'grid-ignores-start-date-to',
    area: 'bookings',
    breaks: 'startDateTo bounds the grid above',
    intercept: gridIgnores('startDateTo'),
  },
  {
    id: 'scheduler-ignores-room-id',
    area: 'scheduler',
    breaks: 'roomId restricts the calendar events to one room (0 = all)',
    intercept: (request, next) => next(isAt(request, E.listSchedulerEvents) ? withQuery(request, (p) => dropParam(p, 'roomId')) : request),
  },
  {
    id: 'scheduler-ignores-window',
    area: 'scheduler',
    breaks: 'start and end bound the calendar events returned',
    intercept: (request, next) =>
      next(
        isAt(request, E.listSchedulerEvents)
          ? withQuery(request, (p) => {
              dropParam(p, 'start');
              dropParam(p, 'end');
              p.set('start', new Date(Date.now() - 3650 * DAY).toISOString().slice(0, 19) + 'Z');
              p.set('end', new Date(Date.now() + 3650 * DAY).toISOString().slice(0, 19) + 'Z');
            })
          : request,
      ),
  },
  // Hall scoping: "Most reads are scoped to one hall".
  {
    id: 'grid-ignores-hall',
    area: 'bookings',
    breaks: 'the grid lists the bookings of the hall asked for only',
    json: (id, data, ctx) => {
      if (id !== 'listBookingsForHallGrid') return data;
      const items = listItems(data) ?? [];
      const shown = new Set(items.map((b) => (isItem(b) ? b.BookingId : undefined)));
      const others = ctx.state.bookings.filter((b) => b.parentId === null && !shown.has(b.id)).map((b) => bookingItem(ctx, b));
      return withItems(data, [...items, ...others]);
    },
  },
  {
    // Regressions a staging-like server showed: the grid items there carry no
    // HallId, so only what the document names (RoomsUsed, rooms of the hall) can show it.
    id: 'grid-includes-other-hall',
    area: 'bookings',
    breaks: 'the grid lists the bookings of the hall asked for only, seen through RoomsUsed (grid items without HallId)',
    intercept: async (request, next, ctx) => {
      const own = await next(request);
      const other = ctx.state.halls.find((h) => h.id !== ctx.hallId);
      if (!isAt(request, E.listBookingsForHallGrid) || own?.status !== 200 || !other) return own;
      const theirs = await next(
        withQuery(request, (p) => {
          dropParam(p, 'id');
          p.set('id', String(other.id));
        }),
      );
      const data: unknown = await own.json();
      const items = [...(listItems(data) ?? []), ...(listItems(await theirs?.json()) ?? [])].map((b) =>
        isItem(b) ? without<GridItem>({ ...b }, 'HallId') : b,
      );
      return Response.json(withItems(data, items));
    },
  },
  {
    id: 'rooms-ignore-hall',
    area: 'rooms',
    breaks: 'the rooms grid lists the rooms of the hall asked for only',
    json: (id, data, ctx) => {
      if (id !== 'listRoomsForGrid') return data;
      const items = listItems(data) ?? [];
      const shown = new Set(items.map((r) => (isItem(r) ? (r.ID ?? r.Id) : undefined)));
      return withItems(data, [...items, ...ctx.state.rooms.filter((r) => !shown.has(r.id)).map((r) => roomItem(ctx, r))]);
    },
  },
  {
    id: 'availability-ignores-bookings',
    area: 'bookings',
    breaks: 'CheckAvailability tells a slot an existing booking holds from a free one',
    json: (id, data) => (id === 'checkAvailability' ? { IsAvailable: true, ConflictingBookingIds: [] } : data),
  },
  {
    id: 'cust-view-not-masked',
    area: 'scheduler',
    breaks: 'custView=true masks the titles of requested bookings (live notes)',
    intercept: (request, next) =>
      next(isAt(request, E.listSchedulerEvents) ? withQuery(request, (p) => dropParam(p, 'custView')) : request),
  },
  // Writes acknowledged but not stored.
  {
    id: 'create-not-stored',
    area: 'bookings',
    breaks: 'a created booking appears in the grid (live notes: find it by name and start)',
    intercept: notStored((r) => r.method === 'POST' && isAt(r, pages.submitCreateBookingForm)),
  },
  {
    id: 'edit-not-stored',
    area: 'bookings',
    breaks: 'an edit post changes the booking',
    intercept: notStored((r) => r.method === 'POST' && isAt(r, pages.submitEditBookingForm)),
  },
  {
    id: 'delete-not-stored',
    area: 'bookings',
    breaks: 'a deleted booking leaves the not-cancelled grid (live notes)',
    intercept: notStored((r) => isAt(r, pages.deleteBooking)),
  },
  {
    id: 'request-changes-not-stored',
    area: 'bookings',
    breaks: 'requesting changes makes HasPendingBookingChanges and the HasPending filter report them (live notes)',
    intercept: notStored((r) => isAt(r, pages.requestBookingChanges)),
  },
  {
    id: 'pending-changes-not-reported',
    area: 'bookings',
    breaks: 'HasPendingBookingChanges reflects a pending change (live notes)',
    json: (id, data) => (id === 'hasPendingBookingChanges' ? false : data),
  },
  {
    id: 'block-user-not-stored',
    area: 'customers',
    breaks: 'BlockUser blocks the customer (IsBlocked)',
    intercept: notStored((r) => r.method === 'POST' && isAt(r, E.blockUser)),
  },
  // Login and sessions, interface doc "Authentication".
  {
    id: 'login-accepts-wrong-password',
    area: 'account',
    breaks: `a wrong password answers 200 at ${LOGIN_PATH}`,
    intercept: async (request, next, ctx) => {
      if (!isFormPost(request) || !isAt(request, pages.submitLoginForm)) return next(request);
      const form = new URLSearchParams(await request.clone().text());
      const { email, password } = ctx.credentials;
      if (form.get(EMAIL)?.toLowerCase() === email.toLowerCase()) form.set(PASSWORD, password);
      return next(withRawBody(request, form.toString()));
    },
  },
  {
    id: 'login-success-not-redirected',
    area: 'account',
    breaks: `a successful login answers 302 away from ${LOGIN_PATH}`,
    intercept: async (request, next) => {
      const response = await next(request);
      const loggedIn = request.method === 'POST' && isAt(request, pages.submitLoginForm) && response?.status === 302;
      if (!loggedIn) return response;
      const headers = new Headers(response.headers);
      headers.delete('location');
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response('<!DOCTYPE html><html><head><title>Welcome</title></head><body><h1>Welcome back</h1></body></html>', {
        status: 200,
        headers,
      });
    },
  },
  {
    id: 'session-check-always-200',
    area: 'scheduler',
    breaks: 'HasJustLoggedIn redirects once the session is no longer valid',
    intercept: (request, next) => (isAt(request, E.checkSession) ? Promise.resolve(Response.json(true)) : next(request)),
  },
  {
    id: 'api-served-without-session',
    area: 'wire',
    breaks: 'every JSON endpoint requires the session cookies (Endpoints, common rule 1)',
    intercept: servedWithoutSession(API_PREFIX),
  },
  {
    id: 'admin-pages-served-without-session',
    area: 'wire',
    breaks: 'admin pages require the session cookies (Endpoints, common rule 1)',
    intercept: servedWithoutSession(ADMIN_PREFIX),
  },
  {
    id: 'json-token-not-checked',
    area: 'wire',
    breaks: 'a JSON POST needs the RequestVerificationToken header (common rule 2)',
    intercept: (request, next, ctx) => {
      if (request.method !== 'POST' || !isAt(request, under(API_PREFIX))) return next(request);
      const { token, headers } = validToken(ctx, request);
      headers.set(TOKEN_HEADER, token);
      return next(new Request(request, { headers }));
    },
  },
  {
    id: 'form-token-not-checked',
    area: 'wire',
    breaks: 'a form POST needs the __RequestVerificationToken field (common rule 3)',
    intercept: async (request, next, ctx) => {
      if (!isFormPost(request) || !isAt(request, under(ADMIN_PREFIX))) return next(request);
      const raw = await request.clone().text();
      const { token, headers } = validToken(ctx, request);
      const kept = raw.split('&').filter((pair) => pair && (pair.split('=', 1)[0] ?? '') !== TOKEN_FIELD);
      return next(withRawBody(request, [...kept, `${TOKEN_FIELD}=${encodeURIComponent(token)}`].join('&'), headers));
    },
  },
  // The request filter, interface doc "Create booking", wire requirements.
  {
    id: 'request-filter-removed',
    area: 'wire',
    breaks: 'a literal bracket in a form field name resets the connection',
    intercept: async (request, next) => {
      if (!isFormPost(request)) return next(request);
      const raw = await request.clone().text();
      if (!hasRawBracketInFieldName(raw)) return next(request);
      const encoded = raw.split('&').map((pair) => {
        const [name = '', ...rest] = pair.split('=');
        return [name.replace(/\[/g, '%5B').replace(/\]/g, '%5D'), ...rest].join('=');
      });
      return next(withRawBody(request, encoded.join('&')));
    },
  },
  {
    id: 'request-filter-resets-encoded-brackets',
    area: 'wire',
    breaks: '%5B and %5D in form field names pass the request filter',
    intercept: async (request, next, ctx) => {
      if (!isFormPost(request)) return next(request);
      if (!rawNames(await request.clone().text()).some((n) => /%5[bd]/i.test(n))) return next(request);
      ctx.resets += 1;
      return Response.error();
    },
  },
  // Pages and forms.
  {
    id: 'create-form-lacks-price-rate',
    area: 'pages',
    breaks: 'the create form carries the required field PriceRateId',
    intercept: async (request, next) => {
      const response = await next(request);
      return request.method === 'GET' && isAt(request, pages.createBookingPage)
        ? rewriteHtml(response, (h) => h.replace(new RegExp(`name=(["'])${PRICE_RATE}\\1`, 'g'), 'name=$1PriceRate$1'))
        : response;
    },
  },
  // Endpoints whose body is unspecified still answer JSON 200 (Endpoints: JSON endpoints under /api/).
  {
    id: 'unspecified-endpoint-returns-html',
    area: 'catalog',
    breaks: 'GetFixedSlots answers JSON, not an HTML page',
    intercept: replaceAnswer(
      E.getFixedTimeSlots,
      () =>
        new Response('<!DOCTYPE html><html><body><h1>Fixed slots</h1></body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    ),
  },
  {
    id: 'unspecified-endpoint-returns-500',
    area: 'customers',
    breaks: 'GetGroupsForCustomer answers 200 for a signed-in user',
    intercept: replaceAnswer(E.getGroupsForCustomer, () => Response.json({ Message: 'An error has occurred.' }, { status: 500 })),
  },
  ...timeRangeMutants,
  // Generated inputs and security regressions, caught by the generated checks (fixtures/fuzz/).
  ...securityMutants,
] as const satisfies readonly Mutant[];

export type MutantId = (typeof mutants)[number]['id'];

export class UnknownMutantError extends Error {
  override name = 'UnknownMutantError';
}

/** Look a mutant up by id; an unknown id lists the known ones. */
export function findMutant(id: string): Mutant {
  const mutant = (mutants as readonly Mutant[]).find((m) => m.id === id);
  if (!mutant) throw new UnknownMutantError(`HB_MOCK_MUTANT: no mutant "${id}"; known: ${mutants.map((m) => m.id).join(', ')}`);
  return mutant;
}

/** A mutant as the override that plays it. */
export function mutantOverride(id: string): MockOverride {
  const { json, intercept } = findMutant(id);
  return { json, intercept };
}
