import type { BankStatement } from '@genodesk/contract/finances';
import { Permissions } from '@genodesk/contract/permissions';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useStatements } from '../api/get-statements';

import { StatementDropzone } from '../components/statement-dropzone';

/** Bank statements: the import (GPC) and every import with its matched and unmatched lines. */
export function StatementsListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  // Importing pays orders: the unprocessed-orders permission as well as the payments one.
  const canImport = useCan(Permissions.PaymentsView, Permissions.UnpaidCustomersView);
  const list = useListParams([]);
  const { params } = list;
  const statements = useStatements(params.page, params.pageSize);

  const columns: DataTableColumn<BankStatement>[] = [
    {
      key: 'fileName',
      header: t('finances.statements.fields.fileName'),
      render: (s) => (
        <Text fz="sm" fw={600}>
          {s.fileName}
        </Text>
      ),
    },
    {
      key: 'account',
      priority: 3,
      header: t('finances.statements.fields.account'),
      render: (s) => (
        <Text ff="monospace" fz="sm">
          {s.account}
        </Text>
      ),
    },
    {
      key: 'statementDate',
      priority: 2,
      nowrap: true,
      header: t('finances.statements.fields.statementDate'),
      render: (s) => formatDate(s.statementDate, locale),
    },
    {
      key: 'lines',
      priority: 3,
      header: t('finances.statements.fields.lines'),
      align: 'right',
      render: (s) => s.lines,
    },
    {
      key: 'result',
      priority: 2,
      header: t('finances.statements.fields.result'),
      render: (s) => (
        <Stack gap={4} align="flex-start">
          <Badge variant="light" color="teal" tt="none">
            {t('finances.statements.matchedCount', { count: s.matched })}
          </Badge>
          {s.unmatched > 0 && (
            <Badge variant="light" color="orange" tt="none">
              {t('finances.statements.unmatchedCount', { count: s.unmatched })}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'importedAt',
      priority: 3,
      nowrap: true,
      header: t('finances.statements.fields.importedAt'),
      render: (s) => formatDateTime(s.importedAt, locale),
    },
    {
      key: 'importedBy',
      priority: 3,
      header: t('finances.statements.fields.importedBy'),
      render: (s) => s.importedBy?.userName ?? '—',
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 56,
      render: (s) => <RowActions testIdPrefix="statement" id={s.id} viewTo={paths.statements.view(s.id)} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('finances.statements.title')}
        description={t('finances.statements.description')}
        breadcrumbs={[{ label: t('nav.groups.finances') }, { label: t('finances.statements.title') }]}
      />
      {canImport && <StatementDropzone onImported={(s) => navigate(paths.statements.view(s.id))} />}
      <DataTable
        testId="statements-table"
        columns={columns}
        data={statements.data}
        loading={statements.isFetching}
        error={
          statements.error
            ? isApiError(statements.error)
              ? statements.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(s) => s.id}
        onRowClick={(s) => navigate(paths.statements.view(s.id))}
        searchable={false}
        emptyText={t('finances.statements.noImports')}
      />
    </>
  );
}

export const Component = StatementsListRoute;
