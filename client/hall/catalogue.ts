// What the hall is made of, as its JSON API and its scheduler page name it: rooms (id, name, colour), activity
// types and customers. The vocabulary the model of a booking speaks (client/hall/booking.ts): a view that shows a
// room by name, an option value or a colour is read back through it.
import { catalogId, itemsOf, pagePath, roomId } from '../../contracts/index.js';
import type { HbClient } from '../client.js';
import { roomLabelsOf } from '../colour.js';

/** What the JSON API and the scheduler page say about the hall. */
export interface HallCatalogue {
  /** Room id → name (listRoomsForBooking: the rooms a booking can take). */
  roomNames: Map<string, string>;
  activityNames: Map<string, string>;
  /** Customer UserId (lower case) → name (either spelling, live notes). */
  customerNames: Map<string, string>;
  /** Room id → `#rrggbb` from the scheduler page's `#RoomColorList .room-label` (by `setRoom` id, else by name). */
  roomColours: Map<string, string>;
}

/** Room id → colour from the scheduler page (interface doc, "Room colour mapping"; live notes: `onclick="setRoom(id)"`). */
function roomColoursOf(html: string, roomNames: ReadonlyMap<string, string>): Map<string, string> {
  const labels = roomLabelsOf(html);
  const out = new Map<string, string>();
  for (const [id, name] of roomNames) {
    const label = labels.find((l) => l.id === id) ?? labels.find((l) => l.name === name.trim().toLowerCase());
    if (label?.colour) out.set(id, label.colour);
  }
  return out;
}

/** Read the hall's catalogue: three JSON lists and the scheduler page, in flight together. */
export async function readCatalogue(api: HbClient, hallId: number): Promise<HallCatalogue> {
  const [rooms, activities, customers, scheduler] = await Promise.all([
    api.call('listRoomsForBooking', { query: { hallid: hallId } }),
    api.call('listActivityTypes', { query: { id: hallId } }),
    api.call('listCustomersForHall', { query: { id: hallId } }),
    api.send(pagePath('schedulerPage', { hall_id: hallId }), { endpointId: 'schedulerPage' }),
  ]);
  const roomNames = new Map(itemsOf(rooms.data).map((r) => [String(roomId(r)), r.Name]));
  return {
    roomNames,
    activityNames: new Map<string, string>(activities.data.map((a) => [String(catalogId(a)), a.Name])),
    customerNames: new Map(customers.data.map((c) => [c.UserId.toLowerCase(), String(c.Name ?? c.FullName ?? '')])),
    roomColours: scheduler.status === 200 ? roomColoursOf(scheduler.text, roomNames) : new Map<string, string>(),
  };
}

/** A `RoomsUsed` display string's rooms found by name, the longest names first, each taken out of the text as it is found. */
function namedIn(roomsUsed: string, cat: Pick<HallCatalogue, 'roomNames'>): { ids: string[]; rest: string } {
  let rest = roomsUsed.toLowerCase();
  const ids: string[] = [];
  for (const [id, name] of [...cat.roomNames].sort(([, a], [, b]) => b.length - a.length)) {
    const at = rest.indexOf(name.trim().toLowerCase());
    if (!name.trim() || at < 0) continue;
    ids.push(id);
    rest = `${rest.slice(0, at)} ${rest.slice(at + name.trim().length)}`;
  }
  return { ids: ids.sort(), rest };
}

/**
 * The rooms a `RoomsUsed` display string names (interface doc: "Display text of the room(s) booked"): the longest names
 * first, each found taken out of the text, so "Hall" is not read inside "Main Hall". Sorted ids.
 */
export const roomsNamed = (roomsUsed: string, cat: Pick<HallCatalogue, 'roomNames'>): string[] => namedIn(roomsUsed, cat).ids;

/** What a `RoomsUsed` string holds besides the names of the catalogue's rooms (separators, or a room it does not list). */
export const unnamedText = (roomsUsed: string, cat: Pick<HallCatalogue, 'roomNames'>): string => namedIn(roomsUsed, cat).rest;
