// Tags say what cuts across areas (`@write`, `@smoke`); the area is the project, which the
// Playwright HTML report shows as a label beside the tags. A tag naming the test's own project
// would show twice ("contract contract"). Listed by Playwright itself, nothing run.
import { spawnSync } from 'node:child_process';
import type { JSONReport } from '@playwright/test/reporter';
import { expect, test } from '../../fixtures/index.js';
import { REPO_ROOT, childEnv } from '../../fixtures/child-run.js';
import { testsOf } from '../../fixtures/json-report.js';

test.describe('tags', () => {
  test('no test carries a tag that repeats its project, so the HTML report shows each label once', () => {
    const run = spawnSync(process.execPath, [`${REPO_ROOT}node_modules/@playwright/test/cli.js`, 'test', '--list', '--reporter=json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: childEnv({}),
    });
    expect(run.status, `playwright --list failed:\n${run.stderr}`).toBe(0);
    const tests = testsOf(JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as JSONReport);
    expect(tests.length).toBeGreaterThan(100);
    // `@flow` in `flows` reads as the same label twice too.
    const twice = tests.flatMap((t) =>
      t.spec.tags.some((tag) => [t.project, t.project.replace(/s$/, '')].includes(tag.replace(/^@/, '')))
        ? [`${t.name} ${t.spec.tags.join(' ')}`]
        : [],
    );
    expect(twice, 'tests whose tag repeats their project (drop the tag: `--project` selects the area)').toEqual([]);
  });
});
