// The generated-inputs run against a target that dies mid-run: one report that the target is down,
// no finding and no replay file per refused connection (fuzz/runner.ts, with the probe of
// fixtures/target-down.ts as the suite's spec uses it).
import { readdirSync } from 'node:fs';
import { scratchDir } from '../../../child-runs/child-run.js';
import { openFuzzContext } from '../../../fuzz/context.js';
import { runFuzz } from '../../../fuzz/runner.js';
import { checkTarget, takeTargetDown } from '../../../fixtures/target-down.js';
import { startMockServer } from '../../../mock-server/server.js';
import { expect, test } from '../../../fixtures/index.js';

test.describe('generated inputs against a dying target', () => {
  test('a target that stops answering mid-run is reported down once, with no finding and no replay file', async () => {
    test.setTimeout(60_000);
    const mock = await startMockServer();
    const { email, password } = mock.context.credentials;
    const target = {
      baseUrl: mock.url,
      email,
      password,
      hallId: mock.context.hallId,
      maxConcurrency: 2,
      writes: false,
      label: 'dying mock',
    };
    const ctx = await openFuzzContext(target, 7);
    const replayDir = scratchDir('fuzz-dead');
    let stopped: Promise<void> | undefined;
    try {
      const summary = await runFuzz(
        ctx,
        {
          seed: 7,
          cases: 400,
          budgetMs: 30_000,
          replayDir,
          // The target dies once the first check has finished.
          log: () => void (stopped ??= mock.close()),
          targetDown: async () => (await checkTarget(mock.url))?.reason,
        },
        2,
      );
      expect(stopped, 'the mock was stopped mid-run').toBeDefined();
      expect.soft(summary.down, 'the run says the target is down').toMatch(/stopped answering.*ECONNREFUSED/);
      expect.soft(summary.findings.map((f) => `${f.property}: ${f.message.split('\n')[0]}`)).toEqual([]);
      expect(readdirSync(replayDir), 'replay files').toEqual([]);
    } finally {
      takeTargetDown(mock.url);
      await (stopped ?? mock.close());
    }
  });
});
