// The run-wide cap on requests in flight against a remote target (client/run-slots.ts):
// workers are separate processes, so the slots live on disk, and every client of a run shares them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../../fixtures/index.js';
import { RunSlots } from '../../../client/run-slots.js';

/** `promise`, or a failure naming what did not happen within `ms` (a wait that never ends fails, not hangs). */
const within = <T>(ms: number, promise: Promise<T>, what = 'the slots did not serve every waiter'): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms))]);

test.describe('run slots', () => {
  test("two workers' slots over one folder hold at most its size in flight, and a freed slot goes to a waiter", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-slots-test-'));
    try {
      // Two instances over one folder stand for two worker processes of one run.
      const [a, b] = [new RunSlots(dir, 2), new RunSlots(dir, 2)];
      let inFlight = 0;
      let most = 0;
      const request = async (slots: RunSlots) => {
        const release = await slots.acquire();
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        release();
      };
      await within(2000, Promise.all([a, b, a, b, a, b].map(request)));
      expect(most).toBe(2);
      expect(inFlight).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /**
   * As HB_MAX_CONCURRENCY=2 runs: the generated run's worker holds both slots and a browser flow's worker asks for
   * one; after `waitedMs` the holder frees a slot and asks again in the same tick. Who of the two is served first.
   */
  async function firstServedAfter(waitedMs: number): Promise<'the flow' | 'the holder again'> {
    const dir = mkdtempSync(join(tmpdir(), 'hb-slots-test-'));
    try {
      const [generated, flow] = [new RunSlots(dir, 2), new RunSlots(dir, 2)];
      const served: string[] = [];
      const [first, second] = await within(2000, Promise.all([generated.acquire(), generated.acquire()]));
      const serve = (slots: RunSlots, who: string) => slots.acquire().then((release) => (served.push(who), release()));
      const waiting = serve(flow, 'the flow');
      if (waitedMs) await new Promise((resolve) => setTimeout(resolve, waitedMs));
      first();
      await within(2000, Promise.all([waiting, serve(generated, 'the holder again')]));
      second();
      return served[0] as 'the flow' | 'the holder again';
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('waiters are served in turn: a holder that frees a slot and asks again at once waits behind an earlier waiter', async () => {
    // The flow has waited past the grace (20 ms).
    expect(await firstServedAfter(60), 'the first served of the two').toBe('the flow');
  });

  test('a request that has waited less than 20 ms holds up no one: a freed slot goes at once to whoever asks', async () => {
    // A fast server: the slot is freed and asked for again while the flow's request is a moment old.
    expect(await firstServedAfter(0), 'the first served of the two').toBe('the holder again');
  });

  test('a slot whose holder process is gone is taken back; a release frees only its own slot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-slots-test-'));
    try {
      // A worker that died mid-request: its slot file names a process that no longer runs.
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      writeFileSync(join(dir, 'slot-0'), `${gone} 0`);
      // And a ticket it left: it waits for nothing and is removed.
      writeFileSync(join(dir, `wait-000000000000001-${gone}-000000000`), '');
      const slots = new RunSlots(dir, 1);
      const release = await within(2000, slots.acquire(), "the dead holder's slot was not taken back");
      expect(readdirSync(dir)).toEqual(['slot-0']);
      release();
      expect(existsSync(join(dir, 'slot-0'))).toBe(false);
      // A release that comes late (its slot taken back and given to another) leaves the new holder's slot alone.
      const next = await within(2000, slots.acquire());
      release();
      expect(existsSync(join(dir, 'slot-0'))).toBe(true);
      next();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
