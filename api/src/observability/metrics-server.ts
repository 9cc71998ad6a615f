import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { metricsContentType, scrape } from './metrics.js';

/**
 * The metrics on a port of their own (`METRICS_PORT`): `GET /metrics` answers them, anything else
 * 404. Meant for a network only Prometheus reaches; it serves nothing but the metrics.
 */
export async function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    scrape().then(
      (text) => response.writeHead(200, { 'content-type': metricsContentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  return server;
}

/** Closes the metrics server (a shutdown step). */
export async function stopMetricsServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
