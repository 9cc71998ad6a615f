/**
 * How important a column is when its table is short of room: 1 is always shown (the row's name and
 * its actions), 2 gives way after 3, and 1 only after both, where the table could not fit otherwise. A column that gives way shows its value on the row's second line,
 * under the first column, with its header as the label.
 */
export type ColumnPriority = 1 | 2 | 3;

interface FitColumn {
  key: string;
  priority?: ColumnPriority;
}

/**
 * The columns in the order they give way: the least important first and, among equals, the rightmost
 * first (a list puts what matters on the left). Priority 1 gives way last, and only where even the
 * columns of priority 1 do not fit side by side (a phone): to the second line too, all but those in
 * `kept` (the row's name, which carries the second line, and its actions).
 */
export function collapseOrder(
  columns: readonly FitColumn[],
  kept: ReadonlySet<string> = new Set(),
): string[] {
  return columns
    .map((column, index) => ({ column, index, priority: column.priority ?? 1 }))
    .filter(({ column, priority }) => priority > 1 || !kept.has(column.key))
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map(({ column }) => column.key);
}

/**
 * How many columns of `order` give way for a table `needed` pixels wide (all columns at their
 * narrowest) to fit in `available`: each one taken off saves its measured width. The second line the
 * first column then carries can widen it; the table checks again after it is drawn.
 */
export function collapseCount(
  order: readonly string[],
  widths: Readonly<Record<string, number>>,
  needed: number,
  available: number,
): number {
  let count = 0;
  let width = needed;
  while (width > available + 1 && count < order.length) {
    width -= widths[order[count] as string] ?? 0;
    count += 1;
  }
  return count;
}

/**
 * The widest a list's value is drawn (rem), its cell's sides aside. A value wider than that at its
 * narrowest (a name or an e-mail of a hundred letters without a space) would otherwise widen its column
 * for every row and push the other columns to the second line, or the table into scrolling sideways:
 * its column is held to this width instead, the value broken anywhere or, where it must stay on one
 * line, cut with an ellipsis (its whole text in the cell's `title`). Not on a phone: there every column
 * but the row's name is on the second line already, and the name breaks anywhere as the last resort
 * (`styles.css`, `data-fit="scroll"`).
 */
export const valueWidthRem = 22;

/**
 * The columns whose values do not fit `limit` pixels even at their narrowest: `widths` are the header
 * cells' content widths (their sides taken off) measured with every column at its narrowest.
 */
export function overlongColumns(widths: Readonly<Record<string, number>>, limit: number): string[] {
  return Object.entries(widths)
    .filter(([, width]) => width > limit + 1)
    .map(([key]) => key);
}
