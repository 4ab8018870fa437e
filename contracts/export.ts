// The registry as an OpenAPI 3.1 document and as one JSON Schema per named schema
// (`z.toJSONSchema`, ids from `.meta({ id })`): the fourth consumer of the contracts.
import { z } from 'zod';
import { LOGIN_PATH, TOKEN_FIELD, TOKEN_HEADER } from './account.js';
import { endpoints, pages, type Domain, type JsonEndpoint, type PageRoute, type RegistryEntry } from './registry.js';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
/** zod puts schemas shared by several named ones (recursion) under `__shared`; OpenAPI needs plain component names. */
const SHARED_PREFIX = 'Shared_';
/** Where `servers` points when no service root is given: a placeholder, as in `.env.example`. */
export const PLACEHOLDER_SERVER = 'https://staging.hall-booking.example';

/** What a caller of one endpoint sent and got back, for the document's examples. */
export interface EndpointExample {
  query?: Record<string, unknown>;
  body?: unknown;
  response: unknown;
}

export interface ExportOptions {
  /** The service root for `servers` (HB_BASE_URL, without credentials); absent: {@link PLACEHOLDER_SERVER}. */
  serverUrl?: string;
  /** Name of the session cookie (the live service's names are not known: live notes, "Login and tokens"). */
  sessionCookie: string;
  /** Examples per endpoint id, taken from a server's answers. */
  examples?: Partial<Record<string, EndpointExample>>;
}

const TAG_DESCRIPTIONS: Record<Domain, string> = {
  account: 'Login form and the pages that carry anti-forgery tokens (interface doc, "Authentication")',
  bookings: 'Bookings of a hall: the grid, counts, availability, cost, and the create/edit/delete forms',
  customers: 'Customers of a hall or of all halls, their notes, addresses and blocking',
  catalog: 'Hall configuration: activity types, price rates, charge matrix, tax rates, time slots, line items, reports, audits, invoicing',
  rooms: 'Rooms of a hall, for booking and for the admin grid',
  scheduler: 'The calendar feed, the scheduler page and popup, and the session keepalive',
};

/** Security scheme names; every operation states which it needs (registry `auth`, `antiForgery`). */
const SESSION = 'sessionCookie';
const ANTI_FORGERY_HEADER = 'antiForgeryHeader';

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

function queryParameters(query: z.ZodType | undefined, example: Record<string, unknown> = {}): Json[] {
  if (!(query instanceof z.ZodObject)) return [];
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const description = (z.globalRegistry.get(schema) as { description?: string } | undefined)?.description ?? schema.description;
    return {
      name,
      in: 'query',
      required: !(schema instanceof z.ZodOptional),
      ...(description ? { description } : {}),
      schema: schemaRef(schema, 'input'),
      ...(example[name] !== undefined ? { example: example[name] } : {}),
    };
  });
}

/** Interface doc, Errors: an absent or expired session redirects (the mock and the live service: to the login page). */
const sessionRedirect = (path: string): Json => ({
  description: `The session is absent or expired: a redirect to ${LOGIN_PATH} (interface doc, Errors)`,
  headers: {
    Location: {
      description: 'The login page, with the requested path as ReturnUrl',
      schema: { type: 'string' },
      example: `${LOGIN_PATH}?ReturnUrl=${encodeURIComponent(path)}`,
    },
  },
});

/** ASP.NET's answer to a failed anti-forgery check: a bare 400 (as the built-in mock answers it). */
const tokenRefusedBody = {
  'text/plain': { schema: { type: 'string' }, example: 'Bad Request: the anti-forgery token is missing or invalid.' },
};

/**
 * The 400 of a JSON endpoint: a refused query or body (the interface document shows no status or body for
 * validation failures; this is the built-in mock's `{ "Message": … }`), and a missing or wrong token.
 */
function badRequest(e: JsonEndpoint): Json | undefined {
  const args = !!(e.query || e.body);
  const token = e.antiForgery === 'header';
  if (!args && !token) return undefined;
  const why = [
    args && 'an argument is refused (JSON `{ "Message": … }` on the built-in mock; the interface document shows no body)',
    token && `the ${TOKEN_HEADER} header is missing or invalid (a bare text/plain 400)`,
  ]
    .filter(Boolean)
    .join('; or ');
  return {
    description: `Bad request: ${why}`,
    content: {
      ...(args
        ? {
            'application/json': {
              schema: { $ref: `${COMPONENTS}ErrorMessage` },
              example: { Message: `${e.id}: invalid ${e.query ? 'query' : 'body'}` },
            },
          }
        : {}),
      ...(token ? tokenRefusedBody : {}),
    },
  };
}

const security = (auth: 'none' | 'session', header: boolean): Json[] =>
  auth === 'none' ? [] : [{ [SESSION]: [], ...(header ? { [ANTI_FORGERY_HEADER]: [] } : {}) }];

function jsonOperation(e: JsonEndpoint, example: EndpointExample | undefined): Json {
  const parameters = queryParameters(e.query, example?.query);
  const bad = badRequest(e);
  return {
    operationId: e.id,
    summary: e.summary,
    tags: [e.domain],
    security: security(e.auth, e.antiForgery === 'header'),
    ...(parameters.length ? { parameters } : {}),
    ...(e.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: schemaRef(e.body, 'input'), ...(example?.body !== undefined ? { example: example.body } : {}) },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: e.documented ? 'As the interface document shows' : 'Body not shown in the interface document',
        content: { 'application/json': { schema: schemaRef(e.response), ...(example ? { example: example.response } : {}) } },
      },
      '302': sessionRedirect(e.path),
      ...(bad ? { '400': bad } : {}),
    },
    'x-documented': e.documented,
    'x-writes': e.writes,
    'x-anti-forgery': e.antiForgery,
    'x-auth': e.auth,
  };
}

/** Interface doc, "Wire requirements" and Errors: the request filter answers a literal bracket in a field name with a TCP reset. */
const REQUEST_FILTER =
  'Field names are percent-encoded (`[` as `%5B`, `]` as `%5D`): a literal bracket in a field name gets the connection ' +
  'reset by the request filter, with no HTTP answer (interface doc, Errors).';

function pageOperation(p: PageRoute): Json {
  const pathParams = [...p.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'integer' },
  }));
  const tokenField = {
    type: 'string',
    description: 'Anti-forgery token read from the hidden input of the form page (interface doc, "Anti-forgery token use")',
  };
  const formSchema: Json | undefined = p.form
    ? schemaRef(p.form, 'input')
    : p.method === 'POST' && p.formFields
      ? {
          type: 'object',
          properties: Object.fromEntries(p.formFields.map((f) => [f, f === TOKEN_FIELD ? tokenField : { type: 'string' }])),
          required: [...p.formFields],
        }
      : undefined;
  const form = p.method === 'POST';
  const redirect: Json | undefined =
    p.auth === 'session'
      ? sessionRedirect(p.path)
      : form
        ? {
            description: 'Login succeeded: a redirect away from the login page, with the session cookies set (interface doc, "Login flow")',
          }
        : undefined;
  return {
    operationId: p.id,
    summary: p.summary,
    tags: [p.domain],
    ...(form ? { description: `Form post; the token goes in the form field \`${TOKEN_FIELD}\`. ${REQUEST_FILTER}` } : {}),
    security: security(p.auth, false),
    ...(pathParams.length ? { parameters: pathParams } : {}),
    ...(formSchema ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: formSchema } } } } : {}),
    responses: {
      '200': {
        description: p.id === 'submitLoginForm' ? 'Login refused: the login page again (interface doc, Errors)' : 'An HTML page',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      ...(redirect ? { '302': redirect } : {}),
      ...(p.antiForgery === 'form'
        ? { '400': { description: `The form field ${TOKEN_FIELD} is missing or invalid`, content: tokenRefusedBody } }
        : {}),
    },
    'x-writes': p.writes,
    'x-anti-forgery': p.antiForgery,
    'x-auth': p.auth,
    ...(p.formFields ? { 'x-form-fields': [...p.formFields] } : {}),
    ...(p.antiForgery === 'form' ? { 'x-token-field': TOKEN_FIELD } : {}),
  };
}

/** The OpenAPI 3.1 document of every registry entry (JSON endpoints and HTML pages). */
export function openApiDocument(options: ExportOptions): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const entries: RegistryEntry[] = [...Object.values(endpoints), ...Object.values(pages)];
  for (const entry of entries) {
    const item = (paths[entry.path] ??= {});
    item[entry.method.toLowerCase()] = entry.kind === 'json' ? jsonOperation(entry, options.examples?.[entry.id]) : pageOperation(entry);
  }
  const server = options.serverUrl
    ? { url: options.serverUrl, description: 'HB_BASE_URL at export time' }
    : { url: PLACEHOLDER_SERVER, description: 'Placeholder: set HB_BASE_URL when exporting to name the real service' };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hall Booking Service',
      version: '0.1.0',
      description:
        'Generated from contracts/registry.ts. Cookie-session authentication with anti-forgery tokens; paths and query names are ' +
        'case-insensitive. Examples are answers of the built-in mock.',
      // The document restates a third party's interface for testing; nothing here grants rights to the service.
      license: {
        name: 'Proprietary: the Hall Booking Service interface, described for its test harness',
        identifier: 'LicenseRef-Proprietary',
      },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [server],
    tags: [...new Set(entries.map((e) => e.domain))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas: {
        ...components(),
        ErrorMessage: { type: 'object', properties: { Message: { type: 'string' } }, required: ['Message'] },
      },
      securitySchemes: {
        [SESSION]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie,
          description:
            "Session cookies set by a successful login (POST /Account/Login answers 302). The name is the built-in mock's; " +
            "the live service's cookie names are not known, so a client keeps every cookie the server sets.",
        },
        [ANTI_FORGERY_HEADER]: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description:
            `Anti-forgery token of JSON POSTs, read from the hidden input ${TOKEN_FIELD} of any logged-in page ` +
            '(interface doc, "Anti-forgery token use"). Form posts carry it as a form field instead.',
        },
      },
    },
  };
}

/** One standalone JSON Schema per named schema, keyed by file name; `$ref`s point at sibling files. */
export function jsonSchemaFiles(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `${id}.json` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [`${id}.json`, schema as Json]));
}
