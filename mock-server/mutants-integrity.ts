// Regressions that every single answer hides and only a cross-check shows: a delete that removes
// another booking too, a count that disagrees with the list it counts, availability that ignores
// the room asked for, a form post's token not bound to its session (interface doc, "Bookings",
// "Authentication"; common rule 3).
import { endpoints as E, LOGIN_PATH, pages, TOKEN_FIELD } from '../contracts/index.js';
import { isAt, isFormPost, validToken, withRawBody, type Mutant } from './mutant-kit.js';

/** The booking id at the end of a page path such as `/Admin/Bookings/Delete/{id}`. */
const idAtEnd = (request: Request) => Number(new URL(request.url).pathname.split('/').pop());

export const integrityMutants = [
  {
    id: 'delete-removes-another-booking',
    area: 'bookings',
    breaks: 'a delete removes (or cancels) the booking asked for and no other (interface doc, "Delete booking")',
    intercept: async (request, next, mock) => {
      if (!isAt(request, pages.deleteBooking)) return next(request);
      const id = idAtEnd(request);
      const hall = mock.state.bookings.find((b) => b.id === id)?.hallId;
      const response = await next(request);
      // An off-by-one in the delete's query: the hall's booking with the next lower id goes too.
      const neighbour = mock.state.bookings
        .filter((b) => b.hallId === hall && b.parentId === null && b.id < id)
        .reduce<number | undefined>((max, b) => (max === undefined || b.id > max ? b.id : max), undefined);
      if (neighbour !== undefined) mock.state.bookings = mock.state.bookings.filter((b) => b.id !== neighbour);
      return response;
    },
  },
  {
    id: 'requested-count-off-by-one',
    area: 'bookings',
    breaks: 'GetRequestedBookingsCount counts the Requested bookings the grid lists for the hall',
    json: (id, data) => (id === 'getRequestedBookingsCount' && typeof data === 'number' ? data + 1 : data),
  },
  {
    id: 'availability-ignores-room',
    area: 'bookings',
    breaks: 'CheckAvailability checks the rooms asked for (Rooms), not every room of the hall',
    intercept: async (request, next, mock) => {
      if (request.method !== 'POST' || !isAt(request, E.checkAvailability)) return next(request);
      const body = (await request.clone().json()) as { HallId?: unknown };
      const rooms = mock.state.rooms.filter((r) => r.hallId === body.HallId).map((r) => r.id);
      return next(withRawBody(request, JSON.stringify({ ...body, Rooms: rooms })));
    },
  },
  {
    id: 'form-token-not-bound-to-session',
    area: 'wire',
    breaks: "a form post's __RequestVerificationToken must come from its own session: one from another session is accepted",
    intercept: async (request, next, mock) => {
      if (!isFormPost(request) || isAt(request, LOGIN_PATH)) return next(request);
      const form = new URLSearchParams(await request.clone().text());
      if (!form.get(TOKEN_FIELD)?.includes('.')) return next(request);
      // Any well-formed token passes: the check no longer binds it to this session's cookie.
      const { token, headers } = validToken(mock, request);
      form.set(TOKEN_FIELD, token);
      return next(withRawBody(request, form.toString(), headers));
    },
  },
] as const satisfies readonly Mutant[];
