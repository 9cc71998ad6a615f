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
    // A list newest first by default: its column toggles, ascending is one click away.
    expect(nextSort('-created', 'created', '-created')).toBe('created');
    expect(nextSort('created', 'created', '-created')).toBe('-created');
    expect(nextSort('-role', 'role', '-created')).toBeUndefined();
  });
});
