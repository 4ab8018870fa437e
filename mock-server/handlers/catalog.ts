// JSON endpoints of hall configuration.
import { endpoints as E } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { jsonRoute } from '../routes.js';
import { inTimeRange } from './bookings.js';
import { roomsOfHall } from './rooms.js';

/** The charge matrix's one date range; its id is what GetPriceRatesForHall's `dateRangeId` names. */
const CURRENT_DATE_RANGE_ID = 61;

export function catalogHandlers(mock: MockContext) {
  const s = () => mock.state;
  // Activity types and price rates: `Id` as the interface doc shows, `ID` in the alternate
  // alias mode (live notes: "most likely use `ID`; `Id` also occurs").
  const named = (x: { id: number; name: string; hallId: number }) => ({
    ...(mock.options.aliases === 'alternate' ? { ID: x.id } : { Id: x.id }),
    Name: x.name,
    HallId: x.hallId,
  });
  return [
    jsonRoute(mock, E.listActivityTypes, ({ query: q }) =>
      s()
        .activityTypes.filter((a) => a.hallId === q.id)
        .map(named),
    ),
    jsonRoute(mock, E.listPriceRates, ({ query: q }) =>
      s()
        .priceRates.filter((p) => p.hallId === q.id)
        .map(named),
    ),
    jsonRoute(mock, E.getChargeMatrixRooms, ({ query: q }) =>
      roomsOfHall(mock, q.id).map((r) => ({ RoomId: r.id, Name: r.name, DateRangeId: CURRENT_DATE_RANGE_ID })),
    ),
    jsonRoute(mock, E.getChargeMatrixPriceRates, ({ query: q }) =>
      s()
        .priceRates.filter((p) => p.hallId === q.id)
        .map((p) => ({
          PriceRateId: p.id,
          Name: p.name,
          DateRangeId: q.dateRangeId,
          HourlyRate: p.name === 'Community' ? 12 : 20,
        })),
    ),
    jsonRoute(mock, E.getTaxRates, () => [
      { Id: 1, Name: 'VAT', Rate: 20 },
      { Id: 2, Name: 'Exempt', Rate: 0 },
    ]),
    jsonRoute(mock, E.getFixedTimeSlots, () => [
      { Id: 1, Name: 'Morning', Start: '09:00', End: '12:00' },
      { Id: 2, Name: 'Afternoon', Start: '13:00', End: '17:00' },
      { Id: 3, Name: 'Evening', Start: '18:00', End: '22:00' },
    ]),
    jsonRoute(mock, E.listLineItemGroups, ({ query: q }) =>
      s()
        .lineItemGroups.filter((g) => g.hallId === q.id)
        .map((g) => ({ Id: g.id, Name: g.name, HallId: g.hallId })),
    ),
    jsonRoute(mock, E.listLineItems, ({ query: q }) => s().lineItemGroups.find((g) => g.id === q.id)?.items ?? []),
    jsonRoute(mock, E.listReports, () => [
      { Id: 1, Name: 'Bookings by room' },
      { Id: 2, Name: 'Income by month' },
    ]),
    // Audits take the grid's `timerange` (interface doc) and read it as the grid does.
    jsonRoute(mock, E.listAudits, ({ query: q }) =>
      s().audits.filter((a) => a.HallId === q.id && inTimeRange(s().now, a.Date, q.timerange, mock.readings.timerange)),
    ),
    jsonRoute(mock, E.getInvoiceCounter, () => 1042),
    jsonRoute(mock, E.hasOutstandingInvoice, () => false),
    jsonRoute(mock, E.generateAccessPin, () => {
      const pin = String(100000 + ((s().pins.length * 7919 + 4242) % 900000));
      s().pins.push(pin);
      return { PIN: pin };
    }),
  ];
}
