// Public face of the contracts: schemas by domain, the registry and its helpers.
export * from './common.js';
export * from './account.js';
export * from './bookings.js';
export * from './customers.js';
export * from './catalog.js';
export * from './scheduler.js';
export * from './registry.js';
export * from './open-points.js';
export * from './service-time.js';
