import type { Page } from '@genodesk/contract/common';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  LoadingOverlay,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronUp,
  IconDatabaseOff,
  IconRefresh,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHiddenColumns } from './column-choice';
import { ColumnChooser } from './column-chooser';
import { type ColumnPriority, collapseOrder } from './column-fit';
import { useColumnFit } from './use-column-fit';
import { nextSort, pageSizes, parseSort, type useListParams } from './use-list-params';

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
   * values move to the row's second line. Only these can be hidden with the column chooser.
   */
  priority?: ColumnPriority;
  /** The value is not to be broken over lines (a date with its time, an amount, a code). */
  nowrap?: boolean;
}

interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  /** `totalExact: false` marks `total` as the database's estimate (lists over huge tables). */
  data: (Page<T> & { totalExact?: boolean }) | undefined;
  loading: boolean;
  error?: string | null;
  list: ReturnType<typeof useListParams>;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  searchPlaceholder?: string;
  /** false for a list its API cannot search: no search box, no filter bar unless there are filters */
  searchable?: boolean;
  /** filter inputs shown beside the search box */
  filters?: ReactNode;
  /** What an empty list says when nothing is searched or filtered (e.g. "no imports yet"). */
  emptyText?: string;
  testId?: string;
}

/** The columns that are never given a second line: the row's checkbox and its actions. */
const edgeColumns = new Set(['select', 'actions']);

const labelOf = <T,>(column: DataTableColumn<T>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : '');

/** A search box as wide as its placeholder (within bounds), so the hint is never cut off. */
const searchWidth = (placeholder: string) =>
  `min(100%, max(18.75rem, calc(${Math.min(Math.ceil(placeholder.length * 0.9), 48)}ch + 3.5rem)))`;

/**
 * The one table for every paged server list: search, filters, sortable headers and paging in the URL.
 * It fits its card: when the columns need more room than there is, those of lower `priority` give way
 * and show their values, labelled, on a second line under the row's first column; only where even the
 * columns of priority 1 do not fit (a phone) does the table scroll sideways, its `actions` column then
 * staying at the right edge. A user hides the columns they do not need with the column chooser (kept
 * per user and list). The header row stays in sight under the app's header while the page scrolls.
 */
export function DataTable<T>({
  columns,
  data,
  loading,
  error,
  list,
  rowKey,
  onRowClick,
  searchPlaceholder,
  searchable = true,
  filters,
  emptyText,
  testId = 'data-table',
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  // The failed list is a query of this screen: ask again for every one of them that failed.
  const retryFailed = () =>
    queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  const { params } = list;
  const [search, setSearch] = useState(params.search ?? '');
  const pushSearch = useDebouncedCallback((value: string) => list.setSearch(value), 350);
  const sort = parseSort(params.sort);

  useEffect(() => {
    setSearch(params.search ?? '');
  }, [params.search]);

  const location = useLocation();
  const [hidden, setHidden] = useHiddenColumns(`${location.pathname}#${testId}`);
  const choosable = (column: DataTableColumn<T>) => (column.priority ?? 1) > 1 && labelOf(column) !== '';
  const chosen = columns.filter((column) => !(choosable(column) && hidden.includes(column.key)));
  const order = collapseOrder(chosen.filter(choosable));
  // Other rows or other words need other widths: the columns are measured again.
  const measureKey = useMemo(() => ({ data, language: i18n.language }), [data, i18n.language]);
  const fit = useColumnFit(order, measureKey);
  const shown = chosen.filter((column) => !fit.collapsed.has(column.key));
  const secondLine = chosen.filter((column) => fit.collapsed.has(column.key));
  // The second line goes under the row's first column, unless that is a narrow one (a number).
  const host =
    shown.find(
      (column) => !edgeColumns.has(column.key) && !(typeof column.width === 'number' && column.width < 120),
    ) ?? shown.find((column) => !edgeColumns.has(column.key));
  const named = columns.filter((column) => labelOf(column) !== '');

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const from = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const to = Math.min(total, params.page * params.pageSize);

  const placeholder = searchPlaceholder ?? t('table.search');
  const chooser = named.some(choosable) && (
    <ColumnChooser
      columns={named.map((column) => ({
        key: column.key,
        label: labelOf(column),
        fixed: !choosable(column),
        onSecondLine: fit.collapsed.has(column.key),
      }))}
      hidden={hidden}
      onChange={setHidden}
      sorts={named.flatMap((column) =>
        column.sortField
          ? [
              { value: column.sortField, label: t('tableColumns.ascending', { column: labelOf(column) }) },
              {
                value: `-${column.sortField}`,
                label: t('tableColumns.descending', { column: labelOf(column) }),
              },
            ]
          : [],
      )}
      sort={params.sort}
      onSort={list.setSort}
      testId={testId}
    />
  );

  return (
    // `clip`, not Mantine's `hidden`: a card that clips without scrolling lets the header row stick.
    <Card withBorder radius="md" p={0} data-testid={testId} style={{ overflow: 'clip' }}>
      {(searchable || filters || chooser) && (
        <Group p="md" gap="sm" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          {searchable && (
            <TextInput
              placeholder={placeholder}
              aria-label={placeholder}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                pushSearch(event.currentTarget.value);
              }}
              w={{ base: '100%', sm: searchWidth(placeholder) }}
              data-testid={`${testId}-search`}
            />
          )}
          {filters}
          {chooser}
        </Group>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={loading} overlayProps={{ blur: 1, backgroundOpacity: 0.4 }} zIndex={5} />
        {error && (
          <Alert color="red" m="md" data-testid={`${testId}-error`}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text fz="sm">{error}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void retryFailed()}
                data-testid={`${testId}-retry`}
              >
                {t('errors.connection.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {/* Scrolls sideways only when even the columns that never give way do not fit (a phone). */}
        <div
          ref={fit.wrapperRef}
          style={fit.scroll ? { overflowX: 'auto' } : undefined}
          data-scroll-inside={fit.scroll || undefined}
        >
          <Table
            ref={fit.tableRef}
            highlightOnHover={Boolean(onRowClick)}
            verticalSpacing="sm"
            horizontalSpacing="md"
            className="gd-data-table"
            // Sticky within the page, under the app's header; not in a table that scrolls sideways,
            // whose own box would be the one it sticks in.
            stickyHeader={!fit.scroll}
            stickyHeaderOffset="var(--app-shell-header-offset, 0rem)"
            data-fit={fit.measuring ? 'measuring' : fit.scroll ? 'scroll' : 'fits'}
          >
            <Table.Thead bg="gray.0">
              <Table.Tr>
                {shown.map((column) => {
                  const active = column.sortField && sort?.field === column.sortField ? sort.direction : null;
                  return (
                    <Table.Th
                      key={column.key}
                      w={column.width}
                      ta={column.align}
                      data-column={column.key}
                      className={column.key === 'actions' ? 'gd-sticky-actions' : undefined}
                      aria-sort={
                        active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined
                      }
                    >
                      {column.sortField ? (
                        <UnstyledButton
                          onClick={() => list.setSort(nextSort(params.sort, column.sortField ?? ''))}
                          data-testid={`sort-${column.sortField}`}
                        >
                          <Group gap={4} wrap="nowrap">
                            <Text fw={600} fz="sm">
                              {column.header}
                            </Text>
                            {active === 'asc' ? (
                              <IconChevronUp size={14} />
                            ) : active === 'desc' ? (
                              <IconChevronDown size={14} />
                            ) : (
                              <IconSelector size={14} opacity={0.4} />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        <Text fw={600} fz="sm">
                          {column.header}
                        </Text>
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.items.map((row) => (
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
                    >
                      {column.render(row)}
                      {column === host && secondLine.length > 0 && (
                        // The values of the columns that gave way, each under its header's name.
                        <dl className="gd-second-line" data-testid={`${testId}-second-line`}>
                          {secondLine.map((other) => (
                            <div key={other.key} data-column={other.key}>
                              <dt>{labelOf(other)}</dt>
                              <dd style={other.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                                {other.render(row)}
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
        {data && data.items.length === 0 && (
          <Center py={48} data-testid={`${testId}-empty`}>
            <Stack align="center" gap={6}>
              <IconDatabaseOff size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{(!params.search && emptyText) || t('table.empty')}</Text>
            </Stack>
          </Center>
        )}
      </Box>
      <Group
        justify="space-between"
        p="md"
        gap="sm"
        wrap="wrap"
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="sm">
          <Text fz="sm" c="dimmed" data-testid={`${testId}-summary`} data-total={data?.total}>
            {t(data?.totalExact === false ? 'table.summaryEstimate' : 'table.summary', { from, to, total })}
          </Text>
          <Select
            size="xs"
            w={80}
            aria-label={t('table.pageSize')}
            data={pageSizes.map((n) => String(n))}
            value={String(params.pageSize)}
            onChange={(value) => value && list.setPageSize(Number(value))}
            allowDeselect={false}
            data-testid={`${testId}-page-size`}
          />
        </Group>
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(params.page, pages)}
          onChange={list.setPage}
          data-testid={`${testId}-pagination`}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next' ? t('table.next') : control === 'previous' ? t('table.previous') : control,
          })}
        />
      </Group>
    </Card>
  );
}
