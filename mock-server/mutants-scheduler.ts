// Mutants of the scheduler area: calendar events, their colours, the feed's filters and the
// session check (interface doc, "Calendar event (scheduler)", "Room colour mapping", "Scheduler").
import { CalendarEvent, mapItems, endpoints as E } from '../contracts/index.js';
import { onItems, set, without, isAt, withQuery, dropParam, type Mutant } from './mutant-kit.js';

const DAY = 24 * 3600 * 1000;

export const schedulerMutants = [
  // Calendar event and room colours, interface doc "Calendar event (scheduler)", "Room colour mapping".
  {
    id: 'event-id-alias-dropped',
    area: 'scheduler',
    breaks: 'Calendar event carries id (or Id, live notes)',
    json: onItems(CalendarEvent, ['listSchedulerEvents'], (e) => without(e, 'id', 'Id')),
  },
  {
    id: 'event-colour-not-hex',
    area: 'scheduler',
    breaks: 'Calendar event color is a hex colour such as #rrggbb',
    json: onItems(CalendarEvent, ['listSchedulerEvents'], (e) => set(e, 'color', 'steelblue')),
  },
  {
    id: 'event-end-missing',
    area: 'scheduler',
    breaks: 'Calendar event carries end (ISO 8601)',
    json: onItems(CalendarEvent, ['listSchedulerEvents'], (e) => without(e, 'end')),
  },
  {
    id: 'scheduler-colours-rotated',
    area: 'scheduler',
    breaks: "an event's color identifies its room: the colour the scheduler page shows for that room",
    json: (id, data, mock) => {
      if (id !== 'listSchedulerEvents') return data;
      const palette = [...new Set(mock.state.rooms.map((r) => r.colour.toLowerCase()))];
      return mapItems(data, (e) => {
        const i = palette.indexOf(String(e.color).toLowerCase());
        return i < 0 ? e : { ...e, color: palette[(i + 1) % palette.length] };
      });
    },
  },
  {
    id: 'scheduler-ignores-room-id',
    area: 'scheduler',
    breaks: 'roomId restricts the calendar events to one room (0 = all)',
    intercept: (request, next) => next(isAt(request, E.listSchedulerEvents) ? withQuery(request, (p) => dropParam(p, 'roomId')) : request),
  },
  {
    id: 'scheduler-ignores-window',
    area: 'scheduler',
    breaks: 'start and end bound the calendar events returned',
    intercept: (request, next) =>
      next(
        isAt(request, E.listSchedulerEvents)
          ? withQuery(request, (p) => {
              dropParam(p, 'start');
              dropParam(p, 'end');
              p.set('start', new Date(Date.now() - 3650 * DAY).toISOString().slice(0, 19) + 'Z');
              p.set('end', new Date(Date.now() + 3650 * DAY).toISOString().slice(0, 19) + 'Z');
            })
          : request,
      ),
  },
  {
    id: 'cust-view-not-masked',
    area: 'scheduler',
    breaks: 'custView=true masks the titles of requested bookings (live notes)',
    intercept: (request, next) =>
      next(isAt(request, E.listSchedulerEvents) ? withQuery(request, (p) => dropParam(p, 'custView')) : request),
  },
  {
    id: 'session-check-always-200',
    area: 'scheduler',
    breaks: 'HasJustLoggedIn redirects once the session is no longer valid',
    intercept: (request, next) => (isAt(request, E.checkSession) ? Promise.resolve(Response.json(true)) : next(request)),
  },
] as const satisfies readonly Mutant[];
