// JSON endpoints of the Customers domain.
import { HttpResponse } from 'msw';
import { endpoints as E } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { jsonRoute } from '../routes.js';
import { customerItem } from './present.js';

export function customerHandlers(mock: MockContext) {
  const ofHall = (hallId: number) => mock.state.customers.filter((c) => c.hallId === hallId);
  const find = (id: string) => mock.state.customers.find((c) => c.id.toLowerCase() === id.toLowerCase());
  return [
    jsonRoute(mock, E.listCustomersForHall, ({ query: q }) =>
      ofHall(q.id)
        // Open point hallCustomers: without customer=true, staff are listed only in the with-staff reading.
        .filter((c) => !c.staff || (q.customer !== 'true' && mock.readings.hallCustomers === 'with-staff'))
        .filter((c) => q.includeDeleted === 'true' || !c.deleted)
        .filter((c) => q.onlyNew !== 'true' || c.isNew)
        .map((c) => customerItem(mock, c)),
    ),
    jsonRoute(mock, E.listAllCustomers, () => mock.state.customers.map((c) => customerItem(mock, c))),
    jsonRoute(mock, E.getCustomerDetails, ({ query: q }) =>
      ofHall(q.hallid)
        .filter((c) => !c.deleted)
        .map((c) => ({
          UserId: c.id,
          Name: c.name,
          Email: c.email,
          BookingCount: mock.state.bookings.filter((b) => b.customerId === c.id).length,
        })),
    ),
    jsonRoute(mock, E.getCustomerNotes, ({ query: q }) =>
      (find(q.customerid)?.notes ?? []).map((note, i) => ({ Id: i + 1, Note: note, HallId: q.hallid })),
    ),
    jsonRoute(mock, E.getExistingAddresses, ({ query: q }) =>
      (find(q.uid)?.addresses ?? []).map((line, i) => ({ Id: i + 1, AddressLine1: line })),
    ),
    jsonRoute(mock, E.getGroupsForCustomer, () => [
      { Id: 1, Name: 'Regular hirers' },
      { Id: 2, Name: 'Charities' },
    ]),
    jsonRoute(mock, E.getUnverifiedUsersCount, ({ query: q }) => ofHall(q.hallid).filter((c) => !c.verified).length),
    jsonRoute(mock, E.getNewCustomersCount, ({ query: q }) => ofHall(q.hallid).filter((c) => c.isNew).length),
    jsonRoute(mock, E.blockUser, ({ body }) => {
      const c = find(body.CustomerId);
      if (!c || c.hallId !== body.HallId) {
        return HttpResponse.json({ Message: `No customer ${body.CustomerId} at hall ${body.HallId}` }, { status: 404 });
      }
      c.blocked = true;
      return { Success: true };
    }),
  ];
}
