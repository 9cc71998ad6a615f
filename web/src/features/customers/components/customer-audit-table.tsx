import type { CustomerAuditEntry } from '@genodesk/contract/customers';
import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataTableColumn, FitTable, useFitColumns } from '@/components/data-table/fit-table';
import { EmailAddress } from '@/components/email-address';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { auditSubject, auditValue } from './audit-entry';

/**
 * A value before or after a change wraps, even inside a word (an e-mail after its "@" first, `EmailAddress`), and
 * never pushes the other columns out; it keeps room for a few words, so the fit moves who and what
 * changed to the row's second line before squeezing it.
 */
function AuditValue({ value }: { value: string }) {
  return (
    <Box miw={120} style={{ overflowWrap: 'anywhere' }}>
      <EmailAddress email={value} wraps />
    </Box>
  );
}

/**
 * The customer's change history, fitted to the detail's narrower column as the lists are
 * (`FitTable`): the values before and after always stay in sight.
 */
export function CustomerAuditTable({ entries }: { entries: readonly CustomerAuditEntry[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const columns: DataTableColumn<CustomerAuditEntry>[] = [
    {
      key: 'changedAt',
      header: t('customers.audit.changedAt'),
      // Kept whole by itself, not by the column's `nowrap`: the cell also carries the row's second line
      // (who, what), which may wrap.
      render: (a) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.changedAt, locale)}</span>,
    },
    {
      key: 'changedBy',
      priority: 3,
      header: t('customers.audit.changedBy'),
      render: (a) => a.changedBy?.userName ?? '—',
    },
    {
      key: 'field',
      priority: 2,
      header: t('customers.audit.field'),
      render: (a) => auditSubject(a, t, locale),
    },
    {
      key: 'oldValue',
      header: t('customers.audit.oldValue'),
      render: (a) => <AuditValue value={auditValue(a, a.oldValue, locale, t)} />,
    },
    {
      key: 'newValue',
      header: t('customers.audit.newValue'),
      render: (a) => <AuditValue value={auditValue(a, a.newValue, locale, t)} />,
    },
  ];
  const measureKey = useMemo(() => ({ rows: entries, locale }), [entries, locale]);
  const fit = useFitColumns(columns, measureKey);
  return <FitTable fit={fit} rows={entries} rowKey={(a) => a.id} testId="customer-audit" sticky={false} />;
}
