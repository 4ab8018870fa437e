// Tags say what cuts across areas (`@write`, `@smoke`); the area is the project, which the
// Playwright HTML report shows as a label beside the tags. A tag naming the test's own project
// would show twice ("contract contract"). Read from the suite's listing, nothing run.
import { expect, test } from './shared-runs.fixture.js';

test.describe('tags', () => {
  test('no test carries a tag that repeats its project, so the HTML report shows each label once', ({ listing }) => {
    expect(listing.length).toBeGreaterThan(100);
    // `@flow` in `flows` reads as the same label twice too.
    const twice = listing.flatMap((t) =>
      t.spec.tags.some((tag) => [t.project, t.project.replace(/s$/, '')].includes(tag.replace(/^@/, '')))
        ? [`${t.name} ${t.spec.tags.join(' ')}`]
        : [],
    );
    expect(twice, 'tests whose tag repeats their project (drop the tag: `--project` selects the area)').toEqual([]);
  });
});
