import { useLayoutEffect, useRef, useState } from 'react';
import { collapseCount } from './column-fit';

interface Fit {
  /** How many columns of the order have given way; null while every column is drawn to be measured. */
  collapsed: number | null;
  /** Even the columns that never give way are too wide (a phone): the table scrolls sideways. */
  scroll: boolean;
}

const measuring: Fit = { collapsed: null, scroll: false };

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
 */
export function useColumnFit(order: readonly string[], measureKey: unknown) {
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
    if (stale && fit.collapsed !== null) {
      setFit(measuring);
      return;
    }
    if (fit.collapsed === null) {
      measuredFor.current = { key: measureKey, order: orderKey };
      const columns: Record<string, number> = {};
      for (const cell of Array.from(table.tHead?.rows[0]?.cells ?? []))
        if (cell.dataset.column) columns[cell.dataset.column] = cell.offsetWidth;
      widths.current = { columns, needed };
      room.current = available;
      setFit({ collapsed: collapseCount(order, columns, needed, available), scroll: false });
      return;
    }
    const over = needed > available + 1;
    if (over && fit.collapsed < order.length) setFit({ collapsed: fit.collapsed + 1, scroll: false });
    else if (over && !fit.scroll) setFit({ collapsed: fit.collapsed, scroll: true });
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
            return { collapsed: Math.min(count, current.collapsed), scroll: false };
        }
        if (over && current.collapsed < orderNow.current.length)
          return { collapsed: current.collapsed + 1, scroll: false };
        return current;
      });
    });
    observer.observe(wrapper);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);

  const collapsed = new Set(fit.collapsed === null ? [] : order.slice(0, fit.collapsed));
  return { wrapperRef, tableRef, collapsed, scroll: fit.scroll, measuring: fit.collapsed === null };
}
