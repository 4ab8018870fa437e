// Mutants of the rooms area: the Room's alias and types, hall scoping of the rooms grid (interface doc, "Room").
import { listItems, withItems, Room } from '../contracts/index.js';
import { roomItem } from './handlers/present.js';
import { isItem, onItems, set, without, type Mutant } from './mutant-kit.js';

const ROOM_LISTS = ['listRoomsForBooking', 'listRoomsForGrid'] as const;

export const roomMutants = [
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
    id: 'rooms-ignore-hall',
    area: 'rooms',
    breaks: 'the rooms grid lists the rooms of the hall asked for only',
    json: (id, data, mock) => {
      if (id !== 'listRoomsForGrid') return data;
      const items = listItems(data) ?? [];
      const shown = new Set(items.map((r) => (isItem(r) ? (r.ID ?? r.Id) : undefined)));
      return withItems(data, [...items, ...mock.state.rooms.filter((r) => !shown.has(r.id)).map((r) => roomItem(mock, r))]);
    },
  },
] as const satisfies readonly Mutant[];
