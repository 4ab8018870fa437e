// The one declaration of every endpoint and page of the interface document. The
// client, the contract tests, the mock and the OpenAPI export all read it.
import { z } from 'zod';
import { UnspecifiedJson } from './common.js';
import * as B from './bookings.js';
import * as C from './customers.js';
import * as K from './catalog.js';
import * as S from './scheduler.js';
import { LOGIN_PATH, LoginFormFields, TOKEN_FIELD } from './account.js';

export type Domain = 'account' | 'bookings' | 'customers' | 'catalog' | 'rooms' | 'scheduler';
export type Method = 'GET' | 'POST';

/** A JSON endpoint under `/api/`. */
export interface JsonEndpoint<
  Q extends z.ZodType = z.ZodType,
  Bd extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  kind: 'json';
  /** Stable camelCase id, used by tests, the client, the mock and the export. */
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

const json = <Q extends z.ZodType, Bd extends z.ZodType, R extends z.ZodType>(
  e: Omit<JsonEndpoint<Q, Bd, R>, 'kind' | 'auth' | 'antiForgery' | 'writes'> & { writes?: boolean },
): JsonEndpoint<Q, Bd, R> => ({
  kind: 'json',
  auth: 'session',
  antiForgery: e.method === 'POST' ? 'header' : 'none',
  writes: false,
  ...e,
});

const page = (e: Omit<PageRoute, 'kind' | 'auth' | 'antiForgery' | 'writes'> & Partial<PageRoute>): PageRoute => ({
  kind: 'page',
  auth: 'session',
  antiForgery: e.method === 'POST' ? 'form' : 'none',
  writes: e.method === 'POST',
  ...e,
});

const unspecified = { response: UnspecifiedJson, documented: false } as const;

export const endpoints = {
  // Bookings
  listBookingsForHallGrid: json({
    id: 'listBookingsForHallGrid', domain: 'bookings', method: 'GET', path: '/api/bookings/GetForHallgrid',
    summary: 'Bookings of a hall, filtered', query: B.BookingGridQuery, response: B.BookingList, documented: true,
  }),
  getBookingCountsForHall: json({
    id: 'getBookingCountsForHall', domain: 'bookings', method: 'GET', path: '/api/Bookings/GetBookingCountsForHall',
    summary: 'Booking counts of a hall', query: B.HallIdTimeRangeQuery, ...unspecified,
  }),
  getBookingTimeRangeCountsForHall: json({
    id: 'getBookingTimeRangeCountsForHall', domain: 'bookings', method: 'GET',
    path: '/api/Bookings/GetBookingTimeRangeCountsForHall', summary: 'Booking counts per time range',
    query: B.HallIdQuery, ...unspecified,
  }),
  getRequestedBookingsCount: json({
    id: 'getRequestedBookingsCount', domain: 'bookings', method: 'GET', path: '/api/Bookings/GetRequestedBookingsCount',
    summary: 'Number of requested bookings', query: B.LowerHallIdQuery, ...unspecified,
  }),
  hasPendingBookingChanges: json({
    id: 'hasPendingBookingChanges', domain: 'bookings', method: 'GET', path: '/api/Bookings/HasPendingBookingChanges',
    summary: 'Whether the hall has bookings with pending changes', query: B.LowerHallIdQuery, ...unspecified,
  }),
  listChildBookings: json({
    id: 'listChildBookings', domain: 'bookings', method: 'GET', path: '/api/bookings/getforparentgrid',
    summary: 'Child bookings of a recurring parent', query: B.ParentGridQuery, response: B.BookingList, documented: true,
  }),
  checkAvailability: json({
    id: 'checkAvailability', domain: 'bookings', method: 'POST', path: '/api/Bookings/CheckAvailability',
    summary: 'Whether rooms are free in a window', body: B.AvailabilityBody, ...unspecified,
  }),
  getCostOfBooking: json({
    id: 'getCostOfBooking', domain: 'bookings', method: 'POST', path: '/api/Bookings/GetCostOfBooking',
    summary: 'Cost of a prospective booking', body: B.CostBody, ...unspecified,
  }),
  previewEmailContent: json({
    id: 'previewEmailContent', domain: 'bookings', method: 'POST', path: '/api/Bookings/PreviewEmailContent',
    summary: 'Preview of a booking e-mail', body: B.PreviewEmailBody, writes: true, ...unspecified,
  }),
  // Customers
  listCustomersForHall: json({
    id: 'listCustomersForHall', domain: 'customers', method: 'GET', path: '/api/customers/getforhall',
    summary: 'Customers of a hall', query: C.CustomersForHallQuery, response: C.CustomerList, documented: true,
  }),
  listAllCustomers: json({
    id: 'listAllCustomers', domain: 'customers', method: 'GET', path: '/api/Customers/GetAllCustomer',
    summary: 'Customers of all halls', response: C.CustomerList, documented: true,
  }),
  getCustomerDetails: json({
    id: 'getCustomerDetails', domain: 'customers', method: 'GET', path: '/api/Customers/GetCustomerDetails',
    summary: 'Customer details of a hall', query: B.LowerHallIdQuery, ...unspecified,
  }),
  getCustomerNotes: json({
    id: 'getCustomerNotes', domain: 'customers', method: 'GET', path: '/api/Customers/GetCustomerNotes',
    summary: 'Notes on a customer', query: C.CustomerNotesQuery, ...unspecified,
  }),
  getExistingAddresses: json({
    id: 'getExistingAddresses', domain: 'customers', method: 'GET', path: '/api/Customers/GetExistingAddresses',
    summary: 'Addresses of a customer', query: C.ExistingAddressesQuery, ...unspecified,
  }),
  getGroupsForCustomer: json({
    id: 'getGroupsForCustomer', domain: 'customers', method: 'GET', path: '/api/Customers/GetGroupsForCustomer',
    summary: 'Customer groups', ...unspecified,
  }),
  getUnverifiedUsersCount: json({
    id: 'getUnverifiedUsersCount', domain: 'customers', method: 'GET', path: '/api/Customers/GetUnverifiedUsersCount',
    summary: 'Number of unverified users', query: B.LowerHallIdQuery, ...unspecified,
  }),
  getNewCustomersCount: json({
    id: 'getNewCustomersCount', domain: 'customers', method: 'GET', path: '/api/Customers/GetNewCustomersCount',
    summary: 'Number of new customers', query: B.LowerHallIdQuery, ...unspecified,
  }),
  blockUser: json({
    id: 'blockUser', domain: 'customers', method: 'POST', path: '/api/Customers/BlockUser',
    summary: 'Block a customer at a hall', body: C.BlockUserBody, writes: true, ...unspecified,
  }),
  // Hall configuration
  listActivityTypes: json({
    id: 'listActivityTypes', domain: 'catalog', method: 'GET', path: '/api/ActivityTypes/GetForHall',
    summary: 'Activity types of a hall', query: B.HallIdQuery, response: K.ActivityTypeList, documented: true,
  }),
  listPriceRates: json({
    id: 'listPriceRates', domain: 'catalog', method: 'GET', path: '/api/PriceRates/GetForHall',
    summary: 'Price rates of a hall', query: B.HallIdQuery, response: K.PriceRateList, documented: true,
  }),
  getChargeMatrixRooms: json({
    id: 'getChargeMatrixRooms', domain: 'catalog', method: 'GET', path: '/api/ChargeMatrix/GetRoomsForHall',
    summary: 'Charge matrix rooms', query: B.HallIdQuery, ...unspecified,
  }),
  getChargeMatrixPriceRates: json({
    id: 'getChargeMatrixPriceRates', domain: 'catalog', method: 'GET', path: '/api/ChargeMatrix/GetPriceRatesForHall',
    summary: 'Charge matrix price rates', query: K.ChargeMatrixPriceRatesQuery, ...unspecified,
  }),
  getTaxRates: json({
    id: 'getTaxRates', domain: 'catalog', method: 'GET', path: '/api/Halls/GetTaxRatesForHall',
    summary: 'Tax rates of a hall', query: B.HallIdQuery, ...unspecified,
  }),
  getFixedTimeSlots: json({
    id: 'getFixedTimeSlots', domain: 'catalog', method: 'GET', path: '/api/TimeSlots/GetFixedSlots',
    summary: 'Fixed time slots', ...unspecified,
  }),
  listLineItemGroups: json({
    id: 'listLineItemGroups', domain: 'catalog', method: 'GET', path: '/api/lineitemgroups/getforhall',
    summary: 'Line item groups of a hall', query: B.HallIdQuery, ...unspecified,
  }),
  listLineItems: json({
    id: 'listLineItems', domain: 'catalog', method: 'GET', path: '/api/LineItemGroups/GetLineItemsByGroupId',
    summary: 'Line items of a group', query: K.LineItemGroupQuery, ...unspecified,
  }),
  listReports: json({
    id: 'listReports', domain: 'catalog', method: 'GET', path: '/api/reports/getreports',
    summary: 'Reports of a hall', query: B.LowerHallIdQuery, ...unspecified,
  }),
  listAudits: json({
    id: 'listAudits', domain: 'catalog', method: 'GET', path: '/api/audits/getforhall',
    summary: 'Audit entries of a hall', query: K.AuditQuery, ...unspecified,
  }),
  getInvoiceCounter: json({
    id: 'getInvoiceCounter', domain: 'catalog', method: 'GET', path: '/api/Invoicing/GetInvoiceCounter',
    summary: 'Invoice counter', query: B.LowerHallIdQuery, ...unspecified,
  }),
  hasOutstandingInvoice: json({
    id: 'hasOutstandingInvoice', domain: 'catalog', method: 'GET', path: '/api/Subscription/HasOutstandingInvoice',
    summary: 'Outstanding-invoice flag', query: B.LowerHallIdQuery, ...unspecified,
  }),
  generateAccessPin: json({
    id: 'generateAccessPin', domain: 'catalog', method: 'GET', path: '/api/HeatingAccess/GenerateAccessPIN',
    // Live notes: it makes a PIN, so it is treated as a write although it is a GET.
    summary: 'Generate a heating access PIN', query: B.LowerHallIdQuery, writes: true, ...unspecified,
  }),
  // Rooms
  listRoomsForBooking: json({
    id: 'listRoomsForBooking', domain: 'rooms', method: 'GET', path: '/api/Rooms/GetForHallForBooking',
    summary: 'Rooms available for booking', query: B.LowerHallIdQuery, response: K.RoomList, documented: true,
  }),
  listRoomsForGrid: json({
    id: 'listRoomsForGrid', domain: 'rooms', method: 'GET', path: '/api/rooms/GetForHallGrid',
    summary: 'Rooms for the admin grid', query: B.HallIdQuery, response: K.RoomList, documented: true,
  }),
  getRoomDescriptions: json({
    id: 'getRoomDescriptions', domain: 'rooms', method: 'GET', path: '/api/rooms/getroomdescriptions',
    summary: 'Room descriptions', ...unspecified,
  }),
  // Scheduler
  listSchedulerEvents: json({
    id: 'listSchedulerEvents', domain: 'scheduler', method: 'GET', path: '/api/Scheduler/GetBookings',
    summary: 'Calendar events in a window', query: S.SchedulerQuery, response: S.CalendarEventList, documented: true,
  }),
  checkSession: json({
    id: 'checkSession', domain: 'scheduler', method: 'GET', path: '/api/Scheduler/HasJustLoggedIn',
    summary: 'Keepalive: 200 while the session is valid, a redirect once it is not', ...unspecified,
  }),
} as const satisfies Record<string, JsonEndpoint>;

export type EndpointId = keyof typeof endpoints;

export const pages = {
  loginPage: page({
    id: 'loginPage', domain: 'account', method: 'GET', path: LOGIN_PATH, auth: 'none',
    summary: 'Login form', formFields: ['Email', 'Password', TOKEN_FIELD],
  }),
  submitLoginForm: page({
    id: 'submitLoginForm', domain: 'account', method: 'POST', path: LOGIN_PATH, auth: 'none', writes: false,
    summary: 'Login: 302 away with session cookies on success, 200 at /Account/Login on failure',
    formFields: ['Email', 'Password', TOKEN_FIELD], form: LoginFormFields,
  }),
  dashboardPage: page({
    id: 'dashboardPage', domain: 'account', method: 'GET', path: '/Admin/Dashboard/Index/{hall_id}',
    // Live notes: answered 404 on the live service; never the only token source.
    summary: 'Dashboard (documented token source)',
  }),
  bookingsIndexPage: page({
    id: 'bookingsIndexPage', domain: 'bookings', method: 'GET', path: '/Admin/Bookings/Index/{hall_id}',
    summary: 'Bookings admin page (carries a fresh token)', formFields: [TOKEN_FIELD],
  }),
  createBookingPage: page({
    id: 'createBookingPage', domain: 'bookings', method: 'GET', path: '/Admin/Bookings/Create',
    summary: 'Create-booking form', formFields: B.BOOKING_FORM_FIELDS,
  }),
  submitCreateBookingForm: page({
    id: 'submitCreateBookingForm', domain: 'bookings', method: 'POST', path: '/Admin/Bookings/Create',
    summary: 'Create a booking', formFields: B.BOOKING_FORM_FIELDS,
  }),
  editBookingPage: page({
    id: 'editBookingPage', domain: 'bookings', method: 'GET', path: '/Admin/Bookings/Edit/{booking_id}',
    summary: 'Edit-booking form, pre-filled', formFields: B.BOOKING_FORM_FIELDS,
  }),
  submitEditBookingForm: page({
    id: 'submitEditBookingForm', domain: 'bookings', method: 'POST', path: '/Admin/Bookings/Edit/{booking_id}',
    summary: 'Save changes to a booking', formFields: B.BOOKING_FORM_FIELDS,
  }),
  viewBookingPage: page({
    id: 'viewBookingPage', domain: 'bookings', method: 'GET', path: '/Admin/Bookings/View/{booking_id}',
    summary: 'Read-only booking page',
  }),
  deleteBooking: page({
    id: 'deleteBooking', domain: 'bookings', method: 'GET', path: '/Admin/Bookings/Delete/{booking_id}',
    summary: 'Delete a booking', writes: true,
  }),
  requestBookingChanges: page({
    id: 'requestBookingChanges', domain: 'bookings', method: 'GET', path: '/Admin/Bookings/RequestChanges/{booking_id}',
    summary: 'Request changes to a booking', writes: true,
  }),
  confirmBookingChanges: page({
    id: 'confirmBookingChanges', domain: 'bookings', method: 'GET', path: '/Admin/Bookings/ConfirmChanges/{booking_id}',
    summary: 'Confirm requested changes', writes: true,
  }),
  schedulerPage: page({
    id: 'schedulerPage', domain: 'scheduler', method: 'GET', path: '/Scheduler/View/{hall_id}',
    summary: 'Scheduler page with the room colour list',
  }),
  bookingPopup: page({
    id: 'bookingPopup', domain: 'scheduler', method: 'GET', path: '/Scheduler/ViewBooking/{booking_id}',
    summary: 'Quick booking popup (HTML fragment)',
  }),
} as const satisfies Record<string, PageRoute>;

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

/** Query schema's declared parameter names, for case-insensitive lookup on the server side. */
/** Whether a URL path is the page's route, placeholders filled by anything (the service is case-insensitive). */
export function pathMatches(id: PageId, path: string): boolean {
  const pattern = pages[id].path.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^${pattern}/?$`, 'i').test(path);
}

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
