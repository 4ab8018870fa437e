// A recorded hall as a seed file (`npm run record` writes one; HB_MOCK_SEED and `npm run mock -- --seed FILE` read
// it): its format (the hall's records, the readings of the open points, the wire shapes it answered in), and its
// reading with one-line errors naming the file and the first problem. The mock builds its state from it
// (mock-server/seed-file.ts).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { BookingStatus, openPoints } from '../contracts/index.js';
import { readableFile, StartPathError } from './start-paths.js';

export const SEED_FORMAT = 'hall-booking-seed/1';

const LocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'expected YYYY-MM-DDTHH:MM:SS');
const Named = z.object({ id: z.number().int(), hallId: z.number().int(), name: z.string() });

/** The readings a recording observed; a point it could not observe is left out (the mock plays its default). */
const ObservedReadings = z
  .object(
    Object.fromEntries(
      Object.entries(openPoints).map(([point, p]) => [point, z.enum(p.readings.map((r) => r.id) as [string, ...string[]]).optional()]),
    ),
  )
  .strict();

/**
 * How the recorded server put one JSON answer on the wire (the seeded mock answers so): its list shape (`{Data}` with or
 * without `Total`, or a bare array), the spelling of each alias group it used (`Name|FullName` → `FullName`), and the
 * fields its items carried beyond the contract, by item id (text pseudonymised with people's data).
 */
export const AnswerWire = z.object({
  list: z.enum(['array', 'data']).optional(),
  total: z.boolean().optional(),
  spellings: z.record(z.string(), z.array(z.string())).optional(),
  extra: z.record(z.string(), z.record(z.string(), z.json())).optional(),
});
export type AnswerWire = z.infer<typeof AnswerWire>;

export const SeedFile = z.object({
  format: z.literal(SEED_FORMAT),
  /** When the answers were recorded, local wall-clock time of the service. */
  recordedAt: LocalDateTime,
  /** Origin of the recorded server, without credentials. */
  target: z.string(),
  hallId: z.number().int(),
  /** A customer the suite may book for and block. */
  testCustomerId: z.string(),
  readings: ObservedReadings,
  /** The recorded answers' wire shapes by registry id (a seed of an earlier version has none: the mock's own shapes). */
  wire: z.record(z.string(), AnswerWire).default({}),
  /** What was replaced to keep people's data out of the file ("kept" when --keep-personal-data). */
  personalData: z.object({ mode: z.enum(['pseudonymised', 'kept']), replaced: z.record(z.string(), z.number().int()) }),
  halls: z.array(z.object({ id: z.number().int(), name: z.string() })).min(1),
  rooms: z.array(
    Named.extend({ colour: z.string(), rowNumber: z.number().int(), description: z.string(), bookable: z.boolean().default(true) }),
  ),
  customers: z.array(
    z.object({
      id: z.string(),
      hallId: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      organisation: z.string(),
      blocked: z.boolean(),
      deleted: z.boolean(),
      isNew: z.boolean(),
      staff: z.boolean(),
    }),
  ),
  activityTypes: z.array(Named),
  priceRates: z.array(Named),
  lineItemGroups: z.array(Named.extend({ items: z.array(z.object({ Id: z.number(), Name: z.string(), Price: z.number() })) })),
  bookingStatuses: z.array(z.object({ id: z.number().int(), name: BookingStatus })).min(1),
  bookings: z.array(
    z.object({
      id: z.number().int(),
      hallId: z.number().int(),
      name: z.string(),
      start: LocalDateTime,
      end: LocalDateTime,
      status: BookingStatus,
      customerId: z.string(),
      activityTypeId: z.number().int(),
      priceRateId: z.number().int(),
      roomIds: z.array(z.number().int()),
      parentId: z.number().int().nullable(),
      isRecurring: z.boolean(),
      pendingChange: z.boolean(),
      description: z.string(),
    }),
  ),
});
export type SeedFile = z.infer<typeof SeedFile>;
export type SeedFileInput = z.input<typeof SeedFile>;

export class SeedFileError extends Error {
  override name = 'SeedFileError';
}

/** Read and check a seed file; a missing, unreadable or malformed file throws one line naming the file and the first problem. */
export function readSeedFile(path: string): SeedFile {
  let text: string;
  try {
    readableFile(path);
  } catch (error) {
    if (error instanceof StartPathError) throw new SeedFileError(`seed file: ${error.message}`);
    throw error;
  }
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedFileError(`seed file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedFileError(`seed file ${path}: not JSON (${(error as Error).message})`);
  }
  const parsed = SeedFile.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new SeedFileError(`seed file ${path}: ${first?.path.join('.') || '(top)'}: ${first?.message} (expected format ${SEED_FORMAT})`);
  }
  return parsed.data;
}
