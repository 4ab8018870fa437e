// Mutants of hall configuration: activity types, price rates, an unspecified endpoint answering HTML
// (interface doc, "Activity type", "Price rate", "Hall configuration").
import { ActivityType, PriceRate, endpoints as E } from '../contracts/index.js';
import { onItems, set, without, replaceAnswer, type Mutant } from './mutant-kit.js';

export const catalogMutants = [
  {
    id: 'activity-type-hall-id-missing',
    area: 'catalog',
    breaks: 'Activity type carries HallId (int)',
    json: onItems(ActivityType, ['listActivityTypes'], (a) => without(a, 'HallId')),
  },
  {
    id: 'price-rate-id-as-string',
    area: 'catalog',
    breaks: 'Price rate Id is an int',
    json: onItems(PriceRate, ['listPriceRates'], (p) => set(p, 'Id', String(p.Id))),
  },
  // Endpoints whose body is unspecified still answer JSON 200 (Endpoints: JSON endpoints under /api/).
  {
    id: 'unspecified-endpoint-returns-html',
    area: 'catalog',
    breaks: 'GetFixedSlots answers JSON, not an HTML page',
    intercept: replaceAnswer(
      E.getFixedTimeSlots,
      () =>
        new Response('<!DOCTYPE html><html><body><h1>Fixed slots</h1></body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    ),
  },
] as const satisfies readonly Mutant[];
