// The hall as it must be, read-only: a sample of its existing bookings (every status, past and future, several rooms,
// a recurring parent and its children, a pending change; client/hall/sample.ts) shows the same in every view: the grid
// of its day, the scheduler feed, the View page, the popup and the edit form, each held to the booking's row in the
// whole grid (client/hall/compare.ts). A read-only run against staging catches a view that disagrees with the others.
import { itemsOf } from '../../contracts/index.js';
import { fromGridRow, type HallBooking } from '../../client/hall/booking.js';
import { disagreementLine } from '../../client/hall/compare.js';
import { sampleBookings } from '../../client/hall/sample.js';
import { runId } from '../../settings/run.js';
import { expect, test } from '../../fixtures/index.js';
import { doc, notes } from '../../coverage/sources.js';

/** Children of a recurring parent held too: two of them, from its child grid (interface doc, getforparentgrid). */
const CHILDREN = 2;

const SOURCES = {
  annotation: [
    doc('Booking (grid item)', 'RoomsUsed | string | Display text of the room(s) booked'),
    doc('Calendar event (scheduler)', 'id | int | Booking id'),
    doc('Bookings', 'Edit booking (HTML form): GET `/Admin/Bookings/Edit/{booking_id}` returns the current values'),
    notes('Scheduler', "A booking over several rooms comes back as one event per room, each in that room's colour"),
    notes('Scheduler', '`/Scheduler/ViewBooking/{id}`: a `label` for `Description` with the text in a sibling `div`'),
  ],
};

test(
  'sampled bookings of the hall show the same in every view: grid, scheduler feed, View page, popup, edit form',
  SOURCES,
  async ({ api, hall, seeding, target }, testInfo) => {
    // The grid as it is now, not the worker's snapshot: on a busy staging bookings change by the minute.
    const grid = (statusType: 'All' | 'HasPending') =>
      api.call('listBookingsForHallGrid', { query: { id: target.hallId, statusType, timerange: 5 } });
    const [all, pending] = await Promise.all([grid('All'), grid('HasPending')]);
    const seed = runId() ?? 'local';
    const sample = sampleBookings(
      itemsOf(all.data),
      hall.catalogue,
      seed,
      itemsOf(pending.data).map((b) => b.BookingId),
    );
    seeding.expectSome(sample.length, 'bookings the suite did not make');
    const models: { model: HallBooking; why: string }[] = sample.map((s) => ({ model: fromGridRow(s.row, hall.catalogue), why: s.why }));
    const parent = sample.find((s) => s.row.IsRecurring)?.row;
    if (parent) {
      const children = itemsOf((await api.call('listChildBookings', { query: { id: parent.BookingId } })).data).slice(0, CHILDREN);
      for (const child of children)
        models.push({ model: fromGridRow(child, hall.catalogue, parent.BookingId), why: 'a child of a recurring booking' });
    }
    testInfo.annotations.push({
      type: 'sample',
      description: `seed ${seed}: ${models.map(({ model, why }) => `${model.id} (${why})`).join(', ')}`,
    });
    const lines: string[] = [];
    // A view that disagrees is held to the booking's row read again: another person may have changed it meanwhile.
    const fresh = (model: HallBooking) => async () => {
      const rows = model.parentId
        ? itemsOf((await api.call('listChildBookings', { query: { id: model.parentId } })).data)
        : itemsOf((await grid('All')).data);
      const row = rows.find((b) => b.BookingId === model.id);
      return row ? fromGridRow(row, hall.catalogue, model.parentId) : null;
    };
    for (const { model } of models) {
      const held = await test.step(`the views of booking ${model.id}`, () => hall.views(model, fresh(model)), { box: true });

      // Named by the model its views were last held to (its row read again, when one was).
      lines.push(...held.found.map((d) => disagreementLine(held.model, d, 'the grid')));
    }
    expect(
      lines,
      `views that disagree with the booking's row in the whole grid (GET listBookingsForHallGrid, All):\n${lines.join('\n')}`,
    ).toEqual([]);
  },
);
