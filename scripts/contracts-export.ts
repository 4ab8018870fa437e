// `npm run contracts:export`: the registry as reports/contracts/openapi.json (OpenAPI 3.1)
// and one JSON Schema per named schema in reports/contracts/schemas/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsonSchemaFiles, openApiDocument } from '../contracts/export.js';

const out = fileURLToPath(new URL('../reports/contracts/', import.meta.url));
const schemasDir = `${out}schemas/`;
rmSync(schemasDir, { recursive: true, force: true });
mkdirSync(schemasDir, { recursive: true });
writeFileSync(`${out}openapi.json`, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
const files = jsonSchemaFiles();
for (const [name, schema] of Object.entries(files)) writeFileSync(`${schemasDir}${name}`, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`wrote ${out}openapi.json and ${Object.keys(files).length} JSON Schemas to ${schemasDir}`);
