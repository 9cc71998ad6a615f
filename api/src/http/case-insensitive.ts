import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { addHookWhere } from './route-hooks.js';

/** The keys a zod schema declares, looked through the wrappers our contract uses. */
export function declaredKeys(schema: unknown): string[] | undefined {
  let current = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    if (current instanceof z.ZodPipe) current = current.in;
    else if (current instanceof z.ZodOptional || current instanceof z.ZodDefault)
      current = current.def.innerType;
    else return undefined;
  }
  return undefined;
}

function rebind(value: unknown, keys: string[] | undefined): unknown {
  if (!keys || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const byLower = new Map(keys.map((k) => [k.toLowerCase(), k]));
  const result: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const declared = byLower.get(key.toLowerCase()) ?? key;
    // An exact match wins over a differently cased duplicate.
    if (declared in result && key !== declared) continue;
    result[declared] = v;
  }
  return result;
}

/**
 * The spec mixes casings (`Id`, `id`, `CustomerId`); query and body names bind to the route schema's
 * names case-insensitively before validation.
 */
export function bindNamesCaseInsensitively(app: FastifyInstance) {
  // Only routes with a query or body schema carry the hook.
  const named = (route: RouteOptions) => Boolean(route.schema?.querystring || route.schema?.body);
  addHookWhere(app, 'preValidation', named, async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema;
    if (!schema) return;
    if (schema.querystring) request.query = rebind(request.query, declaredKeys(schema.querystring));
    if (schema.body) request.body = rebind(request.body, declaredKeys(schema.body));
  });
}
