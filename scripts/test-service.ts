// `npm run test:service`: the service suite (setup, contract, wire, ui, flows: what a run against
// staging runs) offline against the built-in mock, without the harness and the mock-only re-runs
// (contract-variant, readings). Arguments pass through to `playwright test`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVICE_PROJECTS } from '../fixtures/child-run.js';
import { useEnvFile } from '../fixtures/env-file.js';
import { REPO_ROOT } from '../fixtures/paths.js';

const SERVICE_SUITE = ['setup', ...SERVICE_PROJECTS];

useEnvFile();
if (process.env.HB_BASE_URL) console.log('test:service runs against the built-in mock: HB_BASE_URL is ignored (`npm test` uses it)');
// Empty is unset (fixtures/env.ts), and a variable of the environment is not overridden by a .env file.
const env = { ...process.env, HB_BASE_URL: '' };
const cli = join(REPO_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const args = [cli, 'test', ...SERVICE_SUITE.map((p) => `--project=${p}`), ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
process.exit(run.status ?? 1);
