// A recording in progress: the proxy hands it every exchange, and on stop it writes the seed
// file and says in one line what it holds, what it replaced and which open points it could not observe.
import { openPoints } from '../contracts/index.js';
import type { SeedFile } from '../settings/seed-file.js';
import { buildSeed, RecordingError, writeSeed, type SeedOptions } from './seed-builder.js';
import type { ObservedExchange } from './observed.js';
import { StateRecorder } from './state-recorder.js';

/** What a recording has to see to observe each open point (`npm run record`'s harvest sees them all, given writes). */
const OBSERVED_BY: Record<string, string> = {
  timerange: 'a ranged grid of a hall with a future booking',
  hallCustomers: 'getforhall with and without customer=true',
  statusOptions: 'a create or edit form',
  formRedirects: 'a create or edit post: HB_ALLOW_WRITES=true',
  deleteEffect: 'a delete: HB_ALLOW_WRITES=true',
  roomLabels: 'the scheduler page',
};

/** `12 answers; lists listBookingsForHallGrid {Data, Total}, …; spellings FullName, PhoneNumber; extra fields on 14 items`. */
function wireLine(wire: SeedFile['wire']): string {
  const entries = Object.entries(wire);
  const lists = entries.flatMap(([id, w]) =>
    w.list ? [`${id} ${w.list === 'array' ? '[…]' : w.total ? '{Data, Total}' : '{Data}'}`] : [],
  );
  const spellings = [...new Set(entries.flatMap(([, w]) => Object.values(w.spellings ?? {}).flat()))].sort();
  const extra = entries.reduce((n, [, w]) => n + Object.keys(w.extra ?? {}).length, 0);
  return [
    `${entries.length} answers`,
    ...(lists.length ? [`lists ${lists.join(', ')}`] : []),
    ...(spellings.length ? [`spellings ${spellings.join(', ')}`] : []),
    ...(extra ? [`extra fields on ${extra} items`] : []),
  ].join('; ');
}

export class Recording {
  readonly recorder = new StateRecorder();

  constructor(
    readonly file: string,
    private readonly options: SeedOptions,
  ) {}

  /** For the proxy's `onExchange`. */
  readonly observe = (x: ObservedExchange): void => this.recorder.observe(x);

  /** Write the seed file; returns it and a summary line. Throws a RecordingError when nothing can be seeded. */
  save(testCustomerId = this.options.testCustomerId): { seed: SeedFile; line: string } {
    const seed = buildSeed(this.recorder, { ...this.options, testCustomerId });
    try {
      writeSeed(this.file, seed);
    } catch (error) {
      throw new RecordingError(`cannot write ${this.file}: ${(error as Error).message.split('\n')[0]}`);
    }
    const unobserved = Object.keys(openPoints).filter((p) => !(p in seed.readings));
    const replaced = Object.entries(seed.personalData.replaced)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    const observed = Object.entries(seed.readings).map(([p, r]) => `${p}=${r}`);
    const line = [
      `seed written to ${this.file}: hall ${seed.hallId}, ${seed.rooms.length} rooms, ${seed.customers.length} customers, ` +
        `${seed.bookings.length} bookings; people's data ${seed.personalData.mode}${replaced ? ` (${replaced})` : ''}`,
      `  readings observed: ${observed.join(' ') || 'none'}`,
      ...(unobserved.length
        ? [
            '  not observed, so the seeded mock plays its default reading: ' +
              unobserved.map((p) => `${p} (seen in ${OBSERVED_BY[p] ?? 'the service suite'})`).join(', '),
          ]
        : []),
      `  wire kept: ${wireLine(seed.wire)}`,
    ].join('\n');
    return { seed, line };
  }
}
