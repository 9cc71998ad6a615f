import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isRouteHandle } from '../app/route-handle';
import { routes } from '../app/router';
import cs from '../locales/cs.json';
import en from '../locales/en.json';
import { textsPart } from './sign-in-texts';

/**
 * What is drawn before a language's full texts arrive is the first bundle: `main.tsx` and every module
 * it imports without `import()` (the sign-in screen, the route guard, the error and loading screens,
 * the API client's messages). Every other screen is a lazy route that loads the full texts with it.
 */
const root = path.resolve(__dirname, '..');

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

function firstBundle(): string[] {
  const seen = new Set<string>();
  const waiting = [path.join(root, 'main.tsx')];
  for (let file = waiting.pop(); file; file = waiting.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Static imports and re-exports, not `import type` (erased) and not `import()` (a chunk of its own).
    for (const [, specifier = ''] of source.matchAll(
      /^(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gms,
    )) {
      const resolved = resolveImport(file, specifier);
      if (resolved) waiting.push(resolved);
    }
  }
  return [...seen];
}

/** The keys a file asks `t` for: whole ones, and the fixed start of one built at run time (`login.reason.${…}`). */
function keysOf(source: string) {
  const whole = [...source.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
  const built = [...source.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)].map((match) =>
    (match[1] ?? '').replace(/\.$/, ''),
  );
  return { whole, built };
}

/** The routes drawn with their code in the first bundle (not lazy): their titles are shown at once. */
function eagerTitles(tree: readonly RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.Component && isRouteHandle(route.handle) && route.handle.title ? [route.handle.title] : []),
    ...eagerTitles(route.children ?? []),
  ]);
}

function lookUp(texts: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

/** A text of `key`, or its plural forms (`key_one`, `key_other`, …) as i18next reads them with a count. */
const hasText = (texts: object, key: string) =>
  typeof lookUp(texts, key) === 'string' || typeof lookUp(texts, `${key}_other`) === 'string';

describe('the sign-in texts hold every text the first screens show', () => {
  const files = firstBundle();
  const used = files.map((file) => ({
    file: path.relative(root, file),
    ...keysOf(readFileSync(file, 'utf8')),
  }));

  it('follows the first bundle from main.tsx to the sign-in screen, and not into lazy screens', () => {
    const names = used.map(({ file }) => file);
    expect(names).toContain('features/auth/routes/login.tsx');
    expect(names).toContain('app/root-route.tsx');
    expect(names).not.toContain('app/layout/app-layout.tsx');
    expect(names).not.toContain('features/auth/routes/second-factor.tsx');
    expect(used.flatMap(({ whole }) => whole)).toContain('login.submit');
  });

  for (const [language, texts] of [
    ['cs', cs],
    ['en', en],
  ] as const) {
    it(`has each of them in the sign-in part of ${language}.json`, () => {
      const signIn = textsPart(texts, 'sign-in');
      const missing = [
        ...used.flatMap(({ file, whole }) =>
          whole.filter((key) => !hasText(signIn, key)).map((key) => `${file}: ${key}`),
        ),
        ...used.flatMap(({ file, built }) =>
          built
            .filter((prefix) => typeof lookUp(signIn, prefix) !== 'object')
            .map((prefix) => `${file}: ${prefix}.*`),
        ),
        ...eagerTitles(routes)
          .filter((key) => !hasText(signIn, key))
          .map((key) => `router.tsx: ${key}`),
      ];
      expect(missing).toEqual([]);
    });
  }
});
