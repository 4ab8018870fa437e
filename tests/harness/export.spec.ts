// `npm run contracts:export`: the OpenAPI 3.1 document names every registry entry and
// is valid (checked offline by @seriousme/openapi-schema-validator); every named schema
// has its standalone JSON Schema.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, test } from '@playwright/test';
import { jsonSchemaFiles } from '../../contracts/export.js';
import { registry } from '../../contracts/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = `${root}reports/contracts/`;

type Operation = { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> };

test.describe('contracts export @harness', () => {
  test.beforeAll(() => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/contracts-export.ts'], { cwd: root, encoding: 'utf8' });
    expect(run.status, `scripts/contracts-export.ts failed:\n${run.stderr}`).toBe(0);
  });

  test('openapi.json is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(`${out}openapi.json`);
    expect(result.errors ?? [], 'OpenAPI schema validation errors').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test('openapi.json holds every registry entry with its method, path and media type', () => {
    const doc = JSON.parse(readFileSync(`${out}openapi.json`, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    for (const entry of registry) {
      const op = doc.paths[entry.path]?.[entry.method.toLowerCase()];
      const media = entry.kind === 'json' ? 'application/json' : 'text/html';
      if (op?.operationId !== entry.id || !op.responses?.['200']?.content?.[media]) {
        missing.push(`${entry.id} (${entry.method} ${entry.path}, 200 ${media})`);
      }
    }
    expect(missing, 'registry entries absent from openapi.json').toEqual([]);
  });

  test('every named schema has a standalone JSON Schema file', () => {
    const expected = Object.keys(jsonSchemaFiles()).sort();
    expect(expected.length).toBeGreaterThan(0);
    const written = existsSync(`${out}schemas`) ? readdirSync(`${out}schemas`).sort() : [];
    expect(written).toEqual(expected);
    for (const name of written) {
      const schema = JSON.parse(readFileSync(`${out}schemas/${name}`, 'utf8')) as { $schema?: string };
      if (name !== '__shared.json') expect(schema.$schema, name).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });
});
