// The CI workflow for users (.github/workflows/hall-booking.yml): it passes GitHub's
// workflow schema (npm run lint:workflows), the check catches a broken file, the offline job
// runs on the Node lines of package.json engines, and every command it runs is one the README or docs/ document.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../../fixtures/index.js';
import { validateWorkflow } from '@action-validator/core';
import { REPO_ROOT } from '../../../settings/paths.js';

const WORKFLOW = join(REPO_ROOT, '.github', 'workflows', 'hall-booking.yml');

test.describe('CI workflow', () => {
  test('hall-booking.yml passes the workflow schema, and a broken copy does not', () => {
    // The validator npm run lint:workflows runs, in the worker: its command line only reads the file and prints this.
    const source = readFileSync(WORKFLOW, 'utf8');
    expect(validateWorkflow(source).errors).toEqual([]);
    const broken = validateWorkflow(source.replace('runs-on: ubuntu-latest', 'runs-onn: ubuntu-latest'));
    expect(JSON.stringify(broken.errors)).toContain('/jobs/offline');
  });

  test('the offline job runs on every Node line package.json engines names', () => {
    const engines = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const lines = [...engines.matchAll(/(?:\^|>=)(\d+)\./g)].map((m) => Number(m[1]));
    const matrix = /\n {2}offline:[\s\S]*?\n {8}node: \[([\d, ]+)\]/.exec(readFileSync(WORKFLOW, 'utf8'))?.[1];
    expect(matrix, 'the offline job has a node matrix').toBeDefined();
    expect(matrix!.split(',').map(Number)).toEqual(lines);
    expect(lines).toEqual(expect.arrayContaining([22, 24]));
  });

  test('hall-booking.yml runs only commands the README and docs/ document', () => {
    const documented = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).map((f) => `docs/${f}`)]
      .map((f) => readFileSync(join(REPO_ROOT, f), 'utf8'))
      .join('\n');
    const commands = [...readFileSync(WORKFLOW, 'utf8').matchAll(/^\s*(?:- )?run: (.+)$/gm)].map((m) => (m[1] ?? '').trim());
    expect(commands.length).toBeGreaterThan(4);
    for (const command of commands) {
      const base = /^npm (?:run [\w:-]+|test)/.exec(command)?.[0];
      expect(base, `"${command}" is an npm script`).toBeDefined();
      expect(documented, `the README or docs/ document ${base}`).toContain(base);
    }
  });
});
