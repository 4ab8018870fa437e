// One probe per mutant of mock-server/mutants-hall.ts, for the catalogue check in mutants.spec.ts: each sees
// something different from the mutated mock than from the faithful one.
import { endpoints as E, pagePath, type BookingFormField } from '../../../contracts/index.js';
import { addDays } from '../../../contracts/service-time.js';
import type { hallMutants } from '../../../mock-server/mutants-hall.js';
import type { SecurityProbe } from './security-probes.js';

type Id = (typeof hallMutants)[number]['id'];

const text = async (p: SecurityProbe, path: string) => (await p.api.send(path)).text;
const bookingOf = (p: SecurityProbe, keep: (b: SecurityProbe['mock']['context']['state']['bookings'][number]) => boolean) =>
  p.mock.context.state.bookings.find((b) => b.hallId === p.hall && keep(b))!;

export const hallProbes: Record<Id, (p: SecurityProbe) => Promise<unknown>> = {
  'grid-times-shifted': (p) => text(p, `${E.listBookingsForHallGrid.path}?id=${p.hall}`),
  'scheduler-event-in-another-room': (p) =>
    text(
      p,
      `${E.listSchedulerEvents.path}?HallId=${p.hall}&start=${addDays(p.today, -90)}T00:00:00Z&end=${addDays(p.today, 90)}T00:00:00Z`,
    ),
  'view-page-shows-another-name': (p) => text(p, pagePath('viewBookingPage', { booking_id: bookingOf(p, (b) => b.parentId === null).id })),
  'booking-name-flattened-on-store': async (p) => {
    const b = bookingOf(p, (x) => x.parentId === null);
    await p.api.submitForm('editBookingPage', { booking_id: b.id }, { Name: 'Café 🎉 Ωmega' } satisfies Partial<
      Record<BookingFormField, string>
    >);
    return p.mock.context.state.bookings.find((x) => x.id === b.id)?.name;
  },
  'confirm-changes-moves-end': async (p) => {
    const b = bookingOf(p, (x) => x.pendingChange);
    await p.api.send(pagePath('confirmBookingChanges', { booking_id: b.id }));
    return p.mock.context.state.bookings.find((x) => x.id === b.id)?.end;
  },
  'cancelled-booking-holds-its-slot': async (p) => {
    const b = bookingOf(p, (x) => x.status === 'Cancelled');
    const { json } = await p.api.call('checkAvailability', {
      body: { Rooms: b.roomIds, StartDateTime: b.start, EndDateTime: b.end, HallId: p.hall },
    });
    return JSON.stringify(json);
  },
  // Still unanswered after 1.5 s: the probe does not wait out the mutant's three seconds. A request that fails before
  // then fails the probe; the one left waiting is cut when the probe's mock closes, a rejection no one awaits.
  'rooms-for-booking-slow': async (p) => {
    const answered = text(p, `${E.listRoomsForBooking.path}?hallid=${p.hall}`).then(() => 'answered');
    answered.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const waiting = new Promise((resolve) => (timer = setTimeout(resolve, 1_500, 'waiting after 1.5 s')));
    try {
      return await Promise.race([answered, waiting]);
    } finally {
      clearTimeout(timer);
    }
  },
};
