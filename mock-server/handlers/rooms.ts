// JSON endpoints of rooms.
import { endpoints as E } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { jsonRoute } from '../routes.js';
import type { RoomRecord } from '../state.js';
import { roomItem } from './present.js';

/** The hall's rooms in grid order (`rowNumber`). */
export const roomsOfHall = (ctx: MockContext, hallId: number): RoomRecord[] =>
  ctx.state.rooms.filter((r) => r.hallId === hallId).sort((a, b) => a.rowNumber - b.rowNumber);

export function roomHandlers(ctx: MockContext) {
  const s = () => ctx.state;
  const rooms = (hallId: number) => roomsOfHall(ctx, hallId);
  return [
    jsonRoute(ctx, E.listRoomsForBooking, ({ query: q }) =>
      rooms(q.hallid)
        .filter((r) => r.bookable)
        .map((r) => roomItem(ctx, r)),
    ),
    jsonRoute(ctx, E.listRoomsForGrid, ({ query: q }) => rooms(q.id).map((r) => roomItem(ctx, r))),
    jsonRoute(ctx, E.getRoomDescriptions, () => s().rooms.map((r) => ({ RoomId: r.id, Description: r.description }))),
  ];
}
