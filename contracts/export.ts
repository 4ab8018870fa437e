// The registry as an OpenAPI 3.1 document and as one JSON Schema per named schema
// (`z.toJSONSchema`, ids from `.meta({ id })`): the fourth consumer of the contracts.
import { z } from 'zod';
import { TOKEN_FIELD, TOKEN_HEADER } from './account.js';
import { endpoints, pages, type JsonEndpoint, type PageRoute, type RegistryEntry } from './registry.js';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
/** zod puts schemas shared by several named ones (recursion) under `__shared`; OpenAPI needs plain component names. */
const SHARED_PREFIX = 'Shared_';

const idOf = (schema: z.ZodType): string | undefined => (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;

function strip(schema: Json, keys: readonly string[] = ['$schema', '$id']): Json {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k)));
}

/** Every named schema as an OpenAPI component, shared definitions lifted to top-level components. */
function components(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `${COMPONENTS}${id}` });
  const text = JSON.stringify(schemas).split(`${COMPONENTS}__shared#/$defs/`).join(`${COMPONENTS}${SHARED_PREFIX}`);
  const all = JSON.parse(text) as Record<string, Json>;
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(all)) {
    if (id === '__shared') {
      for (const [name, def] of Object.entries((schema.$defs ?? {}) as Record<string, Json>)) out[`${SHARED_PREFIX}${name}`] = def;
    } else out[id] = strip(schema);
  }
  return out;
}

/** A named schema by reference, an anonymous one inline (input side: what a client sends). */
function schemaRef(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  let s = schema;
  while (s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  const id = idOf(s);
  if (id) return { $ref: `${COMPONENTS}${id}` };
  // A clone of a named schema (`.meta({ description })`) comes out as a local `$defs` entry: point it at the component.
  const inline = strip(z.toJSONSchema(s, { io, unrepresentable: 'any' }), ['$schema', '$id', '$defs']);
  return JSON.parse(JSON.stringify(inline).split('"#/$defs/').join(`"${COMPONENTS}`)) as Json;
}

function queryParameters(query: z.ZodType | undefined): Json[] {
  if (!(query instanceof z.ZodObject)) return [];
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const description = (z.globalRegistry.get(schema) as { description?: string } | undefined)?.description ?? schema.description;
    return {
      name, in: 'query', required: !(schema instanceof z.ZodOptional),
      ...(description ? { description } : {}),
      schema: schemaRef(schema, 'input'),
    };
  });
}

const sessionRedirect = { description: 'Redirect to the login page: the session is absent or expired (interface doc, Errors)' };

function jsonOperation(e: JsonEndpoint): Json {
  const parameters = queryParameters(e.query);
  if (e.antiForgery === 'header') {
    parameters.push({
      name: TOKEN_HEADER, in: 'header', required: true,
      description: 'Anti-forgery token read from a logged-in page (interface doc, "Anti-forgery token use")',
      schema: { type: 'string' },
    });
  }
  return {
    operationId: e.id, summary: e.summary, tags: [e.domain],
    ...(parameters.length ? { parameters } : {}),
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaRef(e.body, 'input') } } } } : {}),
    responses: {
      '200': {
        description: e.documented ? 'As the interface document shows' : 'Body not shown in the interface document',
        content: { 'application/json': { schema: schemaRef(e.response) } },
      },
      '302': sessionRedirect,
    },
    'x-documented': e.documented, 'x-writes': e.writes, 'x-anti-forgery': e.antiForgery, 'x-auth': e.auth,
  };
}

function pageOperation(p: PageRoute): Json {
  const pathParams = [...p.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1], in: 'path', required: true, schema: { type: 'integer' },
  }));
  const formSchema: Json | undefined = p.form
    ? schemaRef(p.form, 'input')
    : p.method === 'POST' && p.formFields
      ? { type: 'object', properties: Object.fromEntries(p.formFields.map((f) => [f, { type: 'string' }])), required: [...p.formFields] }
      : undefined;
  return {
    operationId: p.id, summary: p.summary, tags: [p.domain],
    ...(pathParams.length ? { parameters: pathParams } : {}),
    ...(formSchema ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: formSchema } } } } : {}),
    responses: {
      '200': { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
      '302': { description: p.auth === 'none' ? 'Redirect (login success, interface doc "Login flow")' : sessionRedirect.description },
    },
    'x-writes': p.writes, 'x-anti-forgery': p.antiForgery, 'x-auth': p.auth,
    ...(p.formFields ? { 'x-form-fields': [...p.formFields] } : {}),
    ...(p.antiForgery === 'form' ? { 'x-token-field': TOKEN_FIELD } : {}),
  };
}

/** The OpenAPI 3.1 document of every registry entry (JSON endpoints and HTML pages). */
export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const entries: RegistryEntry[] = [...Object.values(endpoints), ...Object.values(pages)];
  for (const entry of entries) {
    const item = (paths[entry.path] ??= {});
    item[entry.method.toLowerCase()] = entry.kind === 'json' ? jsonOperation(entry) : pageOperation(entry);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hall Booking Service',
      version: '0.1.0',
      description: 'Generated from contracts/registry.ts. Cookie-session authentication with anti-forgery tokens; paths and query names are case-insensitive.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...new Set(entries.map((e) => e.domain))].map((name) => ({ name })),
    paths,
    components: { schemas: components() },
  };
}

/** One standalone JSON Schema per named schema, keyed by file name; `$ref`s point at sibling files. */
export function jsonSchemaFiles(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `${id}.json` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [`${id}.json`, schema as Json]));
}
