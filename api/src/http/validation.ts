import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { declaredKeys } from './case-insensitive.js';
import { AppError, invalid } from './errors.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The path of the first string holding a NUL character, if any (`''` for the value itself). */
function nulCharacterPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  // Bodies are at most a few levels deep; the limit only guards the recursion.
  if (depth > 32 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The zod validator, preceded by the checks every route shares:
 * - a body whose schema is an object answers 400 'bodyNotObject' when it is `null`, missing, an
 *   array, a string, a number or a boolean — one clear message instead of whatever the schema's
 *   first field or refinement would say about a value that has no fields;
 * - a NUL character in any query, path or body string is 400 for that field: PostgreSQL text cannot
 *   hold it, so it is bad input wherever it appears, not a database fault.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  const objectBody = route.httpPart === 'body' && declaredKeys(route.schema) !== undefined;
  return (data: unknown) => {
    if (objectBody && !isPlainObject(data))
      return { error: new AppError(400, 'VALIDATION', 'bodyNotObject') };
    const nulAt = nulCharacterPath(data, '');
    if (nulAt !== undefined) return { error: invalid('invalidValue', nulAt || '_') };
    return validate(data);
  };
};
