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
  ScrollArea,
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
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextSort, pageSizes, parseSort, type useListParams } from './use-list-params';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** server sort field; makes the header clickable */
  sortField?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
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

/**
 * The one table for every paged server list: search, filters, sortable headers and paging in the URL.
 * A column keyed `actions` stays at the right edge when the table scrolls sideways: a row's actions are
 * never out of sight.
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
  const { t } = useTranslation();
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

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const from = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const to = Math.min(total, params.page * params.pageSize);

  return (
    <Card withBorder radius="md" p={0} data-testid={testId}>
      {(searchable || filters) && (
        <Group p="md" gap="sm" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          {searchable && (
            <TextInput
              placeholder={searchPlaceholder ?? t('table.search')}
              aria-label={searchPlaceholder ?? t('table.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                pushSearch(event.currentTarget.value);
              }}
              w={{ base: '100%', sm: 300 }}
              data-testid={`${testId}-search`}
            />
          )}
          {filters}
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
        <ScrollArea>
          <Table highlightOnHover={Boolean(onRowClick)} verticalSpacing="sm" horizontalSpacing="md" miw={720}>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                {columns.map((column) => {
                  const active = column.sortField && sort?.field === column.sortField ? sort.direction : null;
                  return (
                    <Table.Th
                      key={column.key}
                      w={column.width}
                      ta={column.align}
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
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      ta={column.align}
                      className={column.key === 'actions' ? 'gd-sticky-actions' : undefined}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
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
