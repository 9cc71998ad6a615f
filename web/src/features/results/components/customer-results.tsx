import { Badge, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useCustomerResult } from '../api/get-customer-result';
import { GeneTable } from './gene-table';

/**
 * The customer's genotypes (Results.View), or 'Results are not available at this time.' when none are
 * stored: said at once when the customer detail knows there are none (`hasResults`), without asking
 * for them, or when the API answers 404 (they were removed since).
 */
export function CustomerResults({ customerId, hasResults }: { customerId: number; hasResults: boolean }) {
  const { t } = useTranslation();
  const { tm } = useLocale();
  const result = useCustomerResult(customerId, hasResults);
  const notAvailable = !hasResults || (isApiError(result.error) && result.error.status === 404);
  // Not a copy kept from before the genotypes were removed.
  const data = hasResults ? result.data : undefined;

  return (
    <Card withBorder radius="md" p="xl" data-testid="customer-results">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('results.customer.title')}</Title>
        {data && (
          <Badge variant="light" color="gray" data-testid="customer-results-count">
            {t('results.customer.geneCount', { count: data.genes.length })}
          </Badge>
        )}
      </Group>
      {result.isPending && result.fetchStatus !== 'idle' ? (
        <Loader size="sm" />
      ) : data ? (
        <GeneTable genes={data.genes} compact />
      ) : (
        <Text c="dimmed" fz="sm" data-testid="customer-results-empty">
          {notAvailable ? tm('resultsNotAvailable') : t('errors.loadFailed')}
        </Text>
      )}
    </Card>
  );
}
