import { describe, expect, it } from 'vitest';
import cs from './cs.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const csKeys = flatten(cs as Tree);
  const enKeys = flatten(en as Tree);

  it('cs and en have the same keys', () => {
    const missingInEn = [...csKeys.keys()].filter((k) => !enKeys.has(k));
    const missingInCs = [...enKeys.keys()].filter((k) => !csKeys.has(k));
    expect({ missingInEn, missingInCs }).toEqual({ missingInEn: [], missingInCs: [] });
  });

  it('no text is empty and both use the same placeholders', () => {
    for (const [key, text] of csKeys) {
      expect(text.trim(), key).not.toBe('');
      expect(enKeys.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(enKeys.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});
