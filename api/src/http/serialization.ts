import { serializerCompiler } from 'fastify-type-provider-zod';

/** Where a schema holds a transform (a `preprocess`, a `.transform`), as paths; none: []. */
export function transformsIn(schema: unknown, path = 'answer', seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  if (def.type === 'transform') return [path];
  const found: string[] = [];
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value && typeof value === 'object')
      for (const [field, inner] of Object.entries(value))
        found.push(...transformsIn(inner, `${path}.${field}`, seen));
    else if (Array.isArray(value))
      for (const [i, inner] of value.entries()) found.push(...transformsIn(inner, `${path}[${i}]`, seen));
    else found.push(...transformsIn(value, path, seen));
  }
  return found;
}

/**
 * fastify-type-provider-zod's serializer, refusing at start-up an answer's schema with a transform in it:
 * zod cannot encode an answer through one, and the route would answer 500 only once the data holds that
 * field (a mailing filtered by "has a published report" did, after the mailing was made). An answer's
 * schema is plain values; a request's schema may read query strings through transforms.
 */
export const checkedSerializerCompiler: typeof serializerCompiler = (route) => {
  const found = transformsIn(route.schema);
  if (found.length)
    throw new Error(
      `${route.method} ${route.url} answers ${route.httpStatus} through a transform (${found.join(', ')}): give it a plain answer schema`,
    );
  return serializerCompiler(route);
};
