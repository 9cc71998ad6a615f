import type { Locale } from '@genodesk/contract/locales';
import type { Sample } from '@genodesk/contract/samples';
import { Anchor, Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { EmailAddress } from '@/components/email-address';
import { LongName } from '@/components/long-name';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { SampleStatusBadge } from './sample-status-badge';

/** The columns every samples table shows. */
export function sampleColumns(t: TFunction, locale: Locale): DataTableColumn<Sample>[] {
  return [
    { key: 'id', header: t('samples.fields.id'), sortField: 'id', render: (s) => `#${s.id}`, width: 80 },
    {
      key: 'customerName',
      header: t('samples.fields.customer'),
      sortField: 'customerName',
      render: (s) => (
        <div>
          <Anchor
            component={Link}
            to={paths.customers.view(s.customerId)}
            fz="sm"
            fw={600}
            onClick={(e) => e.stopPropagation()}
          >
            <LongName>{s.customerName}</LongName>
          </Anchor>
          <Text fz="xs" c="dimmed" data-testid="sample-customer-email">
            <EmailAddress email={s.customerEmail} />
          </Text>
          {!s.dnaConsent && (
            <Badge
              color="orange"
              variant="light"
              size="sm"
              mt={4}
              data-testid={`sample-consent-missing-${s.id}`}
            >
              {t('samples.consentMissing')}
            </Badge>
          )}
        </div>
      ),
    },
    {
      key: 'barcode',
      priority: 2,
      header: t('samples.fields.barcode'),
      sortField: 'barcode',
      render: (s) => (
        <Text ff="monospace" fz="sm" data-testid="sample-barcode">
          {s.barcode ?? '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('samples.fields.status'),
      sortField: 'status',
      width: 200,
      render: (s) => <SampleStatusBadge status={s.status} />,
    },
    {
      key: 'receivedAt',
      priority: 3,
      header: t('samples.fields.receivedAt'),
      sortField: 'receivedAt',
      render: (s) => (
        <div>
          <Text fz="sm">{formatDateTime(s.receivedAt, locale)}</Text>
          {s.receivedByUser && (
            <Text fz="xs" c="dimmed">
              {s.receivedByUser.userName}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'updatedAt',
      priority: 2,
      nowrap: true,
      header: t('samples.fields.updatedAt'),
      sortField: 'updatedAt',
      render: (s) => formatDateTime(s.updatedAt, locale),
    },
  ];
}
