// The one registry of every endpoint and page of the interface document: it merges what each
// domain's contract file declares (CONTRIBUTING.md, One source of truth) and declares nothing
// itself. The client, the contract tests, the mock and the OpenAPI export all read it.
import { accountPages } from './account.js';
import { bookingEndpoints, bookingPages } from './bookings.js';
import { catalogEndpoints } from './catalog.js';
import { customerEndpoints } from './customers.js';
import type { JsonEndpoint, PageRoute, RegistryEntry } from './entries.js';
import { fillPath, routeMatches } from './paths.js';
import { roomEndpoints } from './rooms.js';
import { schedulerEndpoints, schedulerPages } from './scheduler.js';

export type { Domain, JsonEndpoint, PageRoute, RegistryEntry } from './entries.js';
export { ADMIN_PREFIX, API_PREFIX, routeMatches, routePattern } from './paths.js';

export const endpoints = {
  ...bookingEndpoints,
  ...customerEndpoints,
  ...catalogEndpoints,
  ...roomEndpoints,
  ...schedulerEndpoints,
} satisfies Record<string, JsonEndpoint>;

export type EndpointId = keyof typeof endpoints;

export const pages = { ...accountPages, ...bookingPages, ...schedulerPages } satisfies Record<string, PageRoute>;

export type PageId = keyof typeof pages;

export const registry: readonly RegistryEntry[] = [...Object.values(endpoints), ...Object.values(pages)];

/** Fill `{placeholders}` of a page path. */
export const pagePath = (id: PageId, params: Record<string, string | number> = {}): string => fillPath(pages[id].path, params, id);

/** Whether a URL path is the page's route. */
export const pathMatches = (id: PageId, path: string): boolean => routeMatches(pages[id].path, path);
