// `npm run test:service`: the service suite (setup, contract, wire, ui, flows: what a run against
// staging runs) offline against the built-in mock, without the harness and the mock-only re-runs
// (contract-variant, readings). Arguments pass through to `playwright test`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVICE_PROJECTS } from '../child-runs/child-run.js';
import { useEnvFile } from '../settings/env-file.js';
import { remoteTargetNamed } from '../settings/env.js';
import { REPO_ROOT } from '../settings/paths.js';

/** The `playwright test` of test:service: its arguments, its environment, and a line to print first when it has one. */
interface ServiceRun {
  args: string[];
  env: NodeJS.ProcessEnv;
  notice?: string;
}

/** The run `npm run test:service -- ...argv` starts from environment `env`: setup and the service projects on the built-in mock. */
export function serviceRun(argv: string[], env: NodeJS.ProcessEnv): ServiceRun {
  return {
    args: ['test', ...['setup', ...SERVICE_PROJECTS].map((p) => `--project=${p}`), ...argv],
    // Empty is unset (settings/env.ts); the .env file was read into `env` already, and the child reads none, so its
    // HB_BASE_URL does not come back (an empty variable keeps a file's value: settings/env-file.ts).
    env: { ...env, HB_BASE_URL: '', HB_ENV_FILE: 'none' },
    ...(remoteTargetNamed(env) && { notice: 'test:service runs against the built-in mock: HB_BASE_URL is ignored (`npm test` uses it)' }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  useEnvFile();
  const run = serviceRun(process.argv.slice(2), process.env);
  if (run.notice) console.log(run.notice);
  const cli = join(REPO_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
  const child = spawnSync(process.execPath, [cli, ...run.args], { cwd: REPO_ROOT, env: run.env, stdio: 'inherit' });
  process.exit(child.status ?? 1);
}
