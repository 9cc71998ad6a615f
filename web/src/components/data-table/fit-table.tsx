import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useMemo } from 'react';
import { titleWhileCut } from '../long-name';
import { type ColumnPriority, collapseOrder, valueWidthRem } from './column-fit';
import { useColumnFit } from './use-column-fit';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** The column's name where its header is not plain text (the column chooser, the second line). */
  label?: string;
  /** server sort field; makes the header clickable */
  sortField?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /**
   * 1 (the default): always shown; 2 and 3 give way, 3 first, when the table is short of room: their
   * values move to the row's second line. Only these can be hidden with the column chooser. Where even
   * the columns of priority 1 do not fit (a phone), they too move to the second line, but the row's name.
   */
  priority?: ColumnPriority;
  /** The value is not to be broken over lines (a date with its time, an amount, a code). */
  nowrap?: boolean;
}

/** The columns that are never given a second line: the row's checkbox and its actions. */
const edgeColumns = new Set(['select', 'actions']);

/** A column drawn narrow on purpose (a number): it does not carry the row's second line. */
const isNarrow = <T,>(column: DataTableColumn<T>) => typeof column.width === 'number' && column.width < 120;

export const labelOf = <T,>(column: DataTableColumn<T>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : '');

/**
 * Which of `columns` a table draws side by side and which give way to the row's second line, so that
 * it fits its box (`useColumnFit`). The row's name (its first column, unless that is a narrow one, a
 * number) and its actions stay; every other column with a name gives way when short of room, by its
 * `priority`, those of priority 1 last (a phone); `sortedKey`, the column sorted by, stays too.
 * `measureKey` changes when the content may need other widths (new rows, another language).
 */
export function useFitColumns<T>(
  columns: readonly DataTableColumn<T>[],
  measureKey: unknown,
  sortedKey?: string,
) {
  const firstColumns = columns.filter(
    (column) => !edgeColumns.has(column.key) && (column.priority ?? 1) === 1,
  );
  const name = firstColumns.find((column) => !isNarrow(column)) ?? firstColumns[0];
  // On a phone the cells' sides take less of the little room: other widths, measured anew (read at once,
  // so that the first drawing measured is the phone's).
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // The column the list is sorted by stays in sight, its header with the arrow that turns the sort
  // (a phone, short of room, sorts from its menu instead).
  const kept = phone ? undefined : sortedKey;
  const order = collapseOrder(
    columns.filter((column) => !edgeColumns.has(column.key) && labelOf(column) !== '' && column.key !== kept),
    new Set(name ? [name.key] : []),
  );
  const phoneKey = useMemo(() => ({ measureKey, phone }), [measureKey, phone]);
  // On a phone no column is held to a width: its last resort is the row's name breaking anywhere.
  const columnKeys = columns.map((column) => column.key).join(',');
  const unclamped = useMemo(
    () => (phone ? new Set(columnKeys.split(',')) : edgeColumns),
    [phone, columnKeys],
  );
  const fit = useColumnFit(order, phoneKey, unclamped);
  const shown = columns.filter((column) => !fit.collapsed.has(column.key));
  const secondLine = columns.filter((column) => fit.collapsed.has(column.key));
  // The second line goes under the row's first column, unless that is a narrow one (a number).
  const host =
    shown.find((column) => !edgeColumns.has(column.key) && !isNarrow(column)) ??
    shown.find((column) => !edgeColumns.has(column.key));
  return { ...fit, shown, secondLine, host, phone };
}

/**
 * A value of a column held to `valueWidthRem` (`useColumnFit`: one of its values is wider at its
 * narrowest): it breaks anywhere, and what must stay on one line (an e-mail, a column's `nowrap`) is
 * cut with an ellipsis, its whole text in the `title` while it is cut.
 */
function Clamped({ children }: { children: ReactNode }) {
  return (
    <div className="gd-clamped" style={{ maxWidth: `${valueWidthRem}rem` }} onPointerEnter={titleWhileCut}>
      {children}
    </div>
  );
}

/** A column's value, held to `valueWidthRem` where its column is. */
const cellValue = <T,>(column: DataTableColumn<T>, row: T, clamped: ReadonlySet<string>) =>
  clamped.has(column.key) ? <Clamped>{column.render(row)}</Clamped> : column.render(row);

interface FitTableProps<T> {
  fit: ReturnType<typeof useFitColumns<T>>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  /** A header cell's content (a sortable header); the column's header in bold when not given. */
  headerCell?: (column: DataTableColumn<T>) => ReactNode;
  /** The header cell's `aria-sort`. */
  ariaSort?: (column: DataTableColumn<T>) => 'ascending' | 'descending' | undefined;
  testId: string;
  /** false for a table in a box of its own that scrolls: its header does not stick under the app's header. */
  sticky?: boolean;
}

/**
 * A table that fits its box without scrolling sideways (`useFitColumns`): the columns that gave way
 * show their values, each under its header's name, on the row's second line. Only where the row's name
 * and its actions alone are too wide (a phone) does it scroll sideways, its `actions` column then
 * staying at the right edge. The header row stays in sight under the app's header while the page scrolls.
 */
export function FitTable<T>({
  fit,
  rows,
  rowKey,
  onRowClick,
  headerCell,
  ariaSort,
  testId,
  sticky = true,
}: FitTableProps<T>) {
  const { shown, secondLine, host, phone } = fit;
  return (
    // Scrolls sideways only when even the row's name and its actions do not fit side by side.
    <div
      ref={fit.wrapperRef}
      style={fit.scroll ? { overflowX: 'auto' } : undefined}
      data-scroll-inside={fit.scroll || undefined}
    >
      <Table
        ref={fit.tableRef}
        highlightOnHover={Boolean(onRowClick)}
        verticalSpacing="sm"
        horizontalSpacing={phone ? 'xs' : 'md'}
        className="gd-data-table"
        // Sticky within the page, under the app's header; not in a table that scrolls sideways,
        // whose own box would be the one it sticks in.
        stickyHeader={sticky && !fit.scroll}
        stickyHeaderOffset="var(--app-shell-header-offset, 0rem)"
        data-fit={fit.measuring ? 'measuring' : fit.scroll ? 'scroll' : 'fits'}
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th
                key={column.key}
                w={column.width}
                ta={column.align}
                data-column={column.key}
                className={column.key === 'actions' ? 'gd-sticky-actions' : undefined}
                aria-sort={ariaSort?.(column)}
              >
                {headerCell ? (
                  headerCell(column)
                ) : (
                  <Text fw={600} fz="sm">
                    {column.header}
                  </Text>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              data-testid={`${testId}-row`}
              data-row-id={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              // A row that opens its record is reached and opened from the keyboard too.
              tabIndex={onRowClick ? 0 : undefined}
              onKeyDown={
                onRowClick
                  ? (event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                    }
                  : undefined
              }
              style={onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {shown.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.align}
                  data-column={column.key}
                  className={column.key === 'actions' ? 'gd-sticky-actions' : undefined}
                  style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  // The row's name, which never gives way: an e-mail in it may break after its "@".
                  data-row-name={column === host || undefined}
                >
                  {cellValue(column, row, fit.clamped)}
                  {column === host && secondLine.length > 0 && (
                    // The values of the columns that gave way, each under its header's name.
                    <dl className="gd-second-line" data-testid={`${testId}-second-line`}>
                      {secondLine.map((other) => (
                        <div key={other.key} data-column={other.key}>
                          <dt>{labelOf(other)}</dt>
                          <dd
                            style={other.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                            data-nowrap={other.nowrap || undefined}
                          >
                            {cellValue(other, row, fit.clamped)}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
