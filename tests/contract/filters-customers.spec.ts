// Meaning, not only shape: the hall's customer lists nest as the interface document says;
// which of the open point's readings the answers fit is recorded.
import { customerName } from '../../contracts/index.js';
import { expect, test } from '../../fixtures/index.js';
import { expectPlayedReading, recordReading, seededStaff, vacuous } from '../../fixtures/readings.js';
import { doc, openPoint } from '../../coverage/sources.js';

test.describe('customers', () => {
  test(
    'listCustomersForHall customer=true is within the unrestricted list and within listAllCustomers',
    {
      annotation: [
        doc('Customers, GET /api/customers/getforhall', 'customer | string | no | `true` restricts to customers'),
        doc('Customers, GET /api/Customers/GetAllCustomer', 'all customers across all halls'),
        openPoint('hallCustomers'),
      ],
    },
    async ({ api, facts, target }) => {
      const key = (c: { UserId: string }) => c.UserId.toLowerCase();
      const show = (c: Parameters<typeof customerName>[0]) => `${c.UserId} ${customerName(c)}`;
      const [{ data: customers }, { data: everyone }, { data: allHalls }] = await Promise.all([
        api.call('listCustomersForHall', { query: { id: facts.hallId, customer: 'true', includeDeleted: 'false' } }),
        api.call('listCustomersForHall', { query: { id: facts.hallId, includeDeleted: 'false' } }),
        api.call('listAllCustomers'),
      ]);
      if (!customers.length) vacuous('the hall has no customer');
      const unrestricted = new Set(everyone.map(key));
      const across = new Set(allHalls.map(key));
      expect(
        customers.filter((c) => !unrestricted.has(key(c))).map(show),
        'customer=true lists people the unrestricted list lacks',
      ).toEqual([]);
      expect(customers.filter((c) => !across.has(key(c))).map(show), 'customers of the hall missing from GetAllCustomer').toEqual([]);
      const restricted = new Set(customers.map(key));
      const others = everyone.filter((c) => !restricted.has(key(c)));
      // Alike lists tell the readings apart only where the hall is known to have staff: on the mock, whose
      // seed holds some; elsewhere a hall without staff answers alike in both.
      const staff = seededStaff(target, facts.hallId);
      const seen = others.length ? ['with-staff'] : staff ? ['customers-only'] : ['with-staff', 'customers-only'];
      await recordReading(
        'hallCustomers',
        seen,
        others.length
          ? `${others.length} of ${everyone.length} listed without customer=true are no customers`
          : `both lists hold the same ${everyone.length}${staff ? `, none of the hall's ${staff} staff` : ''}`,
        target.baseUrl,
      );
      expectPlayedReading(target, 'hallCustomers', seen);
    },
  );
});
