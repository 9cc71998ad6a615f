import type { ProductListItem } from '@genodesk/contract/products';

/** A move the list waits for. */
export interface TrackedMove {
  from: string;
  to: string;
  name: string;
  /** the customer's gender, which the words naming them agree with */
  gender: number;
  /** when the server accepted the move; rows read before it say nothing about the move */
  since: number;
}

export interface SettledMove extends TrackedMove {
  id: number;
  ok: boolean;
}

/**
 * Reads a fresh page of a section's list against the moves being waited for (updating `tracked`):
 * a row pending a move starts being followed; a followed report whose row has left the list (or sits
 * in the target section) was moved; one back in its list without a pending move failed.
 */
export function settleMoves(
  tracked: Map<number, TrackedMove>,
  rows: readonly Pick<
    ProductListItem,
    'id' | 'section' | 'pendingSection' | 'customerName' | 'customerGender'
  >[],
  readAt: number,
): SettledMove[] {
  for (const row of rows) {
    if (row.pendingSection && !tracked.has(row.id)) {
      tracked.set(row.id, {
        from: row.section,
        to: row.pendingSection,
        name: row.customerName,
        gender: row.customerGender,
        since: 0,
      });
    }
  }
  const settled: SettledMove[] = [];
  for (const [id, move] of tracked) {
    if (readAt < move.since) continue;
    const row = rows.find((item) => item.id === id);
    if (row?.pendingSection) continue;
    tracked.delete(id);
    settled.push({ ...move, id, ok: !row || row.section === move.to });
  }
  return settled;
}
