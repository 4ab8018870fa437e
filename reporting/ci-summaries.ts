// The run for CI systems, beside summary.json: a Markdown job summary (reports/summary.md, and
// $GITHUB_STEP_SUMMARY when set) and a CTRF report (reports/ctrf.json, the common test report
// format other tools read), both from the same counts, masked like the summary's lines.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestCase } from '@playwright/test/reporter';
import { ReportBuilder, TestBuilder, stringify, validate, type TestStatus } from 'ctrf';
import type { RunSummary } from './summary-model.js';
import { verdictLine } from './summary-text.js';
import { ROOT_CAUSE } from './report-options.js';

const CTRF_STATUS: Record<ReturnType<TestCase['outcome']>, TestStatus> = {
  expected: 'passed',
  unexpected: 'failed',
  // CTRF counts a test that passed on a retry as passed, with `flaky`.
  flaky: 'passed',
  skipped: 'skipped',
};

/**
 * Text as Markdown shows it and does nothing else: one line in a code span, so no emphasis, link, image, autolink, HTML
 * or heading of text from the service (a Location, a message) renders (CommonMark §6.1: a code span's content is
 * literal). The fence is one backtick longer than any run inside.
 */
export const md = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return '';
  const fence = '`'.repeat(Math.max(0, ...[...line.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
};
/** {@link md} in a GFM table cell, whose pipes end the cell even inside a code span unless escaped (GFM §4.10). */
const cell = (text: string): string => md(text).replace(/\|/g, '\\|');

/** The job summary: verdict, counts by area, failures by cause (with the tests each failed and blocked), skip reasons, reports. */
function markdownSummary(s: RunSummary): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const c = s.counts;
  const lines = [
    `## Hall Booking suite: ${md(verdictLine(s))}`,
    '',
    `Target: ${md(s.target)}, ${Math.round(s.durationMs / 1000)} s; ${c.total} tests, ${s.distinctTests} distinct.`,
    '',
    row(['area', 'passed', 'failed', 'flaky', 'skipped']),
    row(['---', '---:', '---:', '---:', '---:']),
    ...Object.entries(s.byProject).map(([p, n]) => row([cell(p), n.passed, n.failed, n.flaky, n.skipped])),
    row(['**all**', c.passed, c.failed, c.flaky, c.skipped]),
  ];
  if (s.rootCauses?.length) {
    lines.push('', `### Causes (${s.rootCauses.length})`);
    for (const c of s.rootCauses) {
      const counts = [c.failed.length && `${c.failed.length} failed`, c.blocked && `${c.blocked} blocked by it`].filter(Boolean);
      const evidence = c.evidence ? ` (evidence and replay: ${md(c.evidence)})` : '';
      lines.push(`1. ${md(c.cause)} (${counts.join(', ')})${c.message === c.cause ? '' : `: ${md(c.message)}`}${evidence}`);
      lines.push(...c.failed.map((t) => `    - ${md(t)}`));
    }
  }
  if (s.skipReasons.length) {
    lines.push('', '### Skipped, by reason');
    for (const g of s.skipReasons) lines.push(`- ${g.count}× ${md(g.reason)}`);
  }
  if (s.vacuous?.length) {
    lines.push('', "### Passed without their check biting (the target's data could not show it)");
    for (const g of s.vacuous) lines.push(`- ${g.count}× ${md(g.reason)}`);
  }
  if (s.reports.length) lines.push('', '### Reports', ...s.reports.map((r) => `- ${md(r.name)}: ${md(r.path)}`));
  return `${lines.join('\n')}\n`;
}

/** The CTRF report of the run's tests, one per test and project, as summary.json counts them. */
function ctrfReport(s: RunSummary, tests: { test: TestCase; project: string }[], mask: (text: string) => string): string {
  const built = tests.map(({ test, project }) => {
    const last = test.results.at(-1);
    const t = new TestBuilder()
      .name(mask(test.titlePath().slice(3).join(' › ')))
      .status(CTRF_STATUS[test.outcome()])
      .duration(Math.round(test.results.reduce((ms, r) => ms + r.duration, 0)))
      .suite([project])
      .filePath(test.location.file)
      .line(test.location.line)
      .retries(Math.max(0, test.results.length - 1))
      .flaky(test.outcome() === 'flaky');
    const message = last?.errors[0]?.message;
    if (message && test.outcome() === 'unexpected') t.message(mask(message));
    const cause = last?.annotations.find((a) => a.type === ROOT_CAUSE)?.description;
    if (cause && test.outcome() === 'unexpected') t.labels({ rootCause: mask(cause) });
    return t.build();
  });
  const start = Date.parse(s.startedAt);
  const report = new ReportBuilder()
    .tool({ name: 'playwright' })
    .environment({ reportName: `Hall Booking suite against ${mask(s.target)}` })
    .addTests(built)
    .summaryOverrides({ start, stop: start + s.durationMs })
    .extra({ verdict: verdictLine(s), rootCauses: s.rootCauses ?? [] })
    .build();
  const checked = validate(report);
  if (!checked.valid) throw new Error(`ctrf.json: ${checked.errors.map((e) => e.message).join('; ')}`);
  return stringify(report);
}

/** Writes summary.md and ctrf.json into `dir`, and the job summary to $GITHUB_STEP_SUMMARY when set. */
export function writeCiSummaries(
  s: RunSummary,
  dir: string,
  tests: { test: TestCase; project: string }[],
  mask: (text: string) => string,
): void {
  const markdown = mask(markdownSummary(s));
  writeFileSync(join(dir, 'summary.md'), markdown);
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown);
  writeFileSync(join(dir, 'ctrf.json'), `${ctrfReport(s, tests, mask)}\n`);
}
