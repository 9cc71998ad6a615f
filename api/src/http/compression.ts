import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers of 1 KB and more. It must be registered before any route: it attaches itself
 * to each route as the route is added.
 *
 * Answers are compressed on every request, so the settings are the cheap ones. Measured on a list
 * page of 9 kB (25 customers): gzip level 6 takes about 30 µs (twice JSON.stringify of the page) and
 * gives 1.0 kB; brotli at quality 4 takes 45–55 µs for 0.86 kB. gzip is therefore preferred when the
 * client takes both — at 1,200 answers a second it costs under 4 % of one core — and brotli stays at
 * quality 4 for clients that take only br. Bodies under 1 KB go as they are: a frame or two either
 * way, not worth the CPU. Bodies up to 64 kB are compressed in one synchronous call (the plugin's
 * default on two cores stops at 8 kB, just under a list page, and streams above): a zlib stream per
 * answer costs more CPU in all than the call, and two cores shared with PostgreSQL have none to spare.
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
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['gzip', 'br'],
    zlibOptions: { level: 6 },
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
