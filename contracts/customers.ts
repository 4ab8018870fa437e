// Customer resources, request shapes and endpoints (interface doc: "Customer", "Endpoints / Customers").
import { z } from 'zod';
import { Guid, BoolString, LowerHallIdQuery, QueryInt, aliasedObject, unspecified } from './common.js';
import { jsonOf, keyed, type JsonEndpoint } from './entries.js';

/** Customer; `Name`/`FullName` and `Phone`/`PhoneNumber` are documented alias spellings. */
export const Customer = aliasedObject(
  'Customer',
  {
    UserId: Guid,
    Email: z.string(),
    Organisation: z.string(),
    IsBlocked: z.boolean(),
  },
  { Name: z.string(), FullName: z.string(), Phone: z.string(), PhoneNumber: z.string() },
  [
    ['Name', 'FullName'],
    ['Phone', 'PhoneNumber'],
  ],
);
export type Customer = z.infer<typeof Customer>;

export const CustomerList = z.array(Customer).meta({ id: 'CustomerList' });

/** The customer's display name, whichever spelling the target uses. */
export const customerName = (c: Customer): string => c.Name ?? c.FullName ?? '';

export const CustomersForHallQuery = z.object({
  id: QueryInt.meta({ description: 'Hall id' }),
  customer: BoolString.optional(),
  includeDeleted: BoolString.optional(),
  onlyNew: BoolString.optional(),
});
export const CustomerNotesQuery = z.object({ hallid: QueryInt, customerid: Guid });
export const ExistingAddressesQuery = z.object({ uid: Guid });

export const BlockUserBody = z.object({ CustomerId: Guid, HallId: z.number().int() }).meta({ id: 'BlockUserBody' });
export type BlockUserBody = z.infer<typeof BlockUserBody>;

const json = jsonOf('customers');

/** The customers domain's JSON endpoints (interface doc, "Endpoints"). */
export const customerEndpoints = keyed({
  listCustomersForHall: json({
    method: 'GET',
    path: '/api/customers/getforhall',
    summary: 'Customers of a hall',
    query: CustomersForHallQuery,
    response: CustomerList,
    documented: true,
  }),
  listAllCustomers: json({
    method: 'GET',
    path: '/api/Customers/GetAllCustomer',
    summary: 'Customers of all halls',
    response: CustomerList,
    documented: true,
  }),
  getCustomerDetails: json({
    method: 'GET',
    path: '/api/Customers/GetCustomerDetails',
    summary: 'Customer details of a hall',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  getCustomerNotes: json({
    method: 'GET',
    path: '/api/Customers/GetCustomerNotes',
    summary: 'Notes on a customer',
    query: CustomerNotesQuery,
    ...unspecified,
  }),
  getExistingAddresses: json({
    method: 'GET',
    path: '/api/Customers/GetExistingAddresses',
    summary: 'Addresses of a customer',
    query: ExistingAddressesQuery,
    ...unspecified,
  }),
  getGroupsForCustomer: json({
    method: 'GET',
    path: '/api/Customers/GetGroupsForCustomer',
    summary: 'Customer groups',
    ...unspecified,
  }),
  getUnverifiedUsersCount: json({
    method: 'GET',
    path: '/api/Customers/GetUnverifiedUsersCount',
    summary: 'Number of unverified users',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  getNewCustomersCount: json({
    method: 'GET',
    path: '/api/Customers/GetNewCustomersCount',
    summary: 'Number of new customers',
    query: LowerHallIdQuery,
    ...unspecified,
  }),
  blockUser: json({
    method: 'POST',
    path: '/api/Customers/BlockUser',
    summary: 'Block a customer at a hall',
    body: BlockUserBody,
    writes: true,
    ...unspecified,
  }),
}) satisfies Record<string, JsonEndpoint>;
