// The one declaration of every endpoint and page of the interface document. The
// client, the contract tests, the mock and the OpenAPI export all read it.
import { z } from 'zod';
import { serverPath, UnspecifiedJson } from './common.js';
import * as B from './bookings.js';
import * as C from './customers.js';
import * as K from './catalog.js';
import * as S from './scheduler.js';
import { LOGIN_PATH, LoginFormFields, TOKEN_FIELD } from './account.js';

export type Domain = 'account' | 'bookings' | 'customers' | 'catalog' | 'rooms' | 'scheduler';
export type Method = 'GET' | 'POST';

/** A JSON endpoint under `/api/`. */
export interface JsonEndpoint<Q extends z.ZodType = z.ZodType, Bd extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  kind: 'json';
  /** Stable camelCase id, used by tests, the client, the mock and the export: the entry's key, stamped by `keyed`. */
  id: string;
  domain: Domain;
  method: Method;
  /** Path exactly as the interface document spells it (the service is case-insensitive). */
  path: string;
  summary: string;
  /** Query-string schema; absent when the document lists no parameters. */
  query?: Q;
  /** JSON body schema for POSTs. */
  body?: Bd;
  /** Schema of the 200 answer's body. */
  response: R;
  /** False where the document says the body is "not shown" / "unspecified". */
  documented: boolean;
  /** True for calls with a side effect: never run against a remote target without HB_ALLOW_WRITES. */
  writes: boolean;
  auth: 'session';
  antiForgery: 'none' | 'header';
}

/** An HTML page or form route. */
export interface PageRoute {
  kind: 'page';
  id: string;
  domain: Domain;
  method: Method;
  /** Path with `{placeholders}` as in the interface document. */
  path: string;
  summary: string;
  auth: 'none' | 'session';
  antiForgery: 'none' | 'form';
  writes: boolean;
  /** Form fields the page must carry (GET) or the post must send (POST). */
  formFields?: readonly string[];
  /** Schema of a form post's body, where the document names its fields. */
  form?: z.ZodType;
}

export type RegistryEntry = JsonEndpoint | PageRoute;

/** Where JSON endpoints live (interface doc, "Endpoints": JSON endpoints under `/api/`). */
export const API_PREFIX = '/api/';
/** Where the admin pages and forms live (interface doc, "Endpoints"). */
export const ADMIN_PREFIX = '/Admin/';

const json = <Q extends z.ZodType, Bd extends z.ZodType, R extends z.ZodType>(
  e: Omit<JsonEndpoint<Q, Bd, R>, 'id' | 'kind' | 'auth' | 'antiForgery' | 'writes'> & { writes?: boolean },
): Omit<JsonEndpoint<Q, Bd, R>, 'id'> => ({
  kind: 'json',
  auth: 'session',
  antiForgery: e.method === 'POST' ? 'header' : 'none',
  writes: false,
  ...e,
});

type PageInput = Omit<PageRoute, 'id' | 'kind' | 'auth' | 'antiForgery' | 'writes'> & Partial<Omit<PageRoute, 'id'>>;
const page = (e: PageInput): Omit<PageRoute, 'id'> => ({
  kind: 'page',
  auth: 'session',
  antiForgery: e.method === 'POST' ? 'form' : 'none',
  writes: e.method === 'POST',
  ...e,
});

/** Stamp each entry with its key as `id`, so an id cannot differ from the name it is looked up by. */
type Keyed<T> = { readonly [K in keyof T & string]: T[K] & { readonly id: K } };
function keyed<T extends Record<string, object>>(entries: T): Keyed<T> {
  return Object.fromEntries(Object.entries(entries).map(([id, e]) => [id, { ...e, id }])) as never;
}

const unspecified = { response: UnspecifiedJson, documented: false } as const;

export const endpoints = keyed({
  // Bookings
  listBookingsForHallGrid: json({
    domain: 'bookings',
    method: 'GET',
    path: '/api/bookings/GetForHallgrid',
    summary: 'Bookings of a hall, filtered',
    query: B.BookingGridQuery,
    response: B.BookingList,
    documented: true,
  }),
  getBookingCountsForHall: json({
    domain: 'bookings',
    method: 'GET',
    path: '/api/Bookings/GetBookingCountsForHall',
    summary: 'Booking counts of a hall',
    query: B.HallIdTimeRangeQuery,
    ...unspecified,
  }),
  getBookingTimeRangeCountsForHall: json({
    domain: 'bookings',
    method: 'GET',
    path: '/api/Bookings/GetBookingTimeRangeCountsForHall',
    summary: 'Booking counts per time range',
    query: B.HallIdQuery,
    ...unspecified,
  }),
  getRequestedBookingsCount: json({
    domain: 'bookings',
    method: 'GET',
    path: '/api/Bookings/GetRequestedBookingsCount',
    summary: 'Number of requested bookings',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  hasPendingBookingChanges: json({
    domain: 'bookings',
    method: 'GET',
    path: '/api/Bookings/HasPendingBookingChanges',
    summary: 'Whether the hall has bookings with pending changes',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  listChildBookings: json({
    domain: 'bookings',
    method: 'GET',
    path: '/api/bookings/getforparentgrid',
    summary: 'Child bookings of a recurring parent',
    query: B.ParentGridQuery,
    response: B.BookingList,
    documented: true,
  }),
  checkAvailability: json({
    domain: 'bookings',
    method: 'POST',
    path: '/api/Bookings/CheckAvailability',
    summary: 'Whether rooms are free in a window',
    body: B.AvailabilityBody,
    ...unspecified,
  }),
  getCostOfBooking: json({
    domain: 'bookings',
    method: 'POST',
    path: '/api/Bookings/GetCostOfBooking',
    summary: 'Cost of a prospective booking',
    body: B.CostBody,
    ...unspecified,
  }),
  previewEmailContent: json({
    domain: 'bookings',
    method: 'POST',
    path: '/api/Bookings/PreviewEmailContent',
    summary: 'Preview of a booking e-mail',
    body: B.PreviewEmailBody,
    writes: true,
    ...unspecified,
  }),
  // Customers
  listCustomersForHall: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/customers/getforhall',
    summary: 'Customers of a hall',
    query: C.CustomersForHallQuery,
    response: C.CustomerList,
    documented: true,
  }),
  listAllCustomers: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/Customers/GetAllCustomer',
    summary: 'Customers of all halls',
    response: C.CustomerList,
    documented: true,
  }),
  getCustomerDetails: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/Customers/GetCustomerDetails',
    summary: 'Customer details of a hall',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  getCustomerNotes: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/Customers/GetCustomerNotes',
    summary: 'Notes on a customer',
    query: C.CustomerNotesQuery,
    ...unspecified,
  }),
  getExistingAddresses: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/Customers/GetExistingAddresses',
    summary: 'Addresses of a customer',
    query: C.ExistingAddressesQuery,
    ...unspecified,
  }),
  getGroupsForCustomer: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/Customers/GetGroupsForCustomer',
    summary: 'Customer groups',
    ...unspecified,
  }),
  getUnverifiedUsersCount: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/Customers/GetUnverifiedUsersCount',
    summary: 'Number of unverified users',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  getNewCustomersCount: json({
    domain: 'customers',
    method: 'GET',
    path: '/api/Customers/GetNewCustomersCount',
    summary: 'Number of new customers',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  blockUser: json({
    domain: 'customers',
    method: 'POST',
    path: '/api/Customers/BlockUser',
    summary: 'Block a customer at a hall',
    body: C.BlockUserBody,
    writes: true,
    ...unspecified,
  }),
  // Hall configuration
  listActivityTypes: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/ActivityTypes/GetForHall',
    summary: 'Activity types of a hall',
    query: B.HallIdQuery,
    response: K.ActivityTypeList,
    documented: true,
  }),
  listPriceRates: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/PriceRates/GetForHall',
    summary: 'Price rates of a hall',
    query: B.HallIdQuery,
    response: K.PriceRateList,
    documented: true,
  }),
  getChargeMatrixRooms: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/ChargeMatrix/GetRoomsForHall',
    summary: 'Charge matrix rooms',
    query: B.HallIdQuery,
    ...unspecified,
  }),
  getChargeMatrixPriceRates: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/ChargeMatrix/GetPriceRatesForHall',
    summary: 'Charge matrix price rates',
    query: K.ChargeMatrixPriceRatesQuery,
    ...unspecified,
  }),
  getTaxRates: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/Halls/GetTaxRatesForHall',
    summary: 'Tax rates of a hall',
    query: B.HallIdQuery,
    ...unspecified,
  }),
  getFixedTimeSlots: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/TimeSlots/GetFixedSlots',
    summary: 'Fixed time slots',
    ...unspecified,
  }),
  listLineItemGroups: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/lineitemgroups/getforhall',
    summary: 'Line item groups of a hall',
    query: B.HallIdQuery,
    ...unspecified,
  }),
  listLineItems: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/LineItemGroups/GetLineItemsByGroupId',
    summary: 'Line items of a group',
    query: K.LineItemGroupQuery,
    ...unspecified,
  }),
  listReports: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/reports/getreports',
    summary: 'Reports of a hall',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  listAudits: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/audits/getforhall',
    summary: 'Audit entries of a hall',
    query: K.AuditQuery,
    ...unspecified,
  }),
  getInvoiceCounter: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/Invoicing/GetInvoiceCounter',
    summary: 'Invoice counter',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  hasOutstandingInvoice: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/Subscription/HasOutstandingInvoice',
    summary: 'Outstanding-invoice flag',
    query: B.LowerHallIdQuery,
    ...unspecified,
  }),
  generateAccessPin: json({
    domain: 'catalog',
    method: 'GET',
    path: '/api/HeatingAccess/GenerateAccessPIN',
    // Live notes: it makes a PIN, so it is treated as a write although it is a GET.
    summary: 'Generate a heating access PIN',
    query: B.LowerHallIdQuery,
    writes: true,
    ...unspecified,
  }),
  // Rooms
  listRoomsForBooking: json({
    domain: 'rooms',
    method: 'GET',
    path: '/api/Rooms/GetForHallForBooking',
    summary: 'Rooms available for booking',
    query: B.LowerHallIdQuery,
    response: K.RoomList,
    documented: true,
  }),
  listRoomsForGrid: json({
    domain: 'rooms',
    method: 'GET',
    path: '/api/rooms/GetForHallGrid',
    summary: 'Rooms for the admin grid',
    query: B.HallIdQuery,
    response: K.RoomList,
    documented: true,
  }),
  getRoomDescriptions: json({
    domain: 'rooms',
    method: 'GET',
    path: '/api/rooms/getroomdescriptions',
    summary: 'Room descriptions',
    ...unspecified,
  }),
  // Scheduler
  listSchedulerEvents: json({
    domain: 'scheduler',
    method: 'GET',
    path: '/api/Scheduler/GetBookings',
    summary: 'Calendar events in a window',
    query: S.SchedulerQuery,
    response: S.CalendarEventList,
    documented: true,
  }),
  checkSession: json({
    domain: 'scheduler',
    method: 'GET',
    path: '/api/Scheduler/HasJustLoggedIn',
    summary: 'Keepalive: 200 while the session is valid, a redirect once it is not',
    ...unspecified,
  }),
}) satisfies Record<string, JsonEndpoint>;

export type EndpointId = keyof typeof endpoints;

export const pages = keyed({
  loginPage: page({
    domain: 'account',
    method: 'GET',
    path: LOGIN_PATH,
    auth: 'none',
    summary: 'Login form',
    formFields: ['Email', 'Password', TOKEN_FIELD],
  }),
  submitLoginForm: page({
    domain: 'account',
    method: 'POST',
    path: LOGIN_PATH,
    auth: 'none',
    writes: false,
    summary: 'Login: 302 away with session cookies on success, 200 at /Account/Login on failure',
    formFields: ['Email', 'Password', TOKEN_FIELD],
    form: LoginFormFields,
  }),
  dashboardPage: page({
    domain: 'account',
    method: 'GET',
    path: '/Admin/Dashboard/Index/{hall_id}',
    // Live notes: answered 404 on the live service; never the only token source.
    summary: 'Dashboard (documented token source)',
  }),
  bookingsIndexPage: page({
    domain: 'bookings',
    method: 'GET',
    path: '/Admin/Bookings/Index/{hall_id}',
    summary: 'Bookings admin page (carries a fresh token)',
    formFields: [TOKEN_FIELD],
  }),
  createBookingPage: page({
    domain: 'bookings',
    method: 'GET',
    path: '/Admin/Bookings/Create',
    summary: 'Create-booking form',
    formFields: B.BOOKING_FORM_FIELDS,
  }),
  submitCreateBookingForm: page({
    domain: 'bookings',
    method: 'POST',
    path: '/Admin/Bookings/Create',
    summary: 'Create a booking',
    formFields: B.BOOKING_FORM_FIELDS,
  }),
  editBookingPage: page({
    domain: 'bookings',
    method: 'GET',
    path: '/Admin/Bookings/Edit/{booking_id}',
    summary: 'Edit-booking form, pre-filled',
    formFields: B.BOOKING_FORM_FIELDS,
  }),
  submitEditBookingForm: page({
    domain: 'bookings',
    method: 'POST',
    path: '/Admin/Bookings/Edit/{booking_id}',
    summary: 'Save changes to a booking',
    formFields: B.BOOKING_FORM_FIELDS,
  }),
  viewBookingPage: page({
    domain: 'bookings',
    method: 'GET',
    path: '/Admin/Bookings/View/{booking_id}',
    summary: 'Read-only booking page',
  }),
  deleteBooking: page({
    domain: 'bookings',
    method: 'GET',
    path: '/Admin/Bookings/Delete/{booking_id}',
    summary: 'Delete a booking',
    writes: true,
  }),
  requestBookingChanges: page({
    domain: 'bookings',
    method: 'GET',
    path: '/Admin/Bookings/RequestChanges/{booking_id}',
    summary: 'Request changes to a booking',
    writes: true,
  }),
  confirmBookingChanges: page({
    domain: 'bookings',
    method: 'GET',
    path: '/Admin/Bookings/ConfirmChanges/{booking_id}',
    summary: 'Confirm requested changes',
    writes: true,
  }),
  schedulerPage: page({
    domain: 'scheduler',
    method: 'GET',
    path: '/Scheduler/View/{hall_id}',
    summary: 'Scheduler page with the room colour list',
  }),
  bookingPopup: page({
    domain: 'scheduler',
    method: 'GET',
    path: '/Scheduler/ViewBooking/{booking_id}',
    summary: 'Quick booking popup (HTML fragment)',
  }),
}) satisfies Record<string, PageRoute>;

export type PageId = keyof typeof pages;

export const registry: readonly RegistryEntry[] = [...Object.values(endpoints), ...Object.values(pages)];

/** Fill `{placeholders}` of a page path. */
export function pagePath(id: PageId, params: Record<string, string | number> = {}): string {
  return pages[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: path parameter {${name}} is missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A registry path as a pattern: `{placeholders}` match one segment, case-insensitive (live notes),
 * query not included; a trailing `*` makes it a prefix (`/api/*`, as faults and mutants write it).
 */
export const routePattern = (path: string): RegExp => {
  const bare = path.split('?', 1)[0] as string;
  const prefix = bare.endsWith('*');
  const parts = (prefix ? bare.slice(0, -1) : bare).split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}${prefix ? '' : '/?$'}`, 'i');
};

const compiledRoutes = new Map<string, RegExp>();
/**
 * Whether a request's path matches a registry path or a `*` prefix (`routePattern`), read as the
 * service routes it (`serverPath`: escapes decoded, dot segments resolved; no case): the one path
 * matcher of the mock's faults and mutants and the proxy. Patterns are compiled once.
 * `idOptional`: a trailing `{placeholder}` may be absent, as MVC's `{controller}/{action}/{id}`
 * route then binds the id from the query string or the form (`/Admin/Bookings/Delete?id=1005`).
 */
export function routeMatches(pattern: string, path: string, { idOptional = false } = {}): boolean {
  const routed = serverPath(path);
  const sources = idOptional ? [pattern, pattern.replace(/\/\{\w+\}$/, '')] : [pattern];
  return sources.some((source) => {
    let re = compiledRoutes.get(source);
    if (!re) compiledRoutes.set(source, (re = routePattern(source)));
    return re.test(routed);
  });
}

/** Whether a URL path is the page's route. */
export const pathMatches = (id: PageId, path: string): boolean => routeMatches(pages[id].path, path);

/** Query schema's declared parameter names, for case-insensitive lookup on the server side. */
export function queryKeys(endpoint: JsonEndpoint): string[] {
  const q = endpoint.query;
  return q instanceof z.ZodObject ? Object.keys(q.shape) : [];
}

/** Read a query string case-insensitively (live notes: query names are case-insensitive). */
export function queryFromSearchParams(endpoint: JsonEndpoint, params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  const byLower = new Map<string, string>();
  for (const [k, v] of params) byLower.set(k.toLowerCase(), v);
  for (const key of queryKeys(endpoint)) {
    const v = byLower.get(key.toLowerCase());
    if (v !== undefined) out[key] = v;
  }
  return out;
}
