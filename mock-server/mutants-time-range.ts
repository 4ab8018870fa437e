// A grid that ignores `timerange` as a staging hall shows it: every short range answers the
// whole grid, but the hall's history goes back only about 13 months, so nothing that ended
// two years ago is there to give it away. Merged into the catalogue by mutants.ts.
import { endpoints as E, listItems, routeMatches, withItems } from '../contracts/index.js';
import { addDays } from '../contracts/service-time.js';
import type { Mutant } from './mutant-kit.js';

/** Days of history the mutant's hall keeps: about 13 months. */
const HISTORY_DAYS = 395;

const gridIgnoresTimerangeOnRecentHistory: Mutant['intercept'] = async (request, next, mock) => {
  const url = new URL(request.url);
  const key = [...url.searchParams.keys()].find((k) => k.toLowerCase() === 'timerange');
  const range = key === undefined ? NaN : Number(url.searchParams.get(key));
  if (!routeMatches(E.listBookingsForHallGrid.path, url.pathname) || !(range >= 0 && range < 5)) return next(request);
  url.searchParams.set(key as string, '5');
  const response = await next(new Request(url, request));
  if (response?.status !== 200) return response;
  const data = (await response.json()) as unknown;
  const since = addDays(mock.state.now.slice(0, 10), -HISTORY_DAYS);
  const recent = (listItems(data) ?? []).filter((b) => String((b as { EndDateTime?: unknown }).EndDateTime).slice(0, 10) >= since);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(withItems(data, recent)), { status: 200, headers });
};

export const timeRangeMutants = [
  {
    id: 'grid-ignores-timerange-on-recent-history',
    area: 'bookings',
    breaks: 'timerange filters the grid (seen on a hall whose history is about 13 months long)',
    intercept: gridIgnoresTimerangeOnRecentHistory,
  },
] as const satisfies readonly Mutant[];
