// Hall configuration: resources, request shapes and endpoints (interface doc: "Activity type",
// "Price rate", "Hall configuration").
import { z } from 'zod';
import { BoolString, HallIdQuery, LowerHallIdQuery, QueryInt, aliasedObject, unspecified } from './common.js';
import { jsonOf, keyed, type JsonEndpoint } from './entries.js';

// The interface doc shows `Id`; live notes: "Rooms, activity types and price rates most
// likely use `ID`; `Id` also occurs". Either spelling is accepted, like Room's.
export const ActivityType = aliasedObject(
  'ActivityType',
  { Name: z.string(), HallId: z.number().int() },
  { Id: z.number().int(), ID: z.number().int() },
  [['Id', 'ID']],
);
export type ActivityType = z.infer<typeof ActivityType>;
export const ActivityTypeList = z.array(ActivityType).meta({ id: 'ActivityTypeList' });

export const PriceRate = aliasedObject(
  'PriceRate',
  { Name: z.string(), HallId: z.number().int() },
  { Id: z.number().int(), ID: z.number().int() },
  [['Id', 'ID']],
);
export type PriceRate = z.infer<typeof PriceRate>;
export const PriceRateList = z.array(PriceRate).meta({ id: 'PriceRateList' });

/** The id of an activity type or price rate, whichever spelling the target uses. */
export const catalogId = (x: ActivityType | PriceRate): number => (x.Id ?? x.ID) as number;

export const ChargeMatrixPriceRatesQuery = z.object({
  id: QueryInt.meta({ description: 'Hall id' }),
  dateRangeId: QueryInt,
  newDateRange: BoolString,
});
export const AuditQuery = z.object({ id: QueryInt, timerange: z.coerce.number().int().min(0).max(5) });
export const LineItemGroupQuery = z.object({ id: QueryInt.meta({ description: 'Line item group id' }) });

const json = jsonOf('catalog');

/** The catalog domain's JSON endpoints (interface doc, "Endpoints"). */
export const catalogEndpoints = keyed({
  listActivityTypes: json({
    method: 'GET',
    path: '/api/ActivityTypes/GetForHall',
    summary: 'Activity types of a hall',
    query: HallIdQuery,
    response: ActivityTypeList,
    documented: true,
  }),
  listPriceRates: json({
    method: 'GET',
    path: '/api/PriceRates/GetForHall',
    summary: 'Price rates of a hall',
    query: HallIdQuery,
    response: PriceRateList,
    documented: true,
  }),
  getChargeMatrixRooms: json({
    method: 'GET',
    path: '/api/ChargeMatrix/GetRoomsForHall',
    summary: 'Charge matrix rooms',
    query: HallIdQuery,
    ...unspecified,
  }),
  getChargeMatrixPriceRates: json({
    method: 'GET',
    path: '/api/ChargeMatrix/GetPriceRatesForHall',
    summary: 'Charge matrix price rates',
    query: ChargeMatrixPriceRatesQuery,
    ...unspecified,
  }),
  getTaxRates: json({
    method: 'GET',
    path: '/api/Halls/GetTaxRatesForHall',
    summary: 'Tax rates of a hall',
    query: HallIdQuery,
    ...unspecified,
  }),
  getFixedTimeSlots: json({
    method: 'GET',
    path: '/api/TimeSlots/GetFixedSlots',
    summary: 'Fixed time slots',
    ...unspecified,
  }),
  listLineItemGroups: json({
    method: 'GET',
    path: '/api/lineitemgroups/getforhall',
    summary: 'Line item groups of a hall',
    query: HallIdQuery,
    ...unspecified,
  }),
  listLineItems: json({
    method: 'GET',
    path: '/api/LineItemGroups/GetLineItemsByGroupId',
    summary: 'Line items of a group',
    query: LineItemGroupQuery,
    ...unspecified,
  }),
  listReports: json({
    method: 'GET',
    path: '/api/reports/getreports',
    summary: 'Reports of a hall',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  listAudits: json({
    method: 'GET',
    path: '/api/audits/getforhall',
    summary: 'Audit entries of a hall',
    query: AuditQuery,
    ...unspecified,
  }),
  getInvoiceCounter: json({
    method: 'GET',
    path: '/api/Invoicing/GetInvoiceCounter',
    summary: 'Invoice counter',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  hasOutstandingInvoice: json({
    method: 'GET',
    path: '/api/Subscription/HasOutstandingInvoice',
    summary: 'Outstanding-invoice flag',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  generateAccessPin: json({
    method: 'GET',
    path: '/api/HeatingAccess/GenerateAccessPIN',
    // Live notes: it makes a PIN, so it is treated as a write although it is a GET.
    summary: 'Generate a heating access PIN',
    query: LowerHallIdQuery,
    writes: true,
    ...unspecified,
  }),
}) satisfies Record<string, JsonEndpoint>;
