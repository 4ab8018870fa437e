// Customer resources and request shapes (interface doc: "Customer", "Endpoints / Customers").
import { z } from 'zod';
import { Guid, BoolString, QueryInt, aliasedObject } from './common.js';

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
