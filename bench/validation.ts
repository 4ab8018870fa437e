// Contract validation of a big grid: the registry's BookingList schema over --rows generated bookings.
import { endpoints } from '../contracts/index.js';
import type { Measure } from './measure.js';
import { round, verdict } from './report.js';

function validation(rows: number) {
  const schema = endpoints.listBookingsForHallGrid.response;
  const statuses = ['Requested', 'Confirmed', 'Cancelled'] as const;
  const items = Array.from({ length: rows }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    return {
      BookingId: 100000 + i,
      BookingName: `Booking ${i}`,
      StartDateTime: `2025-03-${day}T10:00:00`,
      EndDateTime: `2025-03-${day}T12:00:00`,
      Status: statuses[i % 3],
      CustomerName: `Customer ${i % 97}`,
      CustomerId: `aaaa${String(i % 97).padStart(4, '0')}-1b2c-4d3e-8f40-000000000001`,
      RoomsUsed: 'Main Hall, Kitchen',
      ActivityType: 'Party',
      IsRecurring: i % 50 === 0,
    };
  });
  const text = JSON.stringify(items);
  const timeIt = (fn: () => void) => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  let parsed: unknown;
  const parseMs = timeIt(() => {
    parsed = JSON.parse(text);
  });
  const first = timeIt(() => {
    if (!schema.safeParse(parsed).success) throw new Error('bench: the generated grid is off-contract');
  });
  const runs = Array.from({ length: 7 }, () => timeIt(() => schema.safeParse(parsed))).sort((a, b) => a - b);
  return { rows, bytes: text.length, jsonParseMs: round(parseMs), firstMs: round(first), medianMs: round(runs[3] as number) };
}

export const validationMeasure: Measure = (o) => {
  const v = validation(o.rows);
  return Promise.resolve({
    result: v,
    rows: [
      {
        measure: `BookingList validation, ${v.rows} rows`,
        value: `${v.medianMs} ms median (first ${v.firstMs} ms; JSON.parse ${v.jsonParseMs} ms)`,
        target: '≤ 50 ms',
        status: verdict(v.medianMs <= 50),
      },
    ],
  });
};
