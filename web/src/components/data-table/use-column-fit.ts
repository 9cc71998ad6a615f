import { useLayoutEffect, useRef, useState } from 'react';
import { collapseCount, overlongColumns, valueWidthRem } from './column-fit';

interface Fit {
  /** How many columns of the order have given way; null while every column is drawn to be measured. */
  collapsed: number | null;
  /** Even the columns that never give way are too wide (a phone): the table scrolls sideways. */
  scroll: boolean;
  /** The columns held to `valueWidthRem`: a value of theirs is wider than that at its narrowest. */
  clamped: readonly string[];
}

const measuring: Fit = { collapsed: null, scroll: false, clamped: [] };

/**
 * A scrollbar coming or going changes the room by up to 17 px: growing by less never brings a
 * column back, or a column given way (rows a line shorter, the page's scrollbar gone) could come back
 * and go again without end.
 */
const growthToRefit = 24;

/**
 * Which columns of a table give way so that it fits its container without scrolling sideways. The
 * table is drawn with every column and measured (each header cell's width is its column's narrowest,
 * as the table is then wider than its room), the columns of `order` give way until the rest fits,
 * and the table is checked again after each drawing, before it is painted. `measureKey` changes
 * when the content may need other widths (new rows, other columns, another language).
 *
 * A column (but those in `unclamped`) whose narrowest is wider than `valueWidthRem` (one value without
 * a space in it, a name of a hundred letters) is first held to that width and measured again: one
 * such value does not push the other columns out of every row.
 */
export function useColumnFit(
  order: readonly string[],
  measureKey: unknown,
  unclamped: ReadonlySet<string> = new Set(),
) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [fit, setFit] = useState<Fit>(measuring);
  const orderKey = order.join(',');
  const orderNow = useRef(order);
  orderNow.current = order;
  const measuredFor = useRef<{ key: unknown; order: string } | null>(null);
  const widths = useRef<{ columns: Record<string, number>; needed: number } | null>(null);
  /** The room the current fit was made for. */
  const room = useRef(0);

  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    const table = tableRef.current;
    if (!wrapper || !table) return;
    const available = wrapper.clientWidth;
    const needed = table.offsetWidth;
    const stale = measuredFor.current?.key !== measureKey || measuredFor.current?.order !== orderKey;
    if (stale && (fit.collapsed !== null || fit.clamped.length > 0)) {
      setFit(measuring);
      return;
    }
    if (fit.collapsed === null) {
      measuredFor.current = { key: measureKey, order: orderKey };
      const columns: Record<string, number> = {};
      const contents: Record<string, number> = {};
      for (const cell of Array.from(table.tHead?.rows[0]?.cells ?? [])) {
        const key = cell.dataset.column;
        if (!key) continue;
        columns[key] = cell.offsetWidth;
        if (unclamped.has(key) || fit.clamped.includes(key)) continue;
        const style = getComputedStyle(cell);
        contents[key] =
          cell.offsetWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      }
      const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      // Only a table short of room is held: one that fits pushes nothing out, and its columns, widened
      // to fill the room, are not at their narrowest (an e-mail column would be held for nothing).
      const overlong = needed > available + 1 ? overlongColumns(contents, valueWidthRem * rem) : [];
      if (overlong.length > 0) {
        // Held to the width first, then measured again.
        setFit({ ...measuring, clamped: [...fit.clamped, ...overlong] });
        return;
      }
      widths.current = { columns, needed };
      room.current = available;
      setFit({
        collapsed: collapseCount(order, columns, needed, available),
        scroll: false,
        clamped: fit.clamped,
      });
      return;
    }
    const over = needed > available + 1;
    if (over && fit.collapsed < order.length) setFit({ ...fit, collapsed: fit.collapsed + 1 });
    else if (over && !fit.scroll) setFit({ ...fit, scroll: true });
  });

  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    const table = tableRef.current;
    if (!wrapper || !table) return;
    const observer = new ResizeObserver(() => {
      const available = wrapper.clientWidth;
      const over = table.offsetWidth > available + 1;
      if (available < room.current) room.current = available;
      const grown = available >= room.current + growthToRefit && widths.current;
      setFit((current) => {
        if (current.collapsed === null) return current;
        if (grown && widths.current) {
          // Wider: the columns that now fit come back (measured at their narrowest when last drawn).
          room.current = available;
          const count = collapseCount(
            orderNow.current,
            widths.current.columns,
            widths.current.needed,
            available,
          );
          if (count < current.collapsed || current.scroll)
            return { ...current, collapsed: Math.min(count, current.collapsed), scroll: false };
        }
        if (over && current.collapsed < orderNow.current.length)
          return { ...current, collapsed: current.collapsed + 1, scroll: false };
        return current;
      });
    });
    observer.observe(wrapper);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);

  const collapsed = new Set(fit.collapsed === null ? [] : order.slice(0, fit.collapsed));
  return {
    wrapperRef,
    tableRef,
    collapsed,
    clamped: new Set(fit.clamped),
    scroll: fit.scroll,
    measuring: fit.collapsed === null,
  };
}
