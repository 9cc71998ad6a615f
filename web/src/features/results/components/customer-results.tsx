import { Badge, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useCustomerResult } from '../api/get-customer-result';
import { GeneTable } from './gene-table';

/** The customer's genotypes (Results.View), or 'Results are not available at this time.' when none are stored. */
export function CustomerResults({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { tm } = useLocale();
  const result = useCustomerResult(customerId);
  const notAvailable = isApiError(result.error) && result.error.status === 404;

  return (
    <Card withBorder radius="md" p="xl" data-testid="customer-results">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('results.customer.title')}</Title>
        {result.data && (
          <Badge variant="light" color="gray" data-testid="customer-results-count">
            {t('results.customer.geneCount', { count: result.data.genes.length })}
          </Badge>
        )}
      </Group>
      {result.isPending && result.fetchStatus !== 'idle' ? (
        <Loader size="sm" />
      ) : result.data ? (
        <GeneTable genes={result.data.genes} compact />
      ) : (
        <Text c="dimmed" fz="sm" data-testid="customer-results-empty">
          {notAvailable ? tm('resultsNotAvailable') : t('errors.loadFailed')}
        </Text>
      )}
    </Card>
  );
}
