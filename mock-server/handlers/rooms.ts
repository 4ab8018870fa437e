// JSON endpoints of rooms.
import { endpoints as E } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { jsonRoute } from '../routes.js';
import type { RoomRecord } from '../state.js';
import { roomItem } from './present.js';

/** The hall's rooms in grid order (`rowNumber`). */
export const roomsOfHall = (mock: MockContext, hallId: number): RoomRecord[] =>
  mock.state.rooms.filter((r) => r.hallId === hallId).sort((a, b) => a.rowNumber - b.rowNumber);

export function roomHandlers(mock: MockContext) {
  const s = () => mock.state;
  const rooms = (hallId: number) => roomsOfHall(mock, hallId);
  return [
    jsonRoute(mock, E.listRoomsForBooking, ({ query: q }) =>
      rooms(q.hallid)
        .filter((r) => r.bookable)
        .map((r) => roomItem(mock, r)),
    ),
    jsonRoute(mock, E.listRoomsForGrid, ({ query: q }) => rooms(q.id).map((r) => roomItem(mock, r))),
    jsonRoute(mock, E.getRoomDescriptions, () => s().rooms.map((r) => ({ RoomId: r.id, Description: r.description }))),
  ];
}
