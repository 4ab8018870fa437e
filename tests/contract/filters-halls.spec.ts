// Meaning, not only shape: the reads scoped to one hall answer that hall's items only.
import { itemsOf } from '../../contracts/index.js';
import type { Facts } from '../../client/discovery.js';
import type { HbClient } from '../../client/client.js';
import { expect, test } from '../../fixtures/index.js';
import { vacuous } from '../../fixtures/readings.js';
import { HALL_SCOPED } from './grid.js';

test.describe('hall scoping', () => {
  const scoped = [
    {
      id: 'listBookingsForHallGrid',
      items: async (api: HbClient, f: Facts) => itemsOf((await api.call('listBookingsForHallGrid', { query: { id: f.hallId } })).data),
    },
    {
      id: 'listActivityTypes',
      items: async (api: HbClient, f: Facts) => (await api.call('listActivityTypes', { query: { id: f.hallId } })).data,
    },
    {
      id: 'listPriceRates',
      items: async (api: HbClient, f: Facts) => (await api.call('listPriceRates', { query: { id: f.hallId } })).data,
    },
    {
      id: 'listRoomsForBooking',
      items: async (api: HbClient, f: Facts) => (await api.call('listRoomsForBooking', { query: { hallid: f.hallId } })).data,
    },
    {
      id: 'listRoomsForGrid',
      items: async (api: HbClient, f: Facts) => (await api.call('listRoomsForGrid', { query: { id: f.hallId } })).data,
    },
  ] as const;
  for (const endpoint of scoped) {
    test(`${endpoint.id} items that carry HallId carry the requested hall`, { annotation: [HALL_SCOPED] }, async ({ api, facts }) => {
      const items = (await endpoint.items(api, facts)) as Record<string, unknown>[];
      const carrying = items.filter((x) => x.HallId !== undefined);
      if (!carrying.length) vacuous(`no ${endpoint.id} item carries HallId`);
      expect(
        carrying.filter((x) => x.HallId !== facts.hallId).map((x) => JSON.stringify(x)),
        `${endpoint.id} items of another hall than ${facts.hallId}`,
      ).toEqual([]);
    });
  }
});
