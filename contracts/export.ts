// The registry as an OpenAPI 3.1 document and as one JSON Schema per named schema
// (`z.toJSONSchema`, ids from `.meta({ id })`): the fourth consumer of the contracts.
import { z } from 'zod';
import { TOKEN_FIELD, TOKEN_HEADER } from './account.js';
import { endpoints, pages, type Domain, type RegistryEntry } from './registry.js';
import {
  ANTI_FORGERY_HEADER,
  COMPONENTS,
  jsonOperation,
  pageOperation,
  securityOf,
  sessionSchemes,
  strip,
  type EndpointExample,
  type Json,
} from './export-operations.js';

export type { EndpointExample } from './export-operations.js';

/** zod puts schemas shared by several named ones (recursion) under `__shared`; OpenAPI needs plain component names. */
const SHARED_PREFIX = 'Shared_';
/** Where `servers` points when no service root is given: a placeholder, as in `.env.example`. */
export const PLACEHOLDER_SERVER = 'https://staging.hall-booking.example';

export interface ExportOptions {
  /** The service root for `servers` (HB_BASE_URL, without credentials); absent: {@link PLACEHOLDER_SERVER}. */
  serverUrl?: string;
  /**
   * Names of the cookies a login sets, the anti-forgery cookie left out: read from the target at export time (the live
   * service's names are not known: live notes, "Login and tokens").
   */
  sessionCookies: readonly string[];
  /** Examples per endpoint id, taken from a server's answers. */
  examples?: Partial<Record<string, EndpointExample>>;
  /** Whose answers the examples are (`https://staging…`, `the built-in mock`). */
  examplesFrom?: string;
}

const TAG_DESCRIPTIONS: Record<Domain, string> = {
  account: 'Login form and the pages that carry anti-forgery tokens (interface doc, "Authentication")',
  bookings: 'Bookings of a hall: the grid, counts, availability, cost, and the create/edit/delete forms',
  customers: 'Customers of a hall or of all halls, their notes, addresses and blocking',
  catalog: 'Hall configuration: activity types, price rates, charge matrix, tax rates, time slots, line items, reports, audits, invoicing',
  rooms: 'Rooms of a hall, for booking and for the admin grid',
  scheduler: 'The calendar feed, the scheduler page and popup, and the session keepalive',
};

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

/** The OpenAPI 3.1 document of every registry entry (JSON endpoints and HTML pages). */
export function openApiDocument(options: ExportOptions): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const entries: RegistryEntry[] = [...Object.values(endpoints), ...Object.values(pages)];
  for (const entry of entries) {
    const item = (paths[entry.path] ??= {});
    const security = securityOf(options.sessionCookies);
    item[entry.method.toLowerCase()] =
      entry.kind === 'json' ? jsonOperation(entry, options.examples?.[entry.id], security) : pageOperation(entry, security);
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
        `case-insensitive. Examples are answers of ${options.examplesFrom ?? 'the built-in mock'}.`,
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
        ...Object.fromEntries(
          sessionSchemes(options.sessionCookies).map((scheme, i) => [
            scheme,
            {
              type: 'apiKey',
              in: 'cookie',
              name: options.sessionCookies[i],
              description:
                `A cookie a successful login sets (POST /Account/Login answers 302), as ${options.examplesFrom ?? 'the built-in mock'} ` +
                "named it at export time; the live service's cookie names are not known, so a client keeps every cookie the server sets.",
            },
          ]),
        ),
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
