import type { Payment } from '@genodesk/contract/finances';
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconCash, IconCircleCheck, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentAction } from '../api/payment-actions';
import type { usePaymentActions } from './use-payment-actions';

const icons: Record<PaymentAction, typeof IconCash> = {
  approve: IconCircleCheck,
  convertToCash: IconCash,
  markRefunded: IconReceiptRefund,
};
const testIds: Record<PaymentAction, string> = {
  approve: 'payment-approve',
  convertToCash: 'payment-convert',
  markRefunded: 'payment-mark-refunded',
};
const colors: Partial<Record<PaymentAction, string>> = { approve: 'teal', markRefunded: 'orange' };

/**
 * The actions a payment allows now (the API says which); nothing for a completed one. `compact` (a
 * wide list) shows them as icons with their label as tooltip and accessible name.
 */
export function PaymentActionButtons({
  payment,
  actions,
  compact = false,
}: {
  payment: Payment;
  actions: ReturnType<typeof usePaymentActions>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const allowed = (
    [
      ...(payment.canApprove ? (['approve'] as const) : []),
      ...(payment.canConvertToCash ? (['convertToCash'] as const) : []),
      ...(payment.canMarkRefunded ? (['markRefunded'] as const) : []),
    ] as PaymentAction[]
  ).filter((action) => !actions.only || actions.only.includes(action));
  if (allowed.length === 0) return null;
  if (compact)
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
        {allowed.map((action) => {
          const Icon = icons[action];
          const label = t(`finances.paymentActions.${action}.button`);
          return (
            <Tooltip key={action} label={label}>
              <ActionIcon
                variant="light"
                color={colors[action]}
                size="lg"
                aria-label={label}
                loading={actions.pending(action, payment.id)}
                onClick={() => void actions.run(action, payment)}
                data-testid={`${testIds[action]}-${payment.id}`}
              >
                <Icon size={18} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Group>
    );
  return (
    <Stack gap={4} align="stretch" onClick={(e) => e.stopPropagation()}>
      {allowed.map((action) => {
        const Icon = icons[action];
        return (
          <Button
            key={action}
            size="xs"
            variant="light"
            color={colors[action]}
            leftSection={<Icon size={14} />}
            loading={actions.pending(action, payment.id)}
            onClick={() => void actions.run(action, payment)}
            data-testid={`${testIds[action]}-${payment.id}`}
          >
            {t(`finances.paymentActions.${action}.button`)}
          </Button>
        );
      })}
    </Stack>
  );
}
