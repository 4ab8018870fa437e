// Hall configuration and rooms (interface doc: "Activity type", "Price rate", "Room",
// "Hall configuration", "Rooms").
import { z } from 'zod';
import { BoolString, QueryInt, aliasedObject } from './common.js';

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

/** Room; `ID`/`Id` are documented alias spellings. */
export const Room = aliasedObject(
  'Room',
  { Name: z.string(), HallId: z.number().int(), rowNumber: z.number().int(), Description: z.string() },
  { ID: z.number().int(), Id: z.number().int() },
  [['ID', 'Id']],
);
export type Room = z.infer<typeof Room>;
export const RoomList = z.array(Room).meta({ id: 'RoomList' });

/** The room's id, whichever spelling the target uses. */
export const roomId = (r: Room): number => (r.ID ?? r.Id) as number;

export const ChargeMatrixPriceRatesQuery = z.object({
  id: QueryInt.meta({ description: 'Hall id' }),
  dateRangeId: QueryInt,
  newDateRange: BoolString,
});
export const AuditQuery = z.object({ id: QueryInt, timerange: z.coerce.number().int().min(0).max(5) });
export const LineItemGroupQuery = z.object({ id: QueryInt.meta({ description: 'Line item group id' }) });
