// Mutants of the customers area: the Customer's aliases, types and presence, a block not stored or
// one that blocks another customer too, an unspecified endpoint answering 500 (interface doc,
// "Customer", "Endpoints / Customers").
import { Customer, endpoints as E } from '../contracts/index.js';
import { onItems, set, without, isAt, notStored, replaceAnswer, type Mutant } from './mutant-kit.js';

const CUSTOMER_LISTS = ['listCustomersForHall', 'listAllCustomers'] as const;

export const customerMutants = [
  {
    id: 'customer-name-alias-dropped',
    area: 'customers',
    breaks: 'Customer carries Name (or FullName)',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => without(c, 'Name', 'FullName')),
  },
  {
    id: 'customer-phone-alias-dropped',
    area: 'customers',
    breaks: 'Customer carries Phone (or PhoneNumber)',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => without(c, 'Phone', 'PhoneNumber')),
  },
  {
    id: 'customer-user-id-missing',
    area: 'customers',
    breaks: 'Customer.UserId (a GUID) is present',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => without(c, 'UserId')),
  },
  {
    id: 'customer-is-blocked-as-string',
    area: 'customers',
    breaks: 'Customer.IsBlocked is a boolean',
    json: onItems(Customer, CUSTOMER_LISTS, (c) => set(c, 'IsBlocked', String(c.IsBlocked))),
  },
  {
    id: 'block-user-not-stored',
    area: 'customers',
    breaks: 'BlockUser blocks the customer (IsBlocked)',
    intercept: notStored((r) => r.method === 'POST' && isAt(r, E.blockUser)),
  },
  {
    id: 'block-user-blocks-another',
    area: 'customers',
    breaks: 'BlockUser blocks the customer it names, and no other',
    intercept: async (request, next, mock) => {
      if (request.method !== 'POST' || !isAt(request, E.blockUser)) return next(request);
      const named = String(
        (
          (await request
            .clone()
            .json()
            .catch(() => ({}))) as { CustomerId?: unknown }
        ).CustomerId,
      ).toLowerCase();
      const response = await next(request);
      const other = mock.state.customers.find((c) => c.hallId === mock.hallId && !c.blocked && c.id.toLowerCase() !== named);
      if (other) other.blocked = true;
      return response;
    },
  },
  {
    id: 'unspecified-endpoint-returns-500',
    area: 'customers',
    breaks: 'GetGroupsForCustomer answers 200 for a signed-in user',
    intercept: replaceAnswer(E.getGroupsForCustomer, () => Response.json({ Message: 'An error has occurred.' }, { status: 500 })),
  },
] as const satisfies readonly Mutant[];
