import { describe, expect, it } from 'vitest';
import { nextSort, parseSort } from './use-list-params';

describe('list sort helpers', () => {
  it('parses field and -field', () => {
    expect(parseSort('email')).toEqual({ field: 'email', direction: 'asc' });
    expect(parseSort('-email')).toEqual({ field: 'email', direction: 'desc' });
    expect(parseSort(undefined)).toBeNull();
  });

  it('cycles ascending, descending, default', () => {
    expect(nextSort(undefined, 'role')).toBe('role');
    expect(nextSort('role', 'role')).toBe('-role');
    expect(nextSort('-role', 'role')).toBeUndefined();
    expect(nextSort('-email', 'role')).toBe('role');
  });
});
