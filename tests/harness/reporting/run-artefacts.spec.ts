// What a run writes and where, and what it leaves when it is killed: the reports folder is the suite's own
// (never the repository, the home folder, nor a folder of other files), the scrub rewrites only what the run
// wrote, text from the service never renders as Markdown in summary.md, a vacuous pass is shown, and a killed
// run's leftovers are found by the next run and refused by `npm run report`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { childEnv, REPO_ROOT, runScript, scratchDir } from '../../../child-runs/child-run.js';
import { scrubArtefacts } from '../../../reporting/artefact-secrets.js';
import { writeCiSummaries } from '../../../reporting/ci-summaries.js';
import { ALLURE_REPORT } from '../../../reporting/report-options.js';
import type { RunSummary } from '../../../reporting/summary-model.js';
import { summaryLines } from '../../../reporting/summary-text.js';
import { beginReports, RUN_IN_PROGRESS, sweepKilledRuns, unfinishedRunRefusal } from '../../../settings/run.js';
import { REPORT_ENTRIES, reportsFolder, StartPathError } from '../../../settings/start-paths.js';
import { expect, test } from '../../../fixtures/index.js';
import { said } from '../refusals.js';

/** A process id that is surely gone: a child that has ended. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999;

const summary = (over: Partial<RunSummary>): RunSummary =>
  ({
    target: 'https://staging.example',
    status: 'failed',
    startedAt: new Date().toISOString(),
    durationMs: 1000,
    counts: { total: 2, passed: 1, failed: 1, flaky: 0, skipped: 0 },
    byProject: { contract: { total: 2, passed: 1, failed: 1, flaky: 0, skipped: 0 } },
    distinctTests: 2,
    reruns: {},
    skipReasons: [],
    blockedByBreaks: [],
    vacuous: [],
    failures: [],
    flakyTests: [],
    flakyWrites: [],
    reports: [],
    ...over,
  }) as RunSummary;

test.describe('run artefacts', () => {
  test('the reports folder is the suite own: not the repository, the home folder or one above, nor a folder of other files', () => {
    const refusal = (dir: string) => {
      try {
        reportsFolder(dir);
        return 'accepted';
      } catch (error) {
        expect(error).toBeInstanceOf(StartPathError);
        return (error as Error).message;
      }
    };
    expect(refusal(REPO_ROOT)).toMatch(/is the repository; the run rewrites what it writes there/);
    expect(refusal(dirname(REPO_ROOT))).toMatch(/is a folder above the repository/);
    expect(refusal(homedir())).toMatch(/is (a folder above )?(the home folder|the repository)/);
    const someone = scratchDir('someone-else');
    writeFileSync(join(someone, '.env'), 'HB_PASSWORD=mine');
    mkdirSync(join(someone, 'src'));
    expect(refusal(someone)).toMatch(/holds files the suite does not write \(\.env, src\): name an empty folder/);
    const ours = scratchDir('reports-ok');
    for (const name of ['summary.json', 'playwright-report', 'hall.seed.json']) writeFileSync(join(ours, name), '');
    expect(refusal(ours)).toBe('accepted');
    expect(refusal(join(scratchDir('new'), 'reports'))).toBe('accepted');
  });

  test("reports/README.md lists every entry the tools write at the folder's top, and nothing else", () => {
    const readme = readFileSync(join(REPO_ROOT, 'reports', 'README.md'), 'utf8');
    const firstCells = [...readme.matchAll(/^\| (.+?) \|/gm)].map((m) => m[1] ?? '');
    const listed = firstCells.flatMap((cell) => [...cell.matchAll(/`([^`/]+)[^`]*`/g)].map((m) => m[1]));
    expect(new Set([...listed, 'README.md'])).toEqual(new Set(REPORT_ENTRIES));
  });

  test('the scrub rewrites only the files written since the run began, whatever the others hold', () => {
    const dir = scratchDir('scrub-since');
    const token = 'CfDJ8-token-of-the-run-0123456789';
    const line = `RequestVerificationToken: ${token}\n`;
    writeFileSync(join(dir, 'old.txt'), line);
    const hour = Date.now() / 1000 - 3600;
    utimesSync(join(dir, 'old.txt'), hour, hour);
    writeFileSync(join(dir, 'new.txt'), line);
    const result = scrubArtefacts([dir], [], { since: Date.now() - 60_000 });
    expect(result.files).toEqual([join(dir, 'new.txt')]);
    expect(readFileSync(join(dir, 'old.txt'), 'utf8'), 'a file the run did not write is left as it was').toBe(line);
    expect(readFileSync(join(dir, 'new.txt'), 'utf8')).not.toContain(token);
  });

  test("text from the service never renders in summary.md: no link, image, HTML or emphasis of a service's answer", async () => {
    // Loaded here, not when the runner collects the suite.
    const { default: MarkdownIt } = await import('markdown-it');
    const hostile =
      '![x](https://evil.example/x.png) [click](https://evil.example) <img src=x onerror=alert(1)> **bold** https://evil.example `tick`';
    const dir = scratchDir('markdown');
    const failure = { project: 'contract', location: 'tests/contract/x.spec.ts:1', title: 'x', message: `Location: ${hostile}` };
    const vacuous = [{ reason: hostile, count: 1, tests: ['[contract] x'] }];
    writeCiSummaries(summary({ failures: [failure], vacuous, skipReasons: vacuous }), dir, [], (t) => t);
    const html = new MarkdownIt({ html: true, linkify: true }).render(readFileSync(join(dir, 'summary.md'), 'utf8'));
    expect(html).not.toMatch(/<a |<img|<strong>bold|evil\.example"/);
    expect(html, 'shown, as text').toContain('[click](https://evil.example)');
  });

  test('a vacuous pass is in the closing summary, with what it could not show and the way to mend it', () => {
    const why = 'the test customer was already blocked (by an earlier run): unblock it in the service, or set HB_TEST_CUSTOMER_ID';
    const lines = summaryLines(summary({ status: 'passed', vacuous: [{ reason: why, count: 1, tests: ['[contract] blockUser'] }] }));
    expect(lines).toContain(`  1× ${why}  (e.g. [contract] blockUser)`);
    expect(lines.join('\n')).toMatch(/Passed without their check biting \(vacuous: the target's data could not show it; 1 test\):/);
  });

  test('a killed run is found by the next run: its temporary folder removed, its reports named, npm run report refusing them', async () => {
    // A run whose runner is gone: its folder of run-wide files, and its note in a reports folder.
    const id = `killed${Date.now().toString(36)}`;
    const pid = deadPid();
    const folder = join(dirname(scratchDir('probe')), `hb-run-${id}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'owner.json'), JSON.stringify({ pid, startedAt: '2026-11-27T10:00:00.000Z' }));
    expect(sweepKilledRuns().map((k) => k.id)).toContain(id);
    const reports = scratchDir('killed-reports');
    mkdirSync(join(reports, 'allure-results'));
    writeFileSync(join(reports, 'allure-results', 'a-result.json'), '{}');
    writeFileSync(join(reports, RUN_IN_PROGRESS), JSON.stringify({ runId: id, pid, startedAt: '2026-11-27T10:00:00.000Z' }));
    const started = 'started 2026-11-27T10:00:00.000Z';
    const refusal = `the Allure results are of the run ${id}, ${started}, which did not finish (killed?): run the suite again`;
    expect(unfinishedRunRefusal(reports)).toBe(refusal);
    // The script is wired to it: one line, exit code 1, no report made.
    const report = await runScript('scripts/report.ts', [], childEnv({ HB_REPORTS_DIR: reports }));
    expect(report.status, said(report)).toBe(1);
    expect(report.stderr.trim(), said(report)).toBe(`npm run report: ${refusal}`);
    expect(existsSync(join(reports, ALLURE_REPORT)), 'no report of partial results').toBe(false);
    expect(beginReports(reports), 'the next run names it').toMatchObject({ id, startedAt: '2026-11-27T10:00:00.000Z' });
  });
});
