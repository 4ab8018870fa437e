// The operations of the OpenAPI export (contracts/export.ts): a JSON endpoint's or a page's parameters, body, statuses
// and security, as the registry entry and the interface document say (and the live notes, where they show a status).
import { z } from 'zod';
import { LOGIN_PATH, TOKEN_FIELD, TOKEN_HEADER } from './account.js';
import type { JsonEndpoint, PageRoute } from './registry.js';

export type Json = Record<string, unknown>;

export const COMPONENTS = '#/components/schemas/';

/** What a caller of one endpoint sent and got back, for the document's examples. */
export interface EndpointExample {
  query?: Record<string, unknown>;
  body?: unknown;
  response: unknown;
}

/** Security scheme names; every operation states which it needs (registry `auth`, `antiForgery`): one per session cookie. */
export const sessionSchemes = (cookies: readonly string[]) => cookies.map((_, i) => (i ? `sessionCookie${i + 1}` : 'sessionCookie'));
export const ANTI_FORGERY_HEADER = 'antiForgeryHeader';

const idOf = (schema: z.ZodType): string | undefined => (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;

export function strip(schema: Json, keys: readonly string[] = ['$schema', '$id']): Json {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k)));
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

/**
 * ASP.NET's answer to a failed anti-forgery check: a 400 error page (HTML), or bare text as the built-in mock answers it
 * (interface doc, Errors: the body is not shown).
 */
const tokenRefusedBody = {
  'text/html': { schema: { type: 'string' } },
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

/** The requirement of an operation: every session cookie (and the token header of a JSON POST); none for a public one. */
export type Security = (auth: 'none' | 'session', header: boolean) => Json[];
export const securityOf =
  (cookies: readonly string[]): Security =>
  (auth, header) =>
    auth === 'none'
      ? []
      : [{ ...Object.fromEntries(sessionSchemes(cookies).map((s) => [s, []])), ...(header ? { [ANTI_FORGERY_HEADER]: [] } : {}) }];

export function jsonOperation(e: JsonEndpoint, example: EndpointExample | undefined, security: Security): Json {
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

/**
 * A page of a record that does not exist: one answer the service may give (live notes: the dashboard answered 404; error
 * pages' status codes are not known).
 */
const notFound: Json = {
  description: 'No such record: an error page, where the service answers 404 (its status for errors is not documented)',
  content: { 'text/html': { schema: { type: 'string' } } },
};

export function pageOperation(p: PageRoute, security: Security): Json {
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
      ...(pathParams.length ? { '404': notFound } : {}),
    },
    'x-writes': p.writes,
    'x-anti-forgery': p.antiForgery,
    'x-auth': p.auth,
    ...(p.formFields ? { 'x-form-fields': [...p.formFields] } : {}),
    ...(p.antiForgery === 'form' ? { 'x-token-field': TOKEN_FIELD } : {}),
  };
}
