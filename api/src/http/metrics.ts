import {
  hasMetricsToken,
  httpRequestDuration,
  metricsContentType,
  scrape,
} from '../observability/metrics.js';
import type { App, Deps } from './app-types.js';
import { AppError, notFound } from './errors.js';

/**
 * Request metrics for every route: its pattern, so `/api/media/:id` is one series whatever the id;
 * a path no route matched is `unmatched`.
 */
export function registerRequestMetrics(app: App) {
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * `GET /api/metrics` for a scraper that gives `METRICS_TOKEN` as its bearer token. Without a token
 * configured it answers 404 as an unknown path would: metrics are then only on `METRICS_PORT`, or
 * nowhere. Public to access control: the token, not a user, is the credential.
 */
export function metricsRoutes(app: App, deps: Deps) {
  app.get('/api/metrics', {
    // The token is the credential, not a signed-in user: a Prometheus server has no account.
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const token = deps.config.metricsToken;
      if (!token) throw notFound();
      if (!hasMetricsToken(request.headers.authorization, token))
        throw new AppError(401, 'UNAUTHORIZED', 'unauthorized');
      return reply.header('content-type', metricsContentType).send(await scrape());
    },
  });
}
