// From red to its cause: the canary's regressions (canary/causes-file.ts), one of each kind, each one entry at the top
// of the closing summary, in summary.json, summary.md and CTRF, with what the service answered; the evidence file it
// names holds the answer that broke.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../../child-runs/child-run.js';
import type { RootCause } from '../../../reporting/summary-details.js';
import type { RunSummary } from '../../../reporting/summary-model.js';
import { CAUSE_TITLES, DROPPED_ROOM_BOOKING } from './canary/causes-file.js';
import { expect, test } from './canary.fixture.js';

const GRID = String.raw`listBookingsForHallGrid \$(?:\.Data)?\[\*\]`;

test('each regression is one cause, first in the summary, with what was seen; its evidence is the answer that broke', ({ canary }) => {
  const summary = JSON.parse(readFileSync(join(canary.reports, 'summary.json'), 'utf8')) as RunSummary;
  const causeOf = (title: string): RootCause => {
    const found = summary.rootCauses.filter((c) => c.failed.some((t) => t.endsWith(`› ${title}`)));
    expect(found, `one cause holds "${title}"`).toHaveLength(1);
    return found[0]!;
  };
  const evidence = (c: RootCause) => readFileSync(resolve(REPO_ROOT, c.evidence ?? 'none'), 'utf8');

  const field = causeOf(CAUSE_TITLES.field[0]);
  expect(field.cause).toMatch(new RegExp(`^${GRID}\\.BookingId$`));
  expect(field.failed.filter((t) => t.includes('cause: a grid id'))).toHaveLength(2);
  expect(field.message).toMatch(/BookingId: expected number, received string/);
  expect(evidence(field)).toMatch(/"BookingId":"\d+"/);

  const write = causeOf(CAUSE_TITLES.write);
  expect(write.cause).toMatch(new RegExp(`^${GRID}\\.RoomsUsed \\(the grid of its day: rooms\\)$`));
  expect(write.message).toMatch(/rooms: what was posted has "[^",]+, [^",]+", the grid of its day "[^",]+"/);
  expect(evidence(write)).toMatch(/^the value that broke: the grid of its day: rooms at \$\S*\.RoomsUsed: expected/);
  expect(evidence(write)).toContain(DROPPED_ROOM_BOOKING);

  const shifted = causeOf(CAUSE_TITLES.shifted);
  expect(shifted.cause).toMatch(new RegExp(`^${GRID}\\.StartDateTime \\(the grid of its day: start\\)$`));
  const [, posted, seen] = /start: the grid before has "([^"]+)", the grid of its day "([^"]+)"/.exec(shifted.message) ?? [];
  expect(Date.parse(`${posted}Z`) - Date.parse(`${seen}Z`), 'an hour early, as seen').toBe(3_600_000);
  expect(evidence(shifted)).toContain(`"StartDateTime":"${seen}`);

  const hung = causeOf(CAUSE_TITLES.hung);
  expect(hung.cause).toBe('listBookingsForHallGrid: no answer');
  expect(hung.message).toMatch(/Still waiting on GET \S+GetForHallgrid/i);
  expect(evidence(hung)).toMatch(/no answer after \d/);

  // The closing summary's first lines after the verdict: every cause once.
  const lines = canary.run.stdout.split('\n');
  const at = lines.findIndex((l) => l.startsWith('Summary: FAILED'));
  expect(lines[at + 1]).toMatch(/^Causes \(\d+; /);
  for (const c of [field, write, shifted, hung]) {
    expect(
      lines.filter((l) => /^ {2}\d+\. /.test(l) && l.includes(c.cause)),
      c.cause,
    ).toHaveLength(1);
  }
  const md = readFileSync(join(canary.reports, 'summary.md'), 'utf8');
  expect(md).toContain(`### Causes (${summary.rootCauses.length})`);
  const ctrf = JSON.parse(readFileSync(join(canary.reports, 'ctrf.json'), 'utf8')) as {
    extra: { rootCauses: RootCause[] };
    results: { tests: { name: string; labels?: { rootCause?: string } }[] };
  };
  expect(ctrf.extra.rootCauses).toEqual(summary.rootCauses);
  expect(ctrf.results.tests.find((t) => t.name === CAUSE_TITLES.hung)?.labels?.rootCause).toBe(hung.cause);
});
