import { describe, expect, it } from 'vitest';
import { widthToFit } from './filter-select';

describe('a filter as wide as its longest text', () => {
  it('follows the longest option or placeholder, within bounds', () => {
    expect(widthToFit(['Jakékoli pohlaví', 'Muž', 'Obě pohlaví'])).toBe('min(100%, calc(16ch + 2.75rem))');
    expect(widthToFit(['Ano', null, undefined])).toBe('min(100%, calc(8ch + 2.75rem))');
    expect(widthToFit(['x'.repeat(120)])).toBe('min(100%, calc(40ch + 2.75rem))');
  });
});
