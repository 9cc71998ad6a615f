import type { SampleWorkList } from '@genodesk/contract/enums';
import type { Sample } from '@genodesk/contract/samples';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconPencil, IconRefresh } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSamples } from '../api/get-samples';
import { type SampleAction, useSampleAction } from '../api/sample-actions';
import { sampleColumns } from './sample-columns';
import { ScanStation } from './scan-station';

/** The actions each work list offers (DOMAIN §1) and the toast a failure shows (SPEC §8). */
const listActions: Record<SampleWorkList, SampleAction[]> = {
  pending: ['send', 'samplingatcentre'],
  receiving: ['receive', 'samplingatcentre'],
  waitingForAnalysis: ['startanalysis'],
  inAnalysis: [],
};

/** The lists that take a run of scans, and what each scan does there (issue 37). */
const scanActions: Partial<Record<SampleWorkList, SampleAction>> = {
  receiving: 'receive',
  waitingForAnalysis: 'startanalysis',
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
  const action = useSampleAction({ keepLists: true });
  const [selected, setSelected] = useState<number[]>([]);
  // Rows acted on stay in place, marked done, until the list is reloaded: nothing moves under the pointer.
  // They show the sample as the action left it (its new status, when received), not as it was.
  const [done, setDone] = useState<Map<number, { action: SampleAction; sample: Sample }>>(new Map());
  const shownPage = useMemo(
    () =>
      samples.data && {
        ...samples.data,
        items: samples.data.items.map((s) => done.get(s.id)?.sample ?? s),
      },
    [samples.data, done],
  );
  const markDone = useCallback(
    (action: SampleAction, updated: Sample[]) =>
      setDone(
        (prev) => new Map([...prev, ...updated.map((sample) => [sample.id, { action, sample }] as const)]),
      ),
    [],
  );
  const [sent, setSent] = useState<Sample[] | null>(null);
  const actions = listActions[workList];
  const pageIds = samples.data?.items.map((s) => s.id) ?? [];
  const visibleSelected = selected.filter((id) => pageIds.includes(id));
  const allSelected = pageIds.length > 0 && visibleSelected.length === pageIds.length;

  // Set at the click, before React renders the pending state: the second click of a double-click comes
  // sooner than that render, and a second mutate would also silence the first one's outcome.
  const inFlight = useRef<ReadonlySet<number>>(new Set());
  const run = (name: SampleAction, rows: Sample[]) => {
    // One action at a time: a second click while one runs does nothing.
    if (inFlight.current.size > 0) return;
    const ids = rows.map((s) => s.id);
    inFlight.current = new Set(ids);
    action
      .mutateAsync({ action: name, samples: rows.map((s) => ({ id: s.id, status: s.status })) })
      .finally(() => {
        inFlight.current = new Set();
      })
      .then(
        (reply) => {
          setSelected((prev) => prev.filter((id) => !ids.includes(id)));
          markDone(name, reply.items);
          const [one] = reply.items;
          notifySuccess(
            reply.items.length === 1 && one
              ? t(`samples.actions.${name}DoneOne`, {
                  id: one.id,
                  customer: one.customerName,
                  barcode: one.barcode ?? '—',
                })
              : t(`samples.actions.${name}Done`, { count: reply.items.length }),
          );
          if (name === 'send') setSent(reply.items);
        },
        (error: unknown) => notifyApiError(error, '', t(`samples.actions.${name}Failed`)),
      );
  };
  const scanAction = scanActions[workList];
  const scanned = useCallback(
    (sample: Sample) => {
      if (!scanAction) return;
      setSelected((prev) => prev.filter((id) => id !== sample.id));
      markDone(scanAction, [sample]);
    },
    [scanAction, markDone],
  );
  const reload = () => {
    setDone(new Map());
    void samples.refetch();
  };
  const visibleRows = (samples.data?.items ?? []).filter((s) => visibleSelected.includes(s.id));

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
        disabled={done.has(s.id)}
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
        {done.has(s.id) ? (
          <Badge
            color="teal"
            variant="light"
            leftSection={<IconCheck size={12} />}
            tt="none"
            data-testid={`sample-done-${s.id}`}
          >
            {t(`samples.actions.${done.get(s.id)?.action}DoneRow`)}
          </Badge>
        ) : (
          actions.map((name) => (
            <Button
              key={name}
              size="xs"
              variant="light"
              disabled={action.isPending && !action.variables?.samples.some((v) => v.id === s.id)}
              loading={
                action.isPending &&
                action.variables?.samples.some((v) => v.id === s.id) &&
                action.variables.action === name
              }
              onClick={() => run(name, [s])}
              data-testid={`sample-${name}-${s.id}`}
            >
              {t(`samples.actions.${name}`)}
            </Button>
          ))
        )}
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
        actions={
          <>
            {done.size > 0 && (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                onClick={reload}
                data-testid="work-list-reload"
              >
                {t('samples.reloadList')}
              </Button>
            )}
            {actions.map((name) => (
              <Button
                key={name}
                disabled={visibleRows.length === 0 || (action.isPending && action.variables?.action !== name)}
                loading={
                  action.isPending && action.variables?.action === name && action.variables.samples.length > 1
                }
                onClick={() => run(name, visibleRows)}
                data-testid={`bulk-${name}`}
              >
                {t(`samples.actions.${name}Bulk`, { count: visibleRows.length })}
              </Button>
            ))}
          </>
        }
      />
      {scanAction && <ScanStation action={scanAction} onDone={scanned} />}
      <DataTable
        testId="work-list-table"
        columns={columns}
        data={shownPage}
        loading={samples.isFetching}
        error={
          samples.error ? (isApiError(samples.error) ? samples.error.message : t('errors.loadFailed')) : null
        }
        list={list}
        rowKey={(s) => s.id}
        // A row whose action is running is not opened: its dialog would be lost.
        onRowClick={(s) => {
          if (!inFlight.current.has(s.id)) navigate(paths.samples.view(s.id));
        }}
        searchPlaceholder={t('samples.searchPlaceholder')}
      />
      <Modal
        opened={sent !== null}
        onClose={() => setSent(null)}
        title={t('samples.sentTitle')}
        centered
        // The barcodes must be read: a stray second click of the send button does not close them.
        closeOnClickOutside={false}
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
