import { type Permission, Permissions } from '@genodesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError, forbidden } from '../http/errors.js';
import { cachedPrincipal, type Principal, sessionLimitsOf } from './principal.js';
import type { TokenSigner } from './tokens.js';

/**
 * Who may call a route; every /api route declares one.
 * - public: anyone.
 * - secondFactor: a user whose password was right, even before the second factor.
 * - passwordChange: a signed-in user, even one who must first change the password.
 * - enrolment: a signed-in user, even one whose role requires a second factor not yet enrolled.
 * - signedIn: a signed-in user who has Permissions.AdminPanel.View.
 * - all / any: that, plus all (or any one) of the listed permissions.
 */
export type Access =
  | 'public'
  | 'secondFactor'
  | 'passwordChange'
  | 'enrolment'
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
  if (typeof access === 'string' && access !== 'signedIn') return { all: [], any: [] };
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

/**
 * The steps of a sign-in, in order, each with the access level of the calls open while the caller
 * is on it and the refusal of every other call.
 */
const signInSteps = {
  public: undefined,
  secondFactor: () => new AppError(403, 'SECOND_FACTOR_REQUIRED', 'secondFactorRequired'),
  passwordChange: () => new AppError(403, 'MUST_CHANGE_PASSWORD', 'mustChangePassword'),
  enrolment: () => new AppError(403, 'TWO_FACTOR_ENROLMENT_REQUIRED', 'twoFactorEnrolmentRequired'),
} as const;
const stepOrder = ['secondFactor', 'passwordChange', 'enrolment'] as const;
type SignInStep = (typeof stepOrder)[number];

/** The step the caller's sign-in is still on, if any. */
export function signInStepOf(principal: Principal): SignInStep | undefined {
  if (principal.secondFactorPending) return 'secondFactor';
  if (principal.mustChangePassword) return 'passwordChange';
  if (principal.requiresTwoFactor && !principal.hasSecondFactor) return 'enrolment';
  return undefined;
}

/** A call is open on a step when its level is that step or an earlier one. */
function openOnStep(access: Access, step: SignInStep): boolean {
  if (typeof access !== 'string' || !(access in signInSteps) || access === 'public') return false;
  return stepOrder.indexOf(access as SignInStep) <= stepOrder.indexOf(step);
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
      ? await cachedPrincipal(deps.db, claims.userId, claims.sessionId, limits)
      : undefined;
    if (!principal) throw new AppError(401, 'UNAUTHORIZED', 'unauthorized');
    request.principal = principal;
    const step = signInStepOf(principal);
    if (step && !openOnStep(access, step)) throw signInSteps[step]();
    if (!allows(principal, access)) throw forbidden();
  });

  return registered;
}
