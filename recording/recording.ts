// A recording in progress: the proxy hands it every exchange, and on stop it writes the seed
// file and says in one line what it holds, what it replaced and which open points it could not observe.
import { openPoints } from '../contracts/index.js';
import type { SeedFile } from '../settings/seed-file.js';
import { buildSeed, RecordingError, writeSeed, type SeedOptions } from './seed-builder.js';
import type { ObservedExchange } from './observed.js';
import { StateRecorder } from './state-recorder.js';

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
    const line =
      `seed written to ${this.file}: hall ${seed.hallId}, ${seed.rooms.length} rooms, ${seed.customers.length} customers, ` +
      `${seed.bookings.length} bookings; people's data ${seed.personalData.mode}${replaced ? ` (${replaced})` : ''}; ` +
      `readings observed: ${Object.entries(seed.readings)
        .map(([p, r]) => `${p}=${r}`)
        .join(' ')}` +
      (unobserved.length ? `; not observed (the mock plays its default): ${unobserved.join(', ')}` : '');
    return { seed, line };
  }
}
