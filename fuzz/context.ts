// The context the generated checks run in, for `npm run fuzz` and the suite's spec alike: two
// logged-in sessions of the target's user, a factory of clients without one, the listed ids, and
// every client within one cap on requests in flight (the run's slots against a remote target).
import type { CookieJar } from 'tough-cookie';
import { serviceToday } from '../contracts/service-time.js';
import { HbClient } from '../client/client.js';
import type { RunSlots } from '../client/run-slots.js';
import { newFormRun } from './form-cases.js';
import { readPool, type FuzzContext } from './properties.js';
import { countRequestsOnTheWire } from './send.js';

export interface FuzzTarget {
  baseUrl: string;
  email: string;
  password: string;
  hallId: number;
  /** Requests in flight at once from each client (the run's cap). */
  maxConcurrency: number;
  runSlots?: RunSlots;
  writes: boolean;
  testCustomerId?: string;
  /** How the target is shown in reports. */
  label: string;
}

export async function openFuzzContext(t: FuzzTarget, seed: number, session?: HbClient, withOther = true): Promise<FuzzContext> {
  const make = (jar?: CookieJar) => HbClient.of(t, { jar, maxConcurrency: t.maxConcurrency, retries: 0, timeoutMs: 15_000 });
  countRequestsOnTheWire();
  const client = session ?? make();
  const other = make();
  // The second session serves the token checks only (the session group's).
  await Promise.all([session ? client.ensureSession() : client.login(), ...(withOther ? [other.login()] : [])]);
  const pool = await readPool(client, serviceToday());
  const observed = new Map<string, string>();
  const form = newFormRun(pool.today, seed, t.testCustomerId);
  return {
    client,
    other,
    fresh: (jar) => make(jar),
    credentials: { email: t.email, password: t.password },
    pool,
    writes: t.writes,
    form,
    targetLabel: t.label,
    observed,
    notes: () => [
      ...[...observed].map(([k, v]) => `${k}: ${v}`),
      // A run that stored no form post says nothing of it (a group without them; the suite notes a vacuous one).
      ...(t.writes
        ? form.stored
          ? [`form posts stored and deleted again: ${form.stored}`]
          : []
        : ['writes not allowed: no form posts, BlockUser, GenerateAccessPIN']),
    ],
  };
}
