import { Alert, Card, Group, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '@/components/full-page-loader';
import { LogSectionHeader } from '@/components/log-section-header';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCustomerAccessLog } from '../api/get-access-log';
import { AccessKindBadge, AccessUser, AccessWhat } from './access-entry';

const pageSize = 10;

/**
 * Who read this customer's data (the access log, GDPR): newest first, ten a page, with a link to the
 * whole log filtered by the customer. Shown to those with Customers.View and AccessLog.View.
 */
export function CustomerAccessLog({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [page, setPage] = useState(1);
  const log = useCustomerAccessLog({ customerId, page, pageSize });
  const headingId = `customer-access-log-${customerId}`;
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / pageSize));

  return (
    <Card
      withBorder
      radius="md"
      p="xl"
      mt="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="customer-access-log"
    >
      <LogSectionHeader
        headingId={headingId}
        order={4}
        title={t('accessLog.customer.title')}
        description={t('accessLog.customer.description')}
        allTo={`${paths.accessLog}?customerId=${customerId}`}
        allLabel={t('accessLog.customer.showAll')}
        allTestId="customer-access-log-all"
      />
      {log.isError ? (
        <Alert color="red" variant="light">
          {t('accessLog.customer.loadFailed')}
        </Alert>
      ) : !log.data ? (
        <SectionLoader />
      ) : log.data.items.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="customer-access-log-empty">
          {t('accessLog.customer.empty')}
        </Text>
      ) : (
        <>
          {/* A narrow screen scrolls the table sideways: keyboard users reach it by Tab. */}
          <ScrollArea
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('accessLog.customer.title') }}
          >
            <Table miw={720} verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('accessLog.fields.occurredAt')}</Table.Th>
                  <Table.Th>{t('accessLog.fields.user')}</Table.Th>
                  <Table.Th>{t('accessLog.fields.kind')}</Table.Th>
                  <Table.Th>{t('accessLog.fields.what')}</Table.Th>
                  <Table.Th>{t('accessLog.fields.address')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((e) => (
                  <Table.Tr key={e.id} data-testid="customer-access-log-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(e.occurredAt, locale)}
                    </Table.Td>
                    <Table.Td>
                      <AccessUser user={e.user} />
                    </Table.Td>
                    <Table.Td>
                      <AccessKindBadge kind={e.kind} />
                    </Table.Td>
                    <Table.Td>
                      <AccessWhat entry={e} />
                    </Table.Td>
                    <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {e.address ?? '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {pages > 1 && (
            <Group justify="space-between" mt="md" gap="sm">
              <Text fz="sm" c="dimmed">
                {t('table.summary', {
                  from: (page - 1) * pageSize + 1,
                  to: Math.min(log.data.total, page * pageSize),
                  total: log.data.total,
                })}
              </Text>
              <Pagination
                size="sm"
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                data-testid="customer-access-log-pagination"
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'next'
                      ? t('table.next')
                      : control === 'previous'
                        ? t('table.previous')
                        : control,
                })}
              />
            </Group>
          )}
        </>
      )}
    </Card>
  );
}
