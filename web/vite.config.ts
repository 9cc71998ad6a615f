import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { type TextsPart, textsPart } from './src/lib/sign-in-texts';

const brotli = promisify(zlib.brotliCompress);

const testFiles = 'src/**/*.test.{ts,tsx}';
/** Unit tests that must start from modules no other test file has loaded (vitest `isolate`). */
const isolated = ['src/lib/i18n.test.ts'];
const gzip = promisify(zlib.gzip);
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, compressed once at the
 * highest levels, which would cost far too much per request; the server picks one by Accept-Encoding
 * (@fastify/static `preCompressed`). A variant that is not smaller than the file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'genodesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          const variants = [
            [
              '.br',
              await brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
            ],
            ['.gz', await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION })],
          ] as const;
          for (const [extension, compressed] of variants) {
            if (compressed.length < content.length) await writeFile(full + extension, compressed);
          }
        }),
      );
    },
  };
}

/**
 * `locales/xx.json?sign-in` is the part of a language file the sign-in screen shows and
 * `locales/xx.json?screens` the rest (`lib/sign-in-texts.ts`): the first load carries a few hundred
 * words of each language instead of a whole language (~25 kB brotli), and the files stay one per
 * language for whoever edits them.
 */
function localeParts(): Plugin {
  return {
    name: 'genodesk:locale-parts',
    // Before vite:json turns the file into a module.
    enforce: 'pre',
    transform(code, id) {
      const part = /\/locales\/[a-z]+\.json\?(sign-in|screens)$/.exec(id)?.[1] as TextsPart | undefined;
      if (!part) return null;
      return { code: JSON.stringify(textsPart(JSON.parse(code), part)), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), localeParts(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // terser takes longer than esbuild but writes about 4 % less, brotli and all: 6 kB off the first load.
    minify: 'terser',
    // Every browser the app supports knows <link rel="modulepreload">; the polyfill was first-load bytes.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Route splitting leaves dozens of shared chunks of a few hundred bytes (Mantine helpers,
        // single icons); each is a request with about 1 kB of headers. Rollup folds those without
        // side effects into a chunk loaded whenever they are, so no screen runs code earlier than it did.
        experimentalMinChunkSize: 16_384,
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // The test files of a worker share one jsdom and one module graph (issue 39): a fresh window and
    // fresh imports for each of the 52 files took three quarters of the run. The setup file clears
    // the DOM and localStorage after every test; a file that needs modules never loaded before (the
    // i18next instance before any screen's texts) is listed in `isolated`.
    projects: [
      { extends: true, test: { name: 'shared', include: [testFiles], exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
