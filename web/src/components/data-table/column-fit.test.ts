import { beforeEach, describe, expect, it } from 'vitest';
import { columnChoiceKey, readHiddenColumns, writeHiddenColumns } from './column-choice';
import { collapseCount, collapseOrder, overlongColumns, valueWidthRem } from './column-fit';

describe('columns that give way when a table is short of room', () => {
  const columns = [
    { key: 'name' },
    { key: 'email', priority: 2 as const },
    { key: 'city', priority: 3 as const },
    { key: 'phone', priority: 2 as const },
    { key: 'source', priority: 3 as const },
    { key: 'actions', priority: 1 as const },
  ];

  const kept = new Set(['name', 'actions']);

  it('gives way lowest priority first, the rightmost first among equals; priority 1 last, but the kept', () => {
    expect(collapseOrder(columns, kept)).toEqual(['source', 'city', 'phone', 'email']);
    const onAPhone = [...columns.slice(0, 3), { key: 'status' }, { key: 'birthDate' }, ...columns.slice(3)];
    expect(collapseOrder(onAPhone, kept)).toEqual([
      'source',
      'city',
      'phone',
      'email',
      'birthDate',
      'status',
    ]);
  });

  it('takes off columns until the rest fits, each saving its narrowest width', () => {
    const order = collapseOrder(columns, kept);
    const widths = { name: 200, email: 250, city: 120, phone: 150, source: 130, actions: 96 };
    const needed = Object.values(widths).reduce((a, b) => a + b, 0); // 946
    expect(collapseCount(order, widths, needed, 950)).toBe(0);
    expect(collapseCount(order, widths, needed, 816)).toBe(1);
    expect(collapseCount(order, widths, needed, 814)).toBe(2);
    expect(collapseCount(order, widths, needed, 500)).toBe(4);
    // Never more than there are: what is left scrolls.
    expect(collapseCount(order, widths, needed, 100)).toBe(4);
  });
});

describe('a value wider than any column should be', () => {
  it('holds only its own column to the width, so the other columns keep their room', () => {
    const limit = valueWidthRem * 16;
    // A user's name of a hundred letters without a space, at its narrowest (QA: the users list).
    const widths = { userName: 1050, email: 210, role: 120, lastLoginDate: 150, active: 90 };
    expect(overlongColumns(widths, limit)).toEqual(['userName']);
    const held = { ...widths, userName: limit };
    expect(overlongColumns(held, limit)).toEqual([]);
    // Held, the list fits at 1440 px with every column beside it (none to the second line).
    const order = collapseOrder(
      [
        { key: 'userName' },
        { key: 'email', priority: 2 as const },
        { key: 'role', priority: 2 as const },
        { key: 'lastLoginDate', priority: 3 as const },
        { key: 'active', priority: 2 as const },
      ],
      new Set(['userName']),
    );
    const sum = (w: Record<string, number>) => Object.values(w).reduce((a, b) => a + b, 0) + 96;
    expect(collapseCount(order, widths, sum(widths), 1200)).toBeGreaterThan(0);
    expect(collapseCount(order, held, sum(held), 1200)).toBe(0);
  });

  it('leaves lists of ordinary values as they are', () => {
    expect(overlongColumns({ name: 200, email: 340, note: valueWidthRem * 16 }, valueWidthRem * 16)).toEqual(
      [],
    );
  });
});

describe("a user's choice of columns", () => {
  beforeEach(() => localStorage.clear());

  it('is kept per user and list, outside what a sign-out removes', () => {
    const admin = columnChoiceKey(1, '/customers#customers-table');
    const reception = columnChoiceKey(4, '/customers#customers-table');
    writeHiddenColumns(admin, ['city', 'phone']);
    expect(readHiddenColumns(admin)).toEqual(['city', 'phone']);
    expect(readHiddenColumns(reception)).toEqual([]);
    expect(admin.startsWith('genodesk.session.')).toBe(false);
    writeHiddenColumns(admin, []);
    expect(localStorage.getItem(admin)).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    const key = columnChoiceKey(1, '/vouchers#vouchers-table');
    localStorage.setItem(key, '{not json');
    expect(readHiddenColumns(key)).toEqual([]);
    localStorage.setItem(key, JSON.stringify(['state', 3, null]));
    expect(readHiddenColumns(key)).toEqual(['state']);
  });
});
