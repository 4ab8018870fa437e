// One probe per mutant of mock-server/mutants-integrity.ts, for the catalogue check in mutants.spec.ts:
// each sees something different from the mutated mock than from the faithful one.
import { endpoints as E, pagePath, TOKEN_FIELD } from '../../contracts/index.js';
import type { integrityMutants } from '../../mock-server/mutants-integrity.js';
import type { SecurityProbe } from './security-probes.js';

const firstBooking = (p: SecurityProbe) => p.mock.context.state.bookings.find((b) => b.hallId === p.hall && b.parentId === null)!;

export const integrityProbes: Record<(typeof integrityMutants)[number]['id'], (p: SecurityProbe) => Promise<unknown>> = {
  'delete-removes-another-booking': async (p) => {
    // The hall's newest booking, as the suite's own are: one with older bookings beside it.
    const newest = Math.max(...p.mock.context.state.bookings.filter((b) => b.hallId === p.hall && b.parentId === null).map((b) => b.id));
    await p.api.send(pagePath('deleteBooking', { booking_id: newest }));
    return p.mock.context.state.bookings.map((b) => `${b.id} ${b.status}`);
  },
  'requested-count-off-by-one': async (p) => (await p.api.send(`${E.getRequestedBookingsCount.path}?hallid=${p.hall}`)).text,
  'availability-ignores-room': async (p) => {
    const b = firstBooking(p);
    const other = p.mock.context.state.rooms.filter((r) => r.hallId === p.hall && !b.roomIds.includes(r.id)).map((r) => r.id);
    const reply = await p.api.call('checkAvailability', {
      body: { Rooms: other.slice(0, 1), StartDateTime: b.start, EndDateTime: b.end, HallId: p.hall },
    });
    return reply.json;
  },
  'form-token-not-bound-to-session': async (p) => {
    // A well-formed token of another browser session (its own anti-forgery cookie) of the same user.
    const { keys, credentials } = p.mock.context;
    const foreign = keys.formToken(keys.newCookieToken(), credentials.email);
    const reply = await p.api.send(pagePath('submitEditBookingForm', { booking_id: firstBooking(p).id }), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Name: 'Foreign token', [TOKEN_FIELD]: foreign }).toString(),
    });
    return reply.status;
  },
};
