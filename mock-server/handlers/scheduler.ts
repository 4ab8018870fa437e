// Scheduler feed and keepalive (interface doc, "Scheduler").
import { endpoints as E } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { jsonRoute } from '../routes.js';
import { eventIdField, roomsUsed } from './present.js';

/** Live notes: `custView=true` masks titles. */
const maskedTitle = (status: string) => (status === 'Requested' ? 'Provisional Booking' : 'Private Booking');

export function schedulerHandlers(mock: MockContext) {
  return [
    jsonRoute(mock, E.listSchedulerEvents, ({ query: q }) => {
      const from = q.start.slice(0, 19);
      const to = q.end.slice(0, 19);
      const rooms = mock.state.rooms;
      return mock.state.bookings
        .filter((b) => b.hallId === q.HallId && b.status !== 'Cancelled' && !b.isRecurring)
        .filter((b) => b.start < to && from < b.end)
        .flatMap((b) => {
          // Live notes: a booking over several rooms is one event per room, in that room's colour.
          const ids = q.groupRooms === 'true' ? b.roomIds.slice(0, 1) : b.roomIds;
          return ids
            .filter((r) => !q.roomId || r === q.roomId || (q.groupRooms === 'true' && b.roomIds.includes(q.roomId)))
            .map((r) => ({
              ...eventIdField(mock, b.id),
              title: q.custView === 'true' ? maskedTitle(b.status) : b.name,
              start: b.start,
              end: b.end,
              color: (rooms.find((x) => x.id === r)?.colour ?? '#777777').toLowerCase(),
              allDay: false,
              RoomsUsed: roomsUsed(mock, b),
              RoomId: r,
            }));
        });
    }),
    jsonRoute(mock, E.checkSession, () => true),
  ];
}
