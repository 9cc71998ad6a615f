// Lint: no user-facing text written straight into JSX; every string is an i18n key (cs and en).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'web', 'src');
// Attributes a person reads; their literal values must be translated too.
const readableAttributes = new Set(['title', 'label', 'placeholder', 'aria-label', 'alt', 'description']);
const problems = [];

function* tsxFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsxFiles(full);
    else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) yield full;
  }
}

for (const file of tsxFiles(root)) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const report = (node, text) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    problems.push(`${path.relative(process.cwd(), file)}:${line + 1}: "${text.trim().slice(0, 60)}"`);
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) report(node, node.text);
    if (
      ts.isJsxAttribute(node) &&
      readableAttributes.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      /\p{L}/u.test(node.initializer.text)
    ) {
      report(node, node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (problems.length) {
  console.error(
    `Untranslated text in JSX (use t('…') and both locale files):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.info('No untranslated JSX text.');
