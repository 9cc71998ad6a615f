// Lint for the layering rules of docs/architecture.md, which Biome cannot express:
// - contract/ imports neither api/ nor web/; api/ and web/ never import each other;
// - a web feature imports another feature only through its public `api/` and `components/` folders
//   (its routes are its own; the app's router is what wires them);
// - web/src/lib and web/src/components do not import features;
// - the API's low folders (db, http, jobs, auth, observability) import no area of api/src/modules: areas are wired
//   at the composition root (api/src/areas.ts);
// - api/src/privacy (the customer's rights across every area) sits above the areas: neither they nor the low
//   folders import it (a test may); it asks each area for its part through what the root registers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

function resolve(file, specifier) {
  if (specifier.startsWith('@/')) return path.join(root, 'web/src', specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return specifier;
}

const featureOf = (file) => file.match(/web\/src\/features\/([^/]+)\//)?.[1];
const problems = [];

for (const workspace of ['contract', 'api', 'web']) {
  for (const file of sourceFiles(path.join(root, workspace))) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(root, file);
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      const target = resolve(file, specifier);
      const targetRelative = path.isAbsolute(target) ? path.relative(root, target) : target;
      const crosses = (from, to) =>
        relative.startsWith(`${from}/`) &&
        (targetRelative.startsWith(`${to}/`) || specifier.startsWith(`@genodesk/${to}`));
      if (
        crosses('contract', 'api') ||
        crosses('contract', 'web') ||
        crosses('api', 'web') ||
        crosses('web', 'api')
      ) {
        problems.push(`${relative}: imports ${specifier} across workspaces`);
      }
      const fromFeature = featureOf(relative);
      const toFeature = featureOf(targetRelative);
      const isPublic = /features\/[^/]+\/(api|components)\//.test(targetRelative);
      if (fromFeature && toFeature && fromFeature !== toFeature && !isPublic) {
        problems.push(`${relative}: imports ${specifier}, an internal of feature "${toFeature}"`);
      }
      if (
        /^api\/src\/(db|http|jobs|auth|observability)\//.test(relative) &&
        targetRelative.startsWith('api/src/modules/')
      ) {
        problems.push(`${relative}: imports ${specifier}, an area (wire areas in api/src/areas.ts)`);
      }
      if (
        /^api\/src\/(db|http|jobs|auth|observability|modules)\//.test(relative) &&
        !relative.endsWith('.test.ts') &&
        targetRelative.startsWith('api/src/privacy/')
      ) {
        problems.push(`${relative}: imports ${specifier}, the privacy floor above the areas`);
      }
      if (toFeature && /^web\/src\/(lib|components)\//.test(relative)) {
        problems.push(`${relative}: shared code imports feature "${toFeature}"`);
      }
    }
  }
}

if (problems.length) {
  console.error(`Layering rules broken (docs/architecture.md):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.info('Layering rules hold.');
