import { maxSearchLength, type Page } from '@genodesk/contract/common';
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
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
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
import { type DataTableColumn, FitTable, labelOf, useFitColumns } from './fit-table';
import { nextSort, pageSizes, parseSort, type useListParams } from './use-list-params';

export type { DataTableColumn } from './fit-table';

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

/** A search box as wide as its placeholder (within bounds), so the hint is never cut off. */
const searchWidth = (placeholder: string) =>
  `min(100%, max(18.75rem, calc(${Math.min(Math.ceil(placeholder.length * 0.9), 48)}ch + 3.5rem)))`;

/**
 * The one table for every paged server list: search, filters, sortable headers and paging in the URL.
 * It fits its card: when the columns need more room than there is, those of lower `priority` give way
 * and show their values, labelled, on a second line under the row's first column; where even the
 * columns of priority 1 do not fit (a phone), they follow, all but the row's name and its actions. Only
 * where those two alone are too wide does the table scroll sideways, its `actions` column then staying at
 * the right edge. A user hides the columns they do not need with the column chooser (kept
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
  // Other rows or other words need other widths: the columns are measured again.
  const measureKey = useMemo(() => ({ data, language: i18n.language }), [data, i18n.language]);
  const sortedKey = chosen.find((column) => column.sortField && column.sortField === sort?.field)?.key;
  const fit = useFitColumns(chosen, measureKey, sortedKey);
  const named = columns.filter((column) => labelOf(column) !== '');

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const from = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const to = Math.min(total, params.page * params.pageSize);

  const placeholder = searchPlaceholder ?? t('table.search');
  // On a phone the box is as wide as the card, narrower than a long hint: the box says only "Search"
  // and the whole hint reads above it, wrapped.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const hintAbove = phone && searchPlaceholder !== undefined;
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
    // aria-busy while the rows are being fetched: the rows shown may still be those of the last search.
    <Card
      withBorder
      radius="md"
      p={0}
      data-testid={testId}
      data-search={params.search ?? ''}
      aria-busy={loading}
      style={{ overflow: 'clip' }}
    >
      {(searchable || filters || chooser) && (
        <Group p="md" gap="sm" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          {searchable && (
            <TextInput
              placeholder={hintAbove ? t('table.search') : placeholder}
              aria-label={placeholder}
              description={hintAbove ? placeholder : undefined}
              leftSection={<IconSearch size={16} />}
              value={search}
              // The server searches no more than this (a longer term is cut, never an error).
              maxLength={maxSearchLength}
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
        <FitTable
          fit={fit}
          rows={data?.items}
          rowKey={rowKey}
          onRowClick={onRowClick}
          testId={testId}
          ariaSort={(column) => {
            const active = column.sortField && sort?.field === column.sortField ? sort.direction : null;
            return active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined;
          }}
          headerCell={(column) => {
            if (!column.sortField)
              return (
                <Text fw={600} fz="sm">
                  {column.header}
                </Text>
              );
            const active = sort?.field === column.sortField ? sort.direction : null;
            return (
              <UnstyledButton
                onClick={() => list.setSort(nextSort(params.sort, column.sortField ?? '', list.defaultSort))}
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
            );
          }}
        />
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
