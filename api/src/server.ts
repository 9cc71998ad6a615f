import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translateMessage } from '@genodesk/contract';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAreaRoutes } from './areas.js';
import { type RegisteredRoute, registerAccessControl } from './auth/access.js';
import { inRequestScope } from './db/client.js';
import { loggableError } from './db/loggable-error.js';
import { registerSharedCache } from './db/shared-cache.js';
import type { Deps } from './http/app-types.js';
import { bindNamesCaseInsensitively } from './http/case-insensitive.js';
import { registerCompression } from './http/compression.js';
import { errorHandler, requestLocale } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { registerIdempotency } from './http/idempotency.js';
import { metricsRoutes, registerRequestMetrics } from './http/metrics.js';
import { registerRateLimits } from './http/rate-limit.js';
import { addSecurityHeaders } from './http/security-headers.js';
import { checkedSerializerCompiler } from './http/serialization.js';
import { validatorCompiler } from './http/validation.js';
import { isAssetPath, registerWebApp } from './http/web-app.js';
import { configureAccessLog, flushAccessLog } from './modules/audit/access-log.js';
import { activeTraceId } from './observability/spans.js';

export type ServerOptions = {
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (`observability/log.ts`), so requests log as everything else does. */
  loggerInstance?: FastifyBaseLogger;
};

/** The whole HTTP server: plugins, access control, every module's routes, the SPA. */
export async function buildServer(deps: Deps, options: ServerOptions = {}) {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    // One line per request (below), without query strings: they can carry names of customers.
    logController: new LogController({ disableRequestLogging: true }),
    // Only a proxy the operator names may say who the client is (TRUST_PROXY): otherwise any client
    // could choose its own address for the per-address sign-in limit.
    trustProxy: deps.config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // Query names such as `Id` must reach the case-insensitive binder untouched.
    routerOptions: { ignoreTrailingSlash: true },
    // A caller's W3C trace (traceparent) names the request, so its logs join the caller's; with tracing
    // on, the trace this request starts; otherwise a random id of the same shape. Every answer carries
    // it (X-Request-Id) for a user to quote.
    genReqId: (request) =>
      traceIdOf(request.headers.traceparent) ?? activeTraceId() ?? randomUUID().replaceAll('-', ''),
  }).withTypeProvider<ZodTypeProvider>();

  // Callbacks, not async functions, for the hooks every request runs: nothing in them waits, and a
  // promise per hook per request is not free.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    inRequestScope(done);
  });

  registerRequestMetrics(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkedSerializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        path: loggedPath(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: request.principal?.id,
      },
      'request',
    );
    done();
  });

  // Reads of customers' data are written to the access log in batches (modules/audit/access-log.ts);
  // what is still queued is written when the server closes, after its last request and before the
  // pool ends (lifecycle.ts).
  configureAccessLog(deps.db, { enabled: deps.config.accessLog, log: app.log });
  app.addHook('onClose', async () => {
    await flushAccessLog(deps.db).catch((error: unknown) =>
      app.log.error(loggableError(error), 'access log: queued rows could not be written at shutdown'),
    );
  });

  // The catalogue and the report's texts, kept by each node for a minute and dropped on every write.
  registerSharedCache(app, deps.db);

  addSecurityHeaders(app);
  await registerCompression(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GenoDesk API',
        version: '1.0.0',
        description: 'The staff back-office API. Paths are relative to /api/.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Before any route: the plugin attaches a route's limit as the route is added.
  await registerRateLimits(app, deps.db);

  const routes: RegisteredRoute[] = registerAccessControl(app, deps);
  bindNamesCaseInsensitively(app);

  healthRoutes(app, deps);
  metricsRoutes(app, deps);

  registerIdempotency(app, deps.db);
  registerAreaRoutes(app, deps);

  const hasWeb = await registerWebApp(app, deps.config.webDist);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isAssetPath(pathname)
    ) {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: translateMessage('routeNotFound', requestLocale(request)) },
      });
    }
    // History-mode SPA: every other path is the app, which shows its own 404 screen when needed.
    return reply.sendFile('index.html');
  });

  return Object.assign(app, { registeredRoutes: routes });
}

/** The trace id of a W3C `traceparent` header (`00-<32 hex>-<16 hex>-<2 hex>`), when valid. */
export function traceIdOf(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(header.trim());
  const id = match?.[1];
  return id && !/^0+$/.test(id) ? id : undefined;
}

/** The path as logged: no query string, and a secret in the path (the calendar feed's token) masked. */
export function loggedPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  const token = (request.params as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token ? path.replace(token, '[token]') : path;
}
