import type { OrderDetail } from '@genodesk/contract/finances';
import { Permissions } from '@genodesk/contract/permissions';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Flex,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconTicket, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { formatMoney } from '@/lib/format';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useApplyVoucher, useRemoveVoucher } from '../api/voucher-actions';
import { type OrderVoucherLine, orderVoucherLines, vouchersEditable } from './order-voucher-lines';

/** Applies a voucher by its code; the API's refusal (expired, used up, unknown…) shows on the field. */
function ApplyVoucherForm({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const apply = useApplyVoucher();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const czk = (amount: number) => formatMoney(Math.round(amount * 100), order.currency, locale);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(tm('required'));
      return;
    }
    setError(null);
    send(typed, false);
  };

  const send = (typed: string, acceptUnusedValue: boolean) =>
    apply.mutate(
      { OrderId: order.id, Code: typed, ...(acceptUnusedValue ? { AcceptUnusedValue: true } : {}) },
      {
        onSuccess: (updated) => {
          setCode('');
          // The code as stored (it was matched ignoring case).
          const applied =
            orderVoucherLines(updated).lines.find((line) => line.code.toLowerCase() === typed.toLowerCase())
              ?.code ?? typed;
          notifySuccess(
            updated.dateOrderPaid
              ? t('finances.vouchers.paid', { code: applied })
              : t('finances.vouchers.applied', { code: applied, due: czk(updated.amountDue) }),
          );
        },
        onError: async (failure) => {
          // Worth more than is due: the API says what would be lost, the staff decide.
          if (isApiError(failure) && failure.code === 'VOUCHER_EXCEEDS_AMOUNT_DUE') {
            const ok = await confirmAction({
              title: t('finances.vouchers.exceedsTitle'),
              message: <Text fz="sm">{failure.message}</Text>,
              confirmLabel: t('finances.vouchers.applyAnyway'),
              cancelLabel: t('common.cancel'),
              testId: 'order-voucher-exceeds',
            });
            if (ok) send(typed, true);
          } else if (isApiError(failure)) setError(Object.values(failure.fields)[0] ?? failure.message);
          else notifyError('', t('finances.vouchers.applyFailed'));
        },
      },
    );

  return (
    <form onSubmit={submit} noValidate data-testid="order-voucher-apply">
      {/* Side by side where there is room; on a phone the field takes the width and the button goes under it. */}
      <Flex direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-start' }} gap="sm">
        <TextInput
          label={t('finances.vouchers.code')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: '1 1 auto' }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="order-voucher-code"
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          variant="light"
          leftSection={<IconTicket size={16} />}
          loading={apply.isPending}
          data-testid="order-voucher-apply-submit"
        >
          {t('finances.vouchers.apply')}
        </Button>
      </Flex>
    </form>
  );
}

function VoucherLine({
  order,
  line,
  removable,
}: {
  order: OrderDetail;
  line: OrderVoucherLine;
  removable: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canViewVouchers = useCan(Permissions.VouchersView);
  const remove = useRemoveVoucher();
  const label =
    line.kind === 'product' ? t('finances.order.productVoucher') : t('finances.order.moneyVoucher');

  const run = async () => {
    const ok = await confirmAction({
      title: t('finances.vouchers.removeTitle'),
      message: (
        <Text fz="sm">
          {t('finances.vouchers.removeConfirm', { code: line.code, number: order.orderNumber })}
        </Text>
      ),
      confirmLabel: t('finances.vouchers.remove'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'order-voucher-remove',
    });
    if (!ok) return;
    remove.mutate(
      { OrderId: order.id, VoucherId: line.id },
      {
        onSuccess: () => notifySuccess(t('finances.vouchers.removed', { code: line.code })),
        onError: (error) => notifyApiError(error, '', t('finances.vouchers.removeFailed')),
      },
    );
  };

  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="order-voucher"
      data-code={line.code}
      data-kind={line.kind}
    >
      <Text fz="sm">
        {label}{' '}
        {canViewVouchers ? (
          <Anchor
            component={Link}
            to={paths.vouchers.view(line.kind, line.id)}
            ff="monospace"
            fz="sm"
            data-testid="order-voucher-link"
          >
            {line.code}
          </Anchor>
        ) : (
          <Text span ff="monospace" fz="sm">
            {line.code}
          </Text>
        )}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="order-voucher-taken">
          −{formatMoney(line.takenMinor, order.currency, locale)}
        </Text>
        {removable && (
          <Tooltip label={t('finances.vouchers.removeLabel', { code: line.code })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('finances.vouchers.removeLabel', { code: line.code })}
              loading={remove.isPending}
              onClick={() => void run()}
              data-testid={`order-voucher-remove-${line.id}`}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}

/**
 * The vouchers applied to an order and what each took off. On the unprocessed-order view
 * (`editable`), while the order is unpaid, a voucher is applied by its code and removed again.
 */
export function OrderVouchers({ order, editable = false }: { order: OrderDetail; editable?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { lines, totalMinor } = orderVoucherLines(order);
  const open = editable && vouchersEditable(order);
  return (
    <Stack gap="sm">
      {lines.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="order-vouchers-empty">
          {t('finances.order.noVouchers')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="order-vouchers-list">
          {lines.map((line) => (
            <VoucherLine key={`${line.kind}-${line.id}`} order={order} line={line} removable={open} />
          ))}
          {lines.length > 1 && (
            <>
              <Divider />
              <Group justify="space-between">
                <Text fz="sm" fw={600}>
                  {t('finances.vouchers.total')}
                </Text>
                <Text fz="sm" fw={700} data-testid="order-vouchers-total">
                  −{formatMoney(totalMinor, order.currency, locale)}
                </Text>
              </Group>
            </>
          )}
        </Stack>
      )}
      {open && (
        <>
          <Divider />
          <ApplyVoucherForm order={order} />
        </>
      )}
    </Stack>
  );
}
