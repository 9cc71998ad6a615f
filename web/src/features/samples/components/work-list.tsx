import type { SampleWorkList } from '@genodesk/contract/enums';
import type { Sample } from '@genodesk/contract/samples';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSamples } from '../api/get-samples';
import { type SampleAction, useSampleAction } from '../api/sample-actions';
import { sampleColumns } from './sample-columns';

/** The actions each work list offers (DOMAIN §1) and the toast a failure shows (SPEC §8). */
const listActions: Record<SampleWorkList, SampleAction[]> = {
  pending: ['send', 'samplingatcentre'],
  receiving: ['receive', 'samplingatcentre'],
  waitingForAnalysis: ['startanalysis'],
  inAnalysis: [],
};

interface WorkListProps {
  list: SampleWorkList;
  title: string;
  description: string;
}

/** A sample work list: the samples in the list's statuses, selectable, with its actions per row and in bulk. */
export function SampleWorkListPage({ list: workList, title, description }: WorkListProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const list = useListParams([], { sort: '-updatedAt' });
  const { params } = list;
  const samples = useSamples({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    list: workList,
  });
  const action = useSampleAction();
  const [selected, setSelected] = useState<number[]>([]);
  const [sent, setSent] = useState<Sample[] | null>(null);
  const actions = listActions[workList];
  const pageIds = samples.data?.items.map((s) => s.id) ?? [];
  const visibleSelected = selected.filter((id) => pageIds.includes(id));
  const allSelected = pageIds.length > 0 && visibleSelected.length === pageIds.length;

  const run = (name: SampleAction, ids: number[]) =>
    action.mutate(
      { action: name, ids },
      {
        onSuccess: (reply) => {
          setSelected((prev) => prev.filter((id) => !ids.includes(id)));
          notifySuccess(t(`samples.actions.${name}Done`, { count: reply.items.length }));
          if (name === 'send') setSent(reply.items);
        },
        onError: (error) =>
          notifyError(isApiError(error) ? error.message : '', t(`samples.actions.${name}Failed`)),
      },
    );

  const selectColumn: DataTableColumn<Sample> = {
    key: 'select',
    width: 40,
    header: (
      <Checkbox
        aria-label={t('samples.selectAll')}
        checked={allSelected}
        indeterminate={visibleSelected.length > 0 && !allSelected}
        onChange={() =>
          setSelected(
            allSelected
              ? selected.filter((id) => !pageIds.includes(id))
              : [...new Set([...selected, ...pageIds])],
          )
        }
        data-testid="work-list-select-all"
      />
    ),
    render: (s) => (
      <Checkbox
        aria-label={t('samples.select', { id: s.id })}
        checked={selected.includes(s.id)}
        onClick={(e) => e.stopPropagation()}
        onChange={() =>
          setSelected((prev) => (prev.includes(s.id) ? prev.filter((id) => id !== s.id) : [...prev, s.id]))
        }
        data-testid={`work-list-select-${s.id}`}
      />
    ),
  };
  const actionsColumn: DataTableColumn<Sample> = {
    key: 'actions',
    header: '',
    align: 'right',
    render: (s) => (
      <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
        {actions.map((name) => (
          <Button
            key={name}
            size="xs"
            variant="light"
            loading={
              action.isPending && action.variables?.ids.includes(s.id) && action.variables.action === name
            }
            onClick={() => run(name, [s.id])}
            data-testid={`sample-${name}-${s.id}`}
          >
            {t(`samples.actions.${name}`)}
          </Button>
        ))}
        <Tooltip label={t('common.edit')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            component={Link}
            to={paths.samples.edit(s.id)}
            aria-label={t('common.edit')}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
  const columns = [
    ...(actions.length > 0 ? [selectColumn] : []),
    ...sampleColumns(t, locale).filter((c) => c.key !== 'updatedAt'),
    actionsColumn,
  ];

  return (
    <div data-testid={`work-list-${workList}`}>
      <PageHeader
        title={title}
        description={description}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: title }]}
        actions={actions.map((name) => (
          <Button
            key={name}
            disabled={visibleSelected.length === 0}
            loading={action.isPending && action.variables?.action === name && action.variables.ids.length > 1}
            onClick={() => run(name, visibleSelected)}
            data-testid={`bulk-${name}`}
          >
            {t(`samples.actions.${name}Bulk`, { count: visibleSelected.length })}
          </Button>
        ))}
      />
      <DataTable
        testId="work-list-table"
        columns={columns}
        data={samples.data}
        loading={samples.isFetching}
        error={
          samples.error ? (isApiError(samples.error) ? samples.error.message : t('errors.loadFailed')) : null
        }
        list={list}
        rowKey={(s) => s.id}
        onRowClick={(s) => navigate(paths.samples.view(s.id))}
        searchPlaceholder={t('samples.searchPlaceholder')}
      />
      <Modal
        opened={sent !== null}
        onClose={() => setSent(null)}
        title={t('samples.sentTitle')}
        centered
        data-testid="sent-modal"
      >
        <Stack gap="sm">
          <Text fz="sm">{t('samples.sentText')}</Text>
          <Table>
            <Table.Tbody>
              {(sent ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.customerName}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" fw={700} data-testid="sent-barcode">
                      {s.barcode}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button onClick={() => setSent(null)} data-testid="sent-close">
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}
