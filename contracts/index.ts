// Public face of the contracts: schemas and entries by domain, the registry that merges them,
// and the path, query and list-shape helpers every consumer shares.
export * from './common.js';
export * from './list-shape.js';
export * from './paths.js';
export * from './query.js';
export * from './entries.js';
export * from './account.js';
export * from './bookings.js';
export * from './customers.js';
export * from './catalog.js';
export * from './rooms.js';
export * from './scheduler.js';
export * from './registry.js';
export * from './open-points.js';
export * from './service-time.js';
