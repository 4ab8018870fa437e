// Rooms: the resource and its endpoints (interface doc: "Room", "Endpoints / Rooms").
import { z } from 'zod';
import { HallIdQuery, LowerHallIdQuery, aliasedObject, unspecified } from './common.js';
import { jsonOf, keyed, type JsonEndpoint } from './entries.js';

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

const json = jsonOf('rooms');

/** The rooms domain's JSON endpoints (interface doc, "Endpoints"). */
export const roomEndpoints = keyed({
  listRoomsForBooking: json({
    method: 'GET',
    path: '/api/Rooms/GetForHallForBooking',
    summary: 'Rooms available for booking',
    query: LowerHallIdQuery,
    response: RoomList,
    documented: true,
  }),
  listRoomsForGrid: json({
    method: 'GET',
    path: '/api/rooms/GetForHallGrid',
    summary: 'Rooms for the admin grid',
    query: HallIdQuery,
    response: RoomList,
    documented: true,
  }),
  getRoomDescriptions: json({
    method: 'GET',
    path: '/api/rooms/getroomdescriptions',
    summary: 'Room descriptions',
    ...unspecified,
  }),
}) satisfies Record<string, JsonEndpoint>;
