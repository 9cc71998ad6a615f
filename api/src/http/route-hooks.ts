import type { FastifyInstance, RouteOptions } from 'fastify';

type HookName = 'preValidation' | 'preHandler' | 'onSend';

/**
 * Adds a hook only to the routes it matters for (issue 38), ahead of the hooks those routes already
 * have — where an app-wide hook would have run. An app-wide hook that returns at once for most routes
 * still costs every request a call and a promise; this costs them nothing.
 */
export function addHookWhere(
  app: FastifyInstance,
  name: HookName,
  applies: (route: RouteOptions) => boolean,
  // biome-ignore lint/suspicious/noExplicitAny: each hook name has its own signature; Fastify checks it when the route is added.
  hook: (...args: any[]) => unknown,
) {
  app.addHook('onRoute', (route) => {
    if (!applies(route)) return;
    const existing = route[name];
    route[name] = [
      hook,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ] as never;
  });
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route changes state (any of its methods does). */
export const changesState = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((method) => stateChanging.has(method));
