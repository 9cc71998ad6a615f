import { type Permission, Permissions } from '@genodesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { loadPrincipal, type Principal, sessionLimitsOf } from './principal.js';
import type { TokenSigner } from './tokens.js';

/**
 * Who may call a route; every /api route declares one.
 * - public: anyone.
 * - passwordChange: a signed-in user, even one who must first change the password.
 * - signedIn: a signed-in user who has Permissions.AdminPanel.View.
 * - all / any: that, plus all (or any one) of the listed permissions.
 */
export type Access =
  | 'public'
  | 'passwordChange'
  | 'signedIn'
  | { all: readonly Permission[] }
  | { any: readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export type RegisteredRoute = { method: string; url: string; access: Access };

/** The permissions a caller needs for a route, besides being signed in. */
export function requiredPermissions(access: Access): { all: Permission[]; any: Permission[] } {
  if (access === 'public' || access === 'passwordChange') return { all: [], any: [] };
  if (access === 'signedIn') return { all: [Permissions.AdminPanelView], any: [] };
  if ('all' in access) return { all: [Permissions.AdminPanelView, ...access.all], any: [] };
  return { all: [Permissions.AdminPanelView], any: [...access.any] };
}

export function allows(principal: Principal, access: Access): boolean {
  const { all, any } = requiredPermissions(access);
  return (
    all.every((p) => principal.permissions.has(p)) &&
    (any.length === 0 || any.some((p) => principal.permissions.has(p)))
  );
}

/** The signed-in caller of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(401, 'UNAUTHORIZED', 'unauthorized');
  return request.principal;
}

/**
 * Authenticates every request to a non-public route and enforces its declared access before the body
 * is even validated. A route under /api without a declaration fails the server's start.
 */
export function registerAccessControl(
  app: FastifyInstance,
  deps: { db: Database; signer: TokenSigner; config: Config },
) {
  const registered: RegisteredRoute[] = [];
  const limits = sessionLimitsOf(deps.config);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // The OpenAPI document and its browser are public by design.
    if (route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registered.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const claims = token ? deps.signer.verify(token) : undefined;
    const principal = claims
      ? await loadPrincipal(deps.db, claims.userId, claims.sessionId, limits)
      : undefined;
    if (!principal) throw new AppError(401, 'UNAUTHORIZED', 'unauthorized');
    request.principal = principal;
    if (principal.mustChangePassword && access !== 'passwordChange') {
      throw new AppError(403, 'MUST_CHANGE_PASSWORD', 'mustChangePassword');
    }
    if (!allows(principal, access)) throw new AppError(403, 'FORBIDDEN', 'forbidden');
  });

  return registered;
}
