import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translateMessage } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type RegisteredRoute, registerAccessControl } from './auth/access.js';
import type { Deps } from './http/app-types.js';
import { bindNamesCaseInsensitively } from './http/case-insensitive.js';
import { errorHandler, requestLocale } from './http/errors.js';
import { addSecurityHeaders } from './http/security-headers.js';
import { authRoutes } from './modules/auth/routes.js';
import { barcodesRoutes } from './modules/barcodes/routes.js';
import { customersRoutes, questionnairesRoutes, relationshipsRoutes } from './modules/customers/routes.js';
import { productTypesRoutes } from './modules/finances/routes.js';
import { productsRoutes } from './modules/products/routes.js';
import { resultsRoutes } from './modules/results/routes.js';
import { samplesRoutes } from './modules/samples/routes.js';
import { templateCatalogueRoutes } from './modules/templates/routes.js';
import { rolesRoutes, usersRoutes } from './modules/users/routes.js';

export type ServerOptions = { logger?: FastifyServerOptions['logger'] };

/** The whole HTTP server: plugins, access control, every module's routes, the SPA. */
export async function buildServer(deps: Deps, options: ServerOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request (below), without query strings: they can carry names of customers.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    bodyLimit: 5 * 1024 * 1024,
    // Query names such as `Id` must reach the case-insensitive binder untouched.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: request.principal?.id,
      },
      'request',
    );
  });

  addSecurityHeaders(app);

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

  const routes: RegisteredRoute[] = registerAccessControl(app, deps);
  bindNamesCaseInsensitively(app);

  app.get('/api/health', {
    config: { access: 'public' },
    schema: { tags: ['meta'], summary: 'Up, with the database reachable' },
    handler: async (_request, reply) => {
      await deps.db.execute(sql`select 1`);
      return reply.send({ status: 'ok' });
    },
  });

  authRoutes(app, deps);
  usersRoutes(app, deps);
  rolesRoutes(app, deps);
  templateCatalogueRoutes(app, deps);
  productTypesRoutes(app, deps);
  customersRoutes(app, deps);
  relationshipsRoutes(app, deps);
  questionnairesRoutes(app, deps);
  samplesRoutes(app, deps);
  barcodesRoutes(app, deps);
  resultsRoutes(app, deps);
  productsRoutes(app, deps);

  const indexHtml = path.join(deps.config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: deps.config.webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: translateMessage('routeNotFound', requestLocale(request)) },
      });
    }
    // History-mode SPA: every other path is the app, which shows its own 404 screen when needed.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return Object.assign(app, { registeredRoutes: routes });
}
