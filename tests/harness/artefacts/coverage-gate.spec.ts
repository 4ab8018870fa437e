// The coverage gate on the canary's run (canary/coverage-file.ts): it fails while a parameter value
// has no test, naming the value, and writes coverage.json and coverage.html.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageFile } from '../../../coverage/file.js';
import { expect, test } from './canary.fixture.js';

test.describe('coverage gate', () => {
  test("a run fails the gate when a parameter value has no test, naming the value (the canary's coverage file)", ({ canary }) => {
    // The canary calls listCustomersForHall with every flag false; its config scopes the gate to that endpoint's parameters.
    expect(canary.run.stdout).toContain('coverage: 4/7 parameter values');
    for (const value of ['customer=true', 'includeDeleted=true', 'onlyNew=true']) {
      expect(canary.run.stdout).toContain(`✖ listCustomersForHall ${value}`);
    }
    expect(canary.run.stdout).not.toContain('✖ listCustomersForHall customer=false');
    const written = JSON.parse(readFileSync(join(canary.reports, 'coverage.json'), 'utf8')) as CoverageFile;
    expect(written.gate).toMatchObject({ enabled: true, passed: false });
    expect(written.gate.missing).toHaveLength(3);
    expect(existsSync(join(canary.reports, 'coverage.html'))).toBe(true);
  });
});
