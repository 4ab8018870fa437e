// Values for the create form from the page's own options, as the flows' drafts choose them
// (fixtures/bookings.ts): the test customer when the form offers it, e-mails off.
import { firstRealOption, realOptions, type ParsedForm } from '../../client/forms.js';

export const bookingValues = (name: string, start: string, end: string, testCustomerId?: string) => (form: ParsedForm) => {
  const firstOption = (field: string) => firstRealOption(form, field);
  const testCustomer = realOptions(form, 'CustomerId').find((o) => o.value.toLowerCase() === testCustomerId?.toLowerCase());
  return {
    Name: name,
    StartDate: start,
    EndDate: end,
    CustomerId: testCustomer?.value ?? firstOption('CustomerId'),
    ActivityTypeId: firstOption('ActivityTypeId'),
    PriceRateId: firstOption('PriceRateId'),
    BookingStatusId: firstOption('BookingStatusId'),
    ...(form.controls.some((c) => c.name === 'SendEmails' && c.type === 'checkbox') ? { SendEmails: false } : {}),
  };
};
