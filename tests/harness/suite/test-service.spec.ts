// `npm run test:service` (scripts/test-service.ts): the service suite's projects only, on the
// built-in mock even when HB_BASE_URL is set. Its run is checked as data (its projects against the
// suite's listing in listing.spec.ts); nothing is started.
import { SERVICE_PROJECTS } from '../../../child-runs/child-run.js';
import { serviceRun } from '../../../scripts/test-service.js';
import { expect, test } from '../../../fixtures/index.js';

const projectsOf = (args: string[]) => args.flatMap((a) => /^--project=(.+)$/.exec(a)?.[1] ?? []);

test.describe('test:service', () => {
  test('runs setup and the service projects on the built-in mock, HB_BASE_URL dropped and named', () => {
    // A remote target without its credentials: the config would refuse it, were it not dropped.
    const run = serviceRun(['--grep', '@smoke'], { HB_BASE_URL: 'https://staging.invalid', HB_HALL_ID: '42' });
    expect(run.args[0]).toBe('test');
    expect(projectsOf(run.args)).toEqual(['setup', ...SERVICE_PROJECTS]);
    expect(run.args.slice(-2), 'arguments pass through').toEqual(['--grep', '@smoke']);
    expect(run.env, 'empty is unset, and the child reads no .env file that would set it again').toEqual({
      HB_BASE_URL: '',
      HB_ENV_FILE: 'none',
      HB_HALL_ID: '42',
    });
    expect(run.notice).toContain('HB_BASE_URL is ignored');
    expect(serviceRun([], {}).notice, 'nothing to say without HB_BASE_URL').toBeUndefined();
  });
});
