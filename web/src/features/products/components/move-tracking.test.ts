import { describe, expect, it } from 'vitest';
import { settleMoves, type TrackedMove } from './move-tracking';
import { moveKey, movesFrom, sectionOfPath } from './sections';

const row = (id: number, section: string, pendingSection: string | null) => ({
  id,
  section,
  pendingSection,
  customerName: `Customer ${id}`,
  customerGender: 2,
});

describe('settleMoves', () => {
  it('keeps waiting while the row is pending, then reports the move done when the row has left', () => {
    const tracked = new Map<number, TrackedMove>([
      [1, { from: 'results', to: 'doctorSection', name: 'Customer 1', gender: 2, since: 100 }],
    ]);
    expect(settleMoves(tracked, [row(1, 'results', 'doctorSection')], 200)).toEqual([]);
    expect(tracked.has(1)).toBe(true);
    expect(settleMoves(tracked, [row(2, 'results', null)], 300)).toEqual([
      { id: 1, from: 'results', to: 'doctorSection', name: 'Customer 1', gender: 2, since: 100, ok: true },
    ]);
    expect(tracked.size).toBe(0);
  });

  it('ignores a page read before the server accepted the move', () => {
    const tracked = new Map<number, TrackedMove>([
      [1, { from: 'results', to: 'doctorSection', name: 'Customer 1', gender: 2, since: 500 }],
    ]);
    expect(settleMoves(tracked, [row(1, 'results', null)], 400)).toEqual([]);
    expect(tracked.has(1)).toBe(true);
  });

  it('reports a failed move when the row is back in its section with nothing pending', () => {
    const tracked = new Map<number, TrackedMove>([
      [1, { from: 'doctorSection', to: 'archive', name: 'Customer 1', gender: 2, since: 100 }],
    ]);
    const [settled] = settleMoves(tracked, [row(1, 'doctorSection', null)], 200);
    expect(settled?.ok).toBe(false);
  });

  it('follows a row found pending (requested elsewhere or before a reload)', () => {
    const tracked = new Map<number, TrackedMove>();
    expect(settleMoves(tracked, [row(3, 'archive', 'doctorSection')], 100)).toEqual([]);
    expect(tracked.get(3)).toMatchObject({ from: 'archive', to: 'doctorSection', name: 'Customer 3' });
    expect(settleMoves(tracked, [], 200)).toMatchObject([{ id: 3, to: 'doctorSection', ok: true }]);
  });
});

describe('sections', () => {
  it('knows the section of a URL (the doctor section before the results it starts with)', () => {
    expect(sectionOfPath('/customers/products')).toBe('results');
    expect(sectionOfPath('/customers/products/edit/4')).toBe('results');
    expect(sectionOfPath('/customers/products-doctorsection/4')).toBe('doctorSection');
    expect(sectionOfPath('/customers/archive/4')).toBe('archive');
  });

  it('offers the allowed moves of each section', () => {
    expect(movesFrom('results')).toEqual(['doctorSection']);
    expect(movesFrom('doctorSection')).toEqual(['results', 'archive']);
    expect(movesFrom('archive')).toEqual(['doctorSection']);
    expect(moveKey('archive', 'doctorSection')).toBe('archiveToDoctorSection');
  });
});
