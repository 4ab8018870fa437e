// One probe per mutant of mock-server/mutants-integrity.ts, for the catalogue check in mutants.spec.ts:
// each sees something different from the mutated mock than from the faithful one.
import { endpoints as E, pagePath, TOKEN_FIELD } from '../../../contracts/index.js';
import type { boundaryMutants } from '../../../mock-server/mutants-boundaries.js';
import type { integrityMutants } from '../../../mock-server/mutants-integrity.js';
import type { SecurityProbe } from './security-probes.js';

const firstBooking = (p: SecurityProbe) => p.mock.context.state.bookings.find((b) => b.hallId === p.hall && b.parentId === null)!;

type Id = (typeof integrityMutants)[number]['id'] | (typeof boundaryMutants)[number]['id'];

/** CheckAvailability's status for the first booking's rooms and times, changed by `change`. */
const availability = async (
  p: SecurityProbe,
  change: (body: { Rooms: number[]; StartDateTime: string; EndDateTime: string }) => object,
) => {
  const b = firstBooking(p);
  const body = { Rooms: b.roomIds, StartDateTime: b.start, EndDateTime: b.end, HallId: p.hall };
  return p.api.call('checkAvailability', { body: { ...body, ...change(body) } }).then(
    (r) => JSON.stringify(r.json),
    (e: Error) => e.name,
  );
};
/** The status of the customers' read with a search text of `n` characters. */
const longText = async (p: SecurityProbe, n: number) =>
  (await p.api.send(`${E.listCustomersForHall.path}?id=${p.hall}&search=${'x'.repeat(n)}`, { retries: 0 })).status;

export const integrityProbes: Record<Id, (p: SecurityProbe) => Promise<unknown>> = {
  'server-error-on-empty-array': (p) => availability(p, () => ({ Rooms: [] })),
  'server-error-on-one-element-array': (p) => availability(p, (b) => ({ Rooms: b.Rooms.slice(0, 1) })),
  'server-error-at-text-limit': (p) => longText(p, 255),
  'server-error-past-text-limit': (p) => longText(p, 256),
  'server-error-on-reversed-range': (p) => availability(p, (b) => ({ StartDateTime: b.EndDateTime, EndDateTime: b.StartDateTime })),
  'server-error-on-equal-range': (p) => availability(p, (b) => ({ EndDateTime: b.StartDateTime })),
  'create-form-error-on-reversed-range': async (p) =>
    (
      await p.api.send(pagePath('submitCreateBookingForm'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ Name: 'Reversed', StartDate: '2027-05-01T11:00:00', EndDate: '2027-05-01T10:00:00' }).toString(),
      })
    ).status,
  'edit-form-error-on-reversed-range': async (p) => {
    const booking = p.mock.context.state.bookings.find((b) => b.hallId === p.hall);
    return (
      await p.api.send(pagePath('submitEditBookingForm', { booking_id: booking?.id ?? 1 }), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ Name: 'Reversed', StartDate: '2027-05-01T11:00:00', EndDate: '2027-05-01T10:00:00' }).toString(),
      })
    ).status;
  },
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
