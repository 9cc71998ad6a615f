import type { CustomerDetail } from '@genodesk/contract/customers';
import { Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSetLegalHold } from '../api/delete-customer';

/**
 * "Legal hold" on the customer's page (issue 36): whether health-records law keeps this customer's
 * medical records (then erasure is refused), and, for those who may erase, putting it on or lifting it.
 */
export function LegalHoldCard({ customer, canChange }: { customer: CustomerDetail; canChange: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const save = useSetLegalHold();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hold = customer.legalHold;

  const change = async (next: string | null) => {
    setError(undefined);
    try {
      await save.mutateAsync({ CustomerId: customer.id, Reason: next });
      notifySuccess(t(next === null ? 'customers.legalHold.lifted' : 'customers.legalHold.saved'));
      setReason('');
    } catch (failure) {
      if (isApiError(failure) && failure.fields.Reason) setError(failure.fields.Reason);
      else notifyApiError(failure, t('customers.legalHold.failed'));
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" data-testid="customer-legal-hold">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('customers.legalHold.title')}</Title>
          {hold && (
            <Badge color="orange" variant="light" leftSection={<IconLock size={12} />}>
              {t('customers.legalHold.badge')}
            </Badge>
          )}
        </Group>
        <Text fz="sm" data-testid="customer-legal-hold-state">
          {hold
            ? t('customers.legalHold.since', { date: formatDate(hold.at, locale), reason: hold.reason })
            : t('customers.legalHold.none')}
        </Text>
        {canChange && hold && (
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconLockOpen size={16} />}
              loading={save.isPending}
              onClick={() => void change(null)}
              data-testid="customer-legal-hold-lift"
            >
              {t('customers.legalHold.lift')}
            </Button>
          </Group>
        )}
        {canChange && !hold && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void change(reason.trim());
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={t('customers.legalHold.reason')}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                error={error}
                autosize
                minRows={1}
                maxLength={500}
                data-testid="customer-legal-hold-reason"
              />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  variant="default"
                  leftSection={<IconLock size={16} />}
                  loading={save.isPending}
                  disabled={reason.trim().length < 3}
                  data-testid="customer-legal-hold-set"
                >
                  {t('customers.legalHold.set')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
