// Model-based write sequences (fast-check's fc.commands and asyncModelRun): creates, edits, change requests and their
// confirmation, deletes and availability questions in generated orders, each step held to the model of the hall
// (hall-commands.ts). Seeded by the run, budgeted in steps, shrunk to the shortest sequence that fails, and replayed
// from the printed seed against the target it ran on (HB_SEQUENCE_SEED). Only the test's own marked bookings are
// written; its ledger deletes them all after it.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { runId } from '../../settings/run.js';
import { expect } from './wire.fixture.js';
import { doc, notes } from '../../coverage/sources.js';
import { hallCommands, test, type SequenceModel } from './hall-commands.js';

/** Sequences a run tries (each on a free day of its own; the first is often short), and the time all may take with shrinking. */
const RUNS = 3;
const TIME_LIMIT_MS = 150_000;

const SOURCES = {
  annotation: [
    doc('States and transitions', 'Of these, `Requested`, `Confirmed` and `Cancelled` are statuses of a booking'),
    notes('Booking form', 'Customers "request changes" to a booking and an admin confirms them; one pending change at a time'),
    notes('Booking form', 'After it, expect the booking to be gone from the not-cancelled grid (removed or cancelled: accept either)'),
  ],
};

test(
  'generated sequences of writes keep every booking of the hall as the model holds it, in every view @write',
  SOURCES,
  async ({ api, hall, bookings, env }, testInfo) => {
    test.setTimeout(TIME_LIMIT_MS + 30_000);
    const replay = env.sequenceSeed;
    const seed =
      replay?.seed ??
      createHash('sha256')
        .update(runId() ?? 'local')
        .digest()
        .readInt32BE(0);
    testInfo.annotations.push({ type: 'sequence', description: `seed ${seed}${replay?.path ? `, path ${replay.path}` : ''}` });
    const property = fc.asyncProperty(hallCommands(['Confirmed', 'Requested'], replay?.replayPath), async (commands) => {
      const day = await bookings.freeDays(2);
      const model = (): SequenceModel => ({ bookings: new Map(), deleted: new Map() });
      await fc.asyncModelRun(() => ({ model: model(), real: { api, hall, ledger: bookings, day } }), commands);
    });
    const result = await fc.check(property, {
      seed,
      numRuns: replay ? 1 : RUNS,
      ...(replay?.path && { path: replay.path }),
      interruptAfterTimeLimit: TIME_LIMIT_MS,
      // A check cut short by its time limit passes nothing it did not run: it fails.
      markInterruptAsFailure: true,
    });
    // The commands' own toString names each command and the replay path.
    const sequence = result.counterexample ? (result.counterexample[0] as { toString(): string }).toString() : '(none)';
    const replayPath = /replayPath="([^"]*)"/.exec(sequence)?.[1] ?? '';
    const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    expect(
      result.interrupted && !result.counterexample,
      `the time limit of ${TIME_LIMIT_MS / 1000} s cut the sequences short after ${result.numRuns} run(s)`,
    ).toBe(false);
    expect(
      result.failed,
      `A sequence of writes broke the model after ${result.numShrinks} shrink(s): ${sequence}\n${error}\n` +
        `Replay it against the same target: HB_SEQUENCE_SEED='${result.seed}@${result.counterexamplePath ?? ''}@${replayPath}' ` +
        'npx playwright test tests/wire/hall-sequences.spec.ts --project=wire',
    ).toBe(false);
  },
);
