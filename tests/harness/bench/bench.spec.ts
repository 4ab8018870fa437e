// `npm run bench`'s command line and table (bench/): --only picks measures by name in the
// bench's order, a wrong name or count is refused, and every row shows its figure next to its target.
import type { JSONReport } from '@playwright/test/reporter';
import { expect, test } from '../../../fixtures/index.js';
import { MEASURES, parseBenchArgs } from '../../../bench/options.js';
import { formatTable } from '../../../bench/report.js';
import { projectSpans } from '../../../bench/suite.js';
import { figuresOf, passOfCell, ratioRows, referenceOf } from '../../../bench/ratios.js';

test.describe('bench', () => {
  test('--only takes the named measures in the bench order; without it, every measure', () => {
    expect(parseBenchArgs(['--only', 'seed-scale, suite, staging']).measures).toEqual(['staging', 'suite', 'seed-scale']);
    expect(parseBenchArgs([]).measures).toEqual([...MEASURES]);
    expect(parseBenchArgs(['--scale', '500']).scale).toBe(500);
  });

  test('an unknown measure or a bad count is refused by name', () => {
    expect(() => parseBenchArgs(['--only', 'suit'])).toThrow(/unknown measure\(s\) suit/);
    expect(() => parseBenchArgs(['--scale', '0'])).toThrow(/--scale takes a whole number/);
  });

  test('the table puts each figure next to its target and status', () => {
    const table = formatTable([
      { measure: 'npm test, wall', value: '38 s', target: '≤ 40 s', status: 'met' },
      { measure: '  project contract', value: '9 s span' },
    ]).split('\n');
    expect(table[0]).toMatch(/^measure\s+value\s+target\s+status$/);
    expect(table[1]).toMatch(/^npm test, wall\s+38 s\s+≤ 40 s\s+met$/);
    expect(table[2]).toMatch(/^ {2}project contract\s+9 s span$/);
  });

  test('each budget is a ratio to the service pass, met or missed against its bound; without a pass, no time budget is met', () => {
    const figures = figuresOf({
      staging: { fast: { wallSeconds: 40, exitCode: 0 }, slow: { exitCode: 0 }, ofFloor: 1.1 },
      suite: { wallSeconds: 90, cpuSeconds: 170, exitCode: 0, selfChecks: { share: 52 } },
      mutation: { wallSeconds: 44, exitCode: 0, killed: 79, total: 79 },
      ci: { seconds: 180, exitCode: 0 },
      'seed-scale': { ratio: 1.05, default: { exitCode: 0 }, big: { exitCode: 0 } },
    });
    const rows = Object.fromEntries(
      ratioRows(figures, { seconds: 40, when: 'measured now' }).map((r) => [r.measure, `${r.value} ${r.status ?? ''}`.trim()]),
    );
    expect(rows).toEqual({
      'service pass (the budgets’ unit)': '40 s (measured now)',
      'npm test / pass': '2.25× MISSED',
      'npm test, CPU': '170 s met',
      'npm run mutation / pass': '1.1× MISSED',
      '.ci/run / pass': '4.5× met',
      'big hall / default seed': '1.05× met',
      '100 ms per answer / floor': '1.1× met',
    });
    expect(figures.npmTest?.selfChecksShare, "the self-checks' share, for the history's npm test cell").toBe(52);
    const passless = { ...figures, passSeconds: undefined };
    // Without a pass the time budgets are missed; the big hall and the latency, ratios of their own, are still judged.
    expect(ratioRows(passless, undefined).map((r) => `${r.measure} ${r.status}`)).toEqual([
      'budgets MISSED',
      'big hall / default seed met',
      '100 ms per answer / floor met',
    ]);
  });

  test('with a closing pass the unit is the mean of the two; a drift past its bound or a failed closing pass is a missed row', () => {
    const raw = (start: number, end: number) => ({
      staging: { fast: { wallSeconds: start, exitCode: 0 }, slow: { exitCode: 0 }, ofFloor: 1.1 },
      closingPass: { wallSeconds: end, exitCode: 0 },
      suite: { wallSeconds: 66, cpuSeconds: 120, exitCode: 0 },
    });
    const shown = (start: number, end: number) => {
      const figures = figuresOf(raw(start, end));
      return Object.fromEntries(ratioRows(figures, referenceOf(figures)).map((r) => [r.measure, `${r.value} ${r.status ?? ''}`.trim()]));
    };
    expect(shown(30, 36)).toMatchObject({
      'service pass (the budgets’ unit)': '33 s (the mean of 30 s before the measures and 36 s after them)',
      "the machine's drift during the bench": '1.2× met',
      'npm test / pass': '2× met',
    });
    expect(shown(30, 40)["the machine's drift during the bench"]).toBe(
      '1.33×: the ratios are uncertain by as much; measure again on a quiet machine MISSED',
    );
    // A closing pass that was not green is no unit: the first pass alone, and the drift a missed row.
    const red = figuresOf({ ...raw(30, 40), closingPass: { wallSeconds: 40, exitCode: 1 } });
    expect(referenceOf(red)).toEqual({ seconds: 30, when: 'measured now' });
    expect(ratioRows(red, referenceOf(red)).find((r) => r.measure === "the machine's drift during the bench")).toMatchObject({
      value: 'unknown: the pass after the measures failed (exit 1)',
      status: 'MISSED',
    });
  });

  test("the history's pass cell reads one pass or the mean of two with their drift; anything else is no pass", () => {
    expect(passOfCell('30.4 s')).toEqual({ seconds: 30.4 });
    expect(passOfCell('36.6 s (38.5, 34.7)')).toEqual({ seconds: 36.6, drift: 1.11 });
    expect(passOfCell('—')).toBeUndefined();
    expect(passOfCell('0 s')).toBeUndefined();
  });

  test("a project's span runs from its first test's start to its last test's end", () => {
    const result = (startTime: string, duration: number) => ({ startTime, duration });
    const spec = (projectName: string, results: { startTime: string; duration: number }[]) => ({
      title: 't',
      file: 'a.spec.ts',
      tests: [{ projectName, results }],
    });
    const report = {
      suites: [
        {
          title: 'a.spec.ts',
          specs: [
            spec('contract', [result('2026-01-01T00:00:00.000Z', 1000)]),
            spec('contract', [result('2026-01-01T00:00:04.000Z', 2000)]),
            spec('wire', [result('2026-01-01T00:00:01.000Z', 500)]),
          ],
        },
      ],
    } as unknown as JSONReport;
    expect(projectSpans(report)).toEqual([
      { name: 'contract', tests: 2, spanSeconds: 6, busySeconds: 3 },
      { name: 'wire', tests: 1, spanSeconds: 0.5, busySeconds: 0.5 },
    ]);
  });
});
