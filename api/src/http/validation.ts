import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { declaredKeys } from './case-insensitive.js';
import { AppError, invalid } from './errors.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (JSON's `\ud800`), which
 * `jsonb` refuses and a text column would keep as U+FFFD.
 */
// With the u flag a pair is one code point: only a lone surrogate is of the category Cs.
const loneSurrogate = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/** The path of the first string (a value or a key) that cannot be stored, if any (`''` for the value itself). */
function unstorableTextPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  // Bodies are at most a few levels deep; the limit only guards the recursion.
  if (depth > 32 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (unstorable(key)) return path || '_';
    const found = unstorableTextPath(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The zod validator, preceded by the checks every route shares:
 * - a body whose schema is an object answers 400 'bodyNotObject' when it is `null`, missing, an
 *   array, a string, a number or a boolean — one clear message instead of whatever the schema's
 *   first field or refinement would say about a value that has no fields;
 * - a NUL character or a lone surrogate in any query, path or body string (or key) is 400 for that
 *   field: PostgreSQL cannot hold it, so it is bad input wherever it appears, not a database fault.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  const objectBody = route.httpPart === 'body' && declaredKeys(route.schema) !== undefined;
  return (data: unknown) => {
    if (objectBody && !isPlainObject(data))
      return { error: new AppError(400, 'VALIDATION', 'bodyNotObject') };
    const unstorableAt = unstorableTextPath(data, '');
    if (unstorableAt !== undefined) return { error: invalid('invalidValue', unstorableAt || '_') };
    return validate(data);
  };
};
