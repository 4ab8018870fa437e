// The catalogue of deliberate regressions for `npm run mutation`: each mutant is one realistic
// break of a behaviour the interface document (or the live notes) names, written with the
// toolkit of mutant-kit.ts and kept by area in the mutants-<area>.ts files this one merges.
import type { MockOverride } from './context.js';
import { bookingMutants } from './mutants-bookings.js';
import { boundaryMutants } from './mutants-boundaries.js';
import { catalogMutants } from './mutants-catalog.js';
import { customerMutants } from './mutants-customers.js';
import { hallMutants } from './mutants-hall.js';
import { integrityMutants } from './mutants-integrity.js';
import { roomMutants } from './mutants-rooms.js';
import { schedulerMutants } from './mutants-scheduler.js';
import { securityMutants } from './mutants-security.js';
import { sessionMutants } from './mutants-session.js';
import { timeRangeMutants } from './mutants-time-range.js';
import type { Mutant } from './mutant-kit.js';

export type { Mutant, MutantArea } from './mutant-kit.js';

export const mutants = [
  ...bookingMutants,
  ...customerMutants,
  ...catalogMutants,
  ...roomMutants,
  ...schedulerMutants,
  ...sessionMutants,
  ...timeRangeMutants,
  // Regressions only a cross-check shows (a second read, another session, another room).
  ...integrityMutants,
  // Regressions of the hall as a whole: views that disagree, text altered, side effects, a rule for one status, time.
  ...hallMutants,
  // Generated inputs and security regressions, caught by the generated checks (fuzz/).
  ...securityMutants,
  ...boundaryMutants,
] as const satisfies readonly Mutant[];

export type MutantId = (typeof mutants)[number]['id'];

export class UnknownMutantError extends Error {
  override name = 'UnknownMutantError';
}

/** Look a mutant up by id; an unknown id lists the known ones. */
function findMutant(id: string): Mutant {
  const mutant = (mutants as readonly Mutant[]).find((m) => m.id === id);
  if (!mutant) throw new UnknownMutantError(`HB_MOCK_MUTANT: no mutant "${id}"; known: ${mutants.map((m) => m.id).join(', ')}`);
  return mutant;
}

/** A mutant as the override that plays it. */
export function mutantOverride(id: string): MockOverride {
  const { json, intercept } = findMutant(id);
  return { json, intercept };
}
