import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
const short = 'public, max-age=3600';

/**
 * Hashed build outputs never change under their name, so a browser may keep them for a year;
 * `index.html` names the current ones, so it is revalidated on every load — otherwise a release
 * could leave a browser asking for chunks that no longer exist. Other public files (the favicon)
 * keep their names across releases and are cached briefly.
 */
function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return immutable;
  if (relativePath === 'index.html') return revalidate;
  return short;
}

/**
 * The built SPA from `webDist`: every file as it is, or its `.br` / `.gz` twin written by the build
 * when the client accepts it (with `Vary: Accept-Encoding`). Returns whether there is an app to
 * serve, for the history-mode fallback.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    // One route per file found at start-up: no file system lookup for paths that are not files.
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(webDist, filePath).split(path.sep).join('/');
      reply.header('cache-control', cacheControlFor(relative.replace(/\.(?:br|gz)$/, '')));
    },
  });
  return true;
}

/** Paths under `/assets/` are build outputs: one that is missing is an old release's chunk, not a screen. */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}
