// Each reading the mock plays does what contracts/open-points.ts says it does: the same
// question asked of a mock in each reading of one point gets the two different answers, and
// what the point's invariant promises holds in both.
import { expect, test } from '../../../fixtures/index.js';
import {
  type BookingFormField,
  bookingRoomField,
  endpoints,
  pagePath,
  ROOM_COLOUR_LIST_ID,
  ROOM_COLOUR_SELECTOR,
  TOKEN_FIELD,
  type MockReadings,
} from '../../../contracts/index.js';
import { PlainClient } from '../../../client/plain-client.js';
import { addDays, serviceToday } from '../../../contracts/service-time.js';
import { startMockServer, type MockServer } from '../../../mock-server/server.js';

interface GridItem {
  BookingId: number;
  BookingName: string;
  StartDateTime: string;
  Status: string;
}

const STATUS = 'BookingStatusId' satisfies BookingFormField;

/** A mock in the given readings and a client logged in to it, closed after `body`. */
async function withMock(readings: Partial<MockReadings>, body: (client: PlainClient, server: MockServer) => Promise<void>): Promise<void> {
  const server = await startMockServer({ readings });
  try {
    const client = new PlainClient(server.url);
    const { email, password } = server.context.credentials;
    expect((await client.logIn(email, password)).status, 'login redirects').toBe(302);
    await body(client, server);
  } finally {
    await server.close();
  }
}

const grid = (client: PlainClient, hallId: number, query: string) =>
  client.json<GridItem>(`${endpoints.listBookingsForHallGrid.path}?id=${hallId}&${query}`);

/** A create post of the mock's own form: first customer, activity and rate, the first room, status by option text. */
async function createPost(client: PlainClient, name: string, start: string, end: string): Promise<{ status: number; location: string }> {
  const { $, token } = await client.page(pagePath('createBookingPage'));
  const options = (select: BookingFormField) => $(`select[name="${select}"] option`).toArray();
  const first = (select: BookingFormField) =>
    options(select)
      .map((o) => $(o).attr('value') ?? '')
      .find(Boolean) ?? '';
  const confirmed = options('BookingStatusId').find((o) => $(o).text().trim() === 'Confirmed');
  const named: [BookingFormField, string][] = [
    [TOKEN_FIELD, token],
    ['Name', name],
    ['StartDate', start],
    ['EndDate', end],
    ['CustomerId', first('CustomerId')],
    ['ActivityTypeId', first('ActivityTypeId')],
    ['PriceRateId', first('PriceRateId')],
    ['BookingStatusId', confirmed ? ($(confirmed).attr('value') ?? '') : ''],
  ];
  const room = bookingRoomField(0, 'RoomId');
  return client.request(pagePath('submitCreateBookingForm'), {
    // SendEmails: the live form's e-mail switch, which the interface document does not name.
    form: [
      ...named,
      ['SendEmails', 'false'],
      [room, $(`input[name="${room}"]`).attr('value') ?? ''],
      [bookingRoomField(0, 'Selected'), 'true'],
    ],
  });
}

test.describe('mock readings', () => {
  test('timerange: start-window keeps future bookings out of Today, from-start lets them in; the ranges nest in both', async () => {
    const today = serviceToday();
    for (const reading of ['start-window', 'from-start'] as const) {
      await withMock({ timerange: reading }, async (client, server) => {
        const ranges = await Promise.all(
          [0, 1, 2, 3, 4, 5].map((r) => grid(client, server.context.hallId, `timerange=${r}&statusType=All`)),
        );
        const all = await grid(client, server.context.hallId, 'statusType=All');
        const future = (ranges[0] ?? []).filter((b) => b.StartDateTime.slice(0, 10) > today);
        if (reading === 'start-window') expect(future, `${reading}: Today holds no booking that starts after today`).toEqual([]);
        else expect(future.length, `${reading}: Today holds the bookings that start after today`).toBeGreaterThan(0);
        for (let r = 1; r < ranges.length; r++) {
          const wider = new Set(ranges[r]?.map((b) => b.BookingId));
          expect(
            ranges[r - 1]?.filter((b) => !wider.has(b.BookingId)),
            `${reading}: timerange ${r - 1} ⊆ ${r}`,
          ).toEqual([]);
        }
        expect(ranges[5]?.length, `${reading}: All is the unfiltered grid`).toBe(all.length);
        const counts = await client.getJson<{ Today: number }>(
          `${endpoints.getBookingTimeRangeCountsForHall.path}?id=${server.context.hallId}`,
        );
        expect(counts.Today, `${reading}: the time-range counts read timerange as the grid does`).toBe(ranges[0]?.length);
      });
    }
  });

  test('hallCustomers: with-staff lists staff without customer=true, customers-only never does', async () => {
    for (const reading of ['with-staff', 'customers-only'] as const) {
      await withMock({ hallCustomers: reading }, async (client, server) => {
        const path = `${endpoints.listCustomersForHall.path}?id=${server.context.hallId}`;
        const customers = new Set((await client.json<{ UserId: string }>(`${path}&customer=true`)).map((c) => c.UserId));
        const everyone = await client.json<{ UserId: string }>(path);
        const others = everyone.filter((c) => !customers.has(c.UserId));
        if (reading === 'with-staff') expect(others.length, 'staff beside the customers').toBeGreaterThan(0);
        else expect(others, 'no one but customers').toEqual([]);
        expect(
          [...customers].filter((id) => !everyone.some((c) => c.UserId === id)),
          'customer=true within the unrestricted list',
        ).toEqual([]);
      });
    }
  });

  test('statusOptions: ids or names as option values; a post by option value and by name (any case) is stored in both', async () => {
    const day = addDays(serviceToday(), 35);
    for (const reading of ['ids', 'names'] as const) {
      await withMock({ statusOptions: reading }, async (client, server) => {
        const { $ } = await client.page(pagePath('createBookingPage'));
        const options = $('select[name="BookingStatusId"] option')
          .toArray()
          .map((o) => ({ value: $(o).attr('value') ?? '', text: $(o).text().trim() }))
          .filter((o) => o.value);
        expect(options.map((o) => o.text)).toEqual(expect.arrayContaining(['Requested', 'Confirmed']));
        if (reading === 'ids')
          expect(
            options.filter((o) => !/^\d+$/.test(o.value)),
            'every value a number',
          ).toEqual([]);
        else
          expect(
            options.filter((o) => o.value !== o.text),
            'every value the status name',
          ).toEqual([]);
        expect(
          (await createPost(client, `By option ${reading}`, `${day}T06:00:00`, `${day}T07:00:00`)).status,
          'stored by option value',
        ).toBe(302);
        const byName = await client.page(pagePath('createBookingPage'));
        const form = byName.$('form[method=post]').last();
        const fields: [string, string][] = form
          .find('input[type=hidden], select')
          .toArray()
          .map(
            (el) =>
              [
                byName.$(el).attr('name') ?? '',
                byName.$(el).is('select')
                  ? (byName.$(el).find('option[value!=""]').first().attr('value') ?? '')
                  : (byName.$(el).attr('value') ?? ''),
              ] as [string, string],
          )
          .filter(([n]) => n && n !== STATUS && !n.endsWith('.Selected') && n !== 'SendEmails');
        const named: [BookingFormField, string][] = [
          ['Name', `By name ${reading}`],
          ['StartDate', `${day}T08:00:00`],
          ['EndDate', `${day}T09:00:00`],
          [STATUS, 'rEQUESTED'],
        ];
        const reply = await client.request(pagePath('submitCreateBookingForm'), {
          form: [...fields, ...named, [bookingRoomField(0, 'Selected'), 'true']],
        });
        expect(reply.status, 'stored by a name in any case').toBe(302);
        const stored = (await grid(client, server.context.hallId, 'statusType=All')).find((b) => b.BookingName === `By name ${reading}`);
        expect(stored?.Status).toBe('Requested');
      });
    }
  });

  test('formRedirects: index-then-view and view-then-index send create and edit to opposite pages', async () => {
    const day = addDays(serviceToday(), 36);
    for (const reading of ['index-then-view', 'view-then-index'] as const) {
      await withMock({ formRedirects: reading }, async (client, server) => {
        const created = await createPost(client, `Redirect ${reading}`, `${day}T06:00:00`, `${day}T07:00:00`);
        expect(created.status).toBe(302);
        const booking = (await grid(client, server.context.hallId, 'statusType=All')).find((b) => b.BookingName === `Redirect ${reading}`);
        expect(booking, 'stored').toBeDefined();
        const view = pagePath('viewBookingPage', { booking_id: booking?.BookingId ?? 0 });
        const index = pagePath('bookingsIndexPage', { hall_id: server.context.hallId });
        const edit = await client.page(pagePath('editBookingPage', { booking_id: booking?.BookingId ?? 0 }));
        const fields: [string, string][] = edit
          .$('form[method=post]')
          .last()
          .find('input, select, textarea')
          .toArray()
          .filter((el) => edit.$(el).attr('type') !== 'checkbox' || edit.$(el).attr('checked') !== undefined)
          .filter((el) => edit.$(el).attr('type') !== 'submit')
          .map(
            (el) =>
              [
                edit.$(el).attr('name') ?? '',
                edit.$(el).is('select')
                  ? (edit.$(el).find('option[selected]').attr('value') ?? '')
                  : edit.$(el).is('textarea')
                    ? edit.$(el).text()
                    : (edit.$(el).attr('value') ?? ''),
              ] as [string, string],
          )
          .filter(([n]) => n);
        const edited = await client.request(pagePath('submitEditBookingForm', { booking_id: booking?.BookingId ?? 0 }), { form: fields });
        expect(edited.status, 'the edit is stored').toBe(302);
        const [createTo, editTo] = reading === 'index-then-view' ? [index, view] : [view, index];
        expect([created.location, edited.location]).toEqual([createTo, editTo]);
      });
    }
  });

  test(
    'deleteEffect: remove takes the booking and its series away, cancel keeps them Cancelled; ' + 'NotCancelled drops it in both',
    async () => {
      for (const reading of ['remove', 'cancel'] as const) {
        await withMock({ deleteEffect: reading }, async (client, server) => {
          const hallId = server.context.hallId;
          const parent = (await grid(client, hallId, 'statusType=NotCancelled')).find((b) =>
            server.context.state.bookings.some((x) => x.parentId === b.BookingId),
          );
          expect(parent, 'a recurring parent to delete').toBeDefined();
          const id = parent?.BookingId ?? 0;
          expect((await client.request(pagePath('deleteBooking', { booking_id: id }))).status).toBe(302);
          expect(
            (await grid(client, hallId, 'statusType=NotCancelled')).some((b) => b.BookingId === id),
            'gone from NotCancelled',
          ).toBe(false);
          const kept = (await grid(client, hallId, 'statusType=All')).find((b) => b.BookingId === id);
          const children = await client.json<GridItem>(`${endpoints.listChildBookings.path}?id=${id}`);
          if (reading === 'remove') {
            expect(kept, 'removed').toBeUndefined();
            expect(children, "the series' children removed").toEqual([]);
          } else {
            expect(kept?.Status, 'kept, Cancelled').toBe('Cancelled');
            expect(children.length, "the series' children kept").toBeGreaterThan(0);
            expect(
              children.filter((c) => c.Status !== 'Cancelled'),
              "the series' children Cancelled",
            ).toEqual([]);
          }
        });
      }
    },
  );

  test('roomLabels: live holds only .room-label items in #RoomColorList, varied adds an item and other notations', async () => {
    for (const reading of ['live', 'varied'] as const) {
      await withMock({ roomLabels: reading }, async (client, server) => {
        const { $ } = await client.page(pagePath('schedulerPage', { hall_id: server.context.hallId }));
        const children = $(`#${ROOM_COLOUR_LIST_ID}`).children().toArray();
        const labels = $(ROOM_COLOUR_SELECTOR).toArray();
        const rooms = await client.json(`${endpoints.listRoomsForGrid.path}?id=${server.context.hallId}`);
        expect(labels, 'one .room-label per room in both').toHaveLength(rooms.length);
        const livePattern = /^background-color:#[0-9a-f]{6}!important;$/;
        if (reading === 'live') {
          expect(children, 'nothing but the labels').toHaveLength(labels.length);
          expect(
            labels.filter((el) => !livePattern.test($(el).attr('style') ?? '')),
            'every style in the live form',
          ).toHaveLength(0);
        } else {
          expect(children.length, 'an item beside the labels').toBeGreaterThan(labels.length);
          expect(labels.filter((el) => !livePattern.test($(el).attr('style') ?? '')).length, 'other notations').toBeGreaterThan(0);
        }
      });
    }
  });

  test('an unknown reading is refused when the mock starts', async () => {
    await expect(startMockServer({ readings: { timerange: 'created' } })).rejects.toThrow(
      /"created" is not a reading of timerange the mock plays/,
    );
  });
});
