import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers of 14 kB and more. It must be registered before any route: it attaches itself
 * to each route as the route is added.
 *
 * An answer under 14 kB fits in TCP's first flight (ten segments) either way: compressing it saves the
 * client no round trip, and costs the server what it can least spare. A list page of 25 rows is about
 * 9 kB; gzip takes 25–30 µs for one on an idle core and three times that under load, about a tenth of
 * the API's time per request in the mixed-load bench. Bigger answers (a page of 100, an export) are
 * compressed: gzip (level 6) when the client takes both, brotli at quality 4 for clients that take only
 * br. Bodies up to 64 kB are compressed in one synchronous call (the plugin's default on two cores
 * stops at 8 kB and streams above): a zlib stream per answer costs more CPU in all than the call.
 *
 * The web app's files are not compressed here: they are compressed once at build time and served
 * as they are (see web-app.ts), so their routes opt out. Request bodies are not decompressed: no
 * client sends them compressed, and it would add a hook to every request.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 14 * 1024,
    syncThreshold: 64 * 1024,
    encodings: ['gzip', 'br'],
    zlibOptions: { level: 6 },
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
