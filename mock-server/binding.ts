// Query values and route ids bound as ASP.NET MVC binds them: an `int` from decimal digits only
// (no hex, no decimals, no padding: never another record than the one named), a `bool` or an
// enum name in any case (`True`, `false`, `notcancelled`), as public clients of the live service send them.
import { z } from 'zod';
import type { JsonEndpoint } from '../contracts/index.js';

const DECIMAL_INT = /^-?\d+$/;

/** The schema under `.optional()` / `.default()`. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s;
}

/**
 * The query as the service's binder reads it, or the name of the first value it refuses: numbers must
 * be decimal integers, enum values (`true`/`false` among them) are matched case-insensitively and
 * handed on in the contract's spelling.
 */
export function bindQuery(endpoint: JsonEndpoint, query: Record<string, string>): Record<string, string> | { refused: string } {
  const shape = endpoint.query instanceof z.ZodObject ? (endpoint.query.shape as Record<string, z.ZodType>) : {};
  const out: Record<string, string> = { ...query };
  for (const [key, value] of Object.entries(query)) {
    const field = shape[key] && unwrap(shape[key]);
    if (field instanceof z.ZodNumber) {
      if (!DECIMAL_INT.test(value)) return { refused: key };
    } else if (field instanceof z.ZodEnum) {
      const options = field.options as readonly (string | number)[];
      const match = options.find((o) => String(o).toLowerCase() === value.trim().toLowerCase());
      if (match !== undefined) out[key] = String(match);
    }
  }
  return out;
}

/** A route's id segment bound as an `int`: decimal digits only, else null (the route answers 404). */
export const routeInt = (value: string | undefined): number | null => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

/**
 * A post's form fields as MVC's form binding reads them: from an urlencoded or a multipart body only
 * (a text/plain or JSON body binds no field, so a login posted as text/plain does not log in).
 */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded/i.test(type)) return new URLSearchParams(await request.text());
  if (!/^multipart\/form-data/i.test(type)) return new URLSearchParams();
  try {
    const fields = await request.formData();
    return new URLSearchParams([...fields].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  } catch {
    return new URLSearchParams();
  }
}
