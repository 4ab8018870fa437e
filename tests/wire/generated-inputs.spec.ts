// Generated valid and invalid requests from the registry's contracts (fuzz/), through the
// worker's session and its tokens: a small budget of `npm run fuzz` on every run, fixed seed so the
// mutation step's verdicts repeat. Writes (form posts) only where the suite may write.
import { endpoints, pages } from '../../contracts/index.js';
import { repoPath } from '../../settings/env.js';
import { displayUrl } from '../../settings/paths.js';
import { openFuzzContext, type FuzzTarget } from '../../fuzz/context.js';
import { FUZZ_GROUPS, type FuzzGroup } from '../../fuzz/properties.js';
import { skipUnlessWrites } from '../../fixtures/read-only.js';
import { sweepRun } from '../../fuzz/form-checks.js';
import { guardCollateral } from '../../fixtures/bookings/collateral.js';
import { bookingRound } from '../../fixtures/bookings/repeats.js';
import { BookingLedger } from '../../fixtures/bookings.js';
import { replayCommand, runFuzz, type FuzzSummary } from '../../fuzz/runner.js';
import { doc, notes } from '../../coverage/sources.js';
import { checkTarget, targetDown } from '../../fixtures/target-down.js';
import { expect, test } from './wire.fixture.js';

/** The run's seed and size: about 800 requests, a few seconds against the mock. */
const SEED = 20261123;
const CASES = 700;
/**
 * The budget is CASES, in requests: the same on a fast and a slow server (tests/harness/fuzz/fuzz-budget.spec.ts).
 * Time is only a safety stop, far above what the budget takes at 100 ms an answer; a run it cuts short fails
 * loudly (the properties it interrupted), never passes on fewer requests.
 */
const SAFETY_MS = 480_000;

/** One test per group of the generated checks (fuzz/properties.ts): a finding names its group in the test's title. */
const GROUP_TITLES: Record<FuzzGroup, string> = {
  json: 'generated requests to the reading JSON endpoints and their boundaries meet no server error, contract break or dropped connection',
  session: 'generated session checks: no session, a wrong token, an off-site return URL, HttpOnly cookies, logoff ending the session',
  writes: 'generated writes (form posts, create and edit; the writing JSON endpoints) meet no server error or dropped connection @write',
};

const findingsOf = (summary: FuzzSummary) =>
  summary.findings.map(
    (f) =>
      `${f.property}: ${f.message}\n  shrunk input: ${JSON.stringify(f.input)}\n  replay: ${replayCommand(f.replayFile)} (seed ${f.seed})`,
  );

/** A mutation try (fixtures/mutation-hook.ts) asks only whether a run finds something: it stops at its first finding. */
const tryOptions = (plannedMutant: string | undefined) => ({ firstFindingOnly: plannedMutant !== undefined });

test.describe(
  'generated inputs',
  {
    annotation: [
      doc('Endpoints', 'query and body schemas of every JSON endpoint; common rules 1–3 (session, token header, token field)'),
      doc('Errors', 'Session expired or absent on a protected endpoint: Redirect'),
      notes('Booking form', 'a literal `[` or `]` in a urlencoded field name gets the TCP connection reset'),
    ],
  },
  () => {
    for (const group of FUZZ_GROUPS)
      test(GROUP_TITLES[group], async ({ api, target, env, seeding, hallGrid, plannedMutant, runMarker }, testInfo) => {
        test.setTimeout(SAFETY_MS + 60_000);
        // Only the writes group writes (it runs only where the suite may): the others send no write to sweep or to guard.
        const writes = group === 'writes';
        if (writes) skipUnlessWrites(testInfo, env.allowWrites);
        const fuzzTarget: FuzzTarget = {
          ...target,
          maxConcurrency: target.mockServer ? 4 : env.maxConcurrency,
          writes: env.allowWrites,
          label: target.mockServer ? 'built-in mock' : displayUrl(target.baseUrl),
        };
        const ctx = await openFuzzContext(fuzzTarget, SEED, api, group === 'session');
        const replayDir = repoPath(`${env.reportsDir}/fuzz`);
        // A target that dies mid-run is one report (the run's marker, fixtures/target-down.ts), not a finding per case.
        const down = async () => targetDown(target.baseUrl) ?? (await checkTarget(target.baseUrl))?.reason;
        const options = { seed: SEED, cases: CASES, budgetMs: SAFETY_MS, replayDir, targetDown: down, group, ...tryOptions(plannedMutant) };
        let summary: Awaited<ReturnType<typeof runFuzz>> | undefined;
        const run = async () => {
          summary = await runFuzz(ctx, options, fuzzTarget.maxConcurrency);
          if (writes) await sweepRun(ctx.client, ctx.form.tag);
        };
        // The generated writes leave the hall's bookings they did not make as they were (fixtures/bookings/collateral.ts);
        // a change of one is confirmed by a booking's writes through the forms, repeated on bookings of a ledger's own.
        const guarded = () => {
          const ledger = new BookingLedger(api, target.hallId, runMarker, testInfo, env.testCustomerId);
          const near = () => ({ ids: [], days: [ctx.form.day], rooms: [], customers: [] });
          return guardCollateral(hallGrid, testInfo, { round: bookingRound(api, ledger), near }, run).finally(() => ledger.cleanup());
        };
        await (writes ? guarded() : run());
        if (!summary) throw new Error('the generated run did not finish');
        expect(summary.down, 'the target answered throughout').toBeUndefined();
        testInfo.annotations.push({
          type: 'generated',
          description:
            `seed ${SEED}, ${group}: ${summary.cases} cases, ${summary.requests} requests in ${Math.round(summary.ms)} ms, ` +
            `at most ${summary.maxInFlight} in flight; invalid inputs ${summary.refused} refused, ` +
            `${summary.tolerated} answered within the contract`,
        });
        for (const note of summary.notes) testInfo.annotations.push({ type: 'observed', description: note });
        const findings = findingsOf(summary);
        // The first finding in the failure's first line: the closing summary shows it.
        expect(findings, `findings of the generated checks (${findings.length}): ${String(findings[0] ?? '').split('\n')[0]}`).toEqual([]);
        expect(
          summary.properties.filter((p) => p.interrupted).map((p) => p.name),
          'checks the safety stop cut short (the run is too slow to finish its budget of requests)',
        ).toEqual([]);
        if (!writes) return;
        if (seeding.seededByMock) {
          // The escaping and delete checks ran on stored bookings, not vacuously.
          expect(ctx.form.stored, 'form posts stored (and deleted) by the generated run').toBeGreaterThan(0);
        } else if (!ctx.form.stored) {
          testInfo.annotations.push({ type: 'vacuous', description: 'no generated form post was stored: escaping and delete unchecked' });
        }
      });

    test('a generated run without writes sends no write and changes nothing', async ({ mock, api, target, plannedMutant }) => {
      test.setTimeout(SAFETY_MS + 60_000);
      const state = () => JSON.stringify([mock.state.bookings, mock.state.customers, mock.state.pins]);
      const before = state();
      const ctx = await openFuzzContext({ ...target, maxConcurrency: 4, writes: false, label: 'built-in mock' }, SEED, api);
      const summary = await runFuzz(
        ctx,
        { seed: SEED, cases: 300, budgetMs: SAFETY_MS, replayDir: repoPath('reports/fuzz'), ...tryOptions(plannedMutant) },
        4,
      );
      expect(findingsOf(summary)).toEqual([]);
      const writeRoutes = [...Object.values(endpoints), ...Object.values(pages)].filter((e) => e.writes);
      const writes = mock.received.filter((r) =>
        writeRoutes.some((e) => e.method === r.method && new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`, 'i').test(r.path)),
      );
      expect(
        writes.map((r) => `${r.method} ${r.path}`),
        'write requests of a run without writes',
      ).toEqual([]);
      expect(state(), 'bookings, customers and PINs after a run without writes').toBe(before);
    });
  },
);
