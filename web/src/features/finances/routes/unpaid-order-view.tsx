import { SampleStatus } from '@genodesk/contract/enums';
import type { OrderDetail, Payment } from '@genodesk/contract/finances';
import { Permissions } from '@genodesk/contract/permissions';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import {
  IconBuildingBank,
  IconCash,
  IconCircleCheck,
  IconListDetails,
  IconPackageExport,
  IconPackageImport,
  IconTestPipe,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { type SampleAction, useSampleAction } from '@/features/samples/api/sample-actions';
import { confirmAction } from '@/lib/confirm';
import { genderContext } from '@/lib/format';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCreateBankTransfer } from '../api/create-bank-transfer';
import { useUnpaidOrder } from '../api/get-unpaid-order';
import { financeKeys } from '../api/keys';
import { type OrderAction, useOrderAction } from '../api/order-actions';
import { BankTransferDetails } from '../components/bank-transfer-details';
import { money } from '../components/format';
import { OrderDetails, Section } from '../components/order-details';
import { usePaymentActions } from '../components/use-payment-actions';

/** The sample actions of the work lists that apply to a sample in this status (DOMAIN §1). */
const sampleActionsFor = (status: number): SampleAction[] =>
  status === SampleStatus.WaitingToBeSent
    ? ['send']
    : status === SampleStatus.SentToCustomer
      ? ['receive']
      : [];

/**
 * The action buttons take the column's width; a label longer than a phone's column ("Odběr v centru
 * bez konzultace") wraps onto a second line instead of being cut.
 */
const actionButton = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } },
} as const;

function OrderActions({
  order,
  onBankTransfer,
}: {
  order: OrderDetail;
  onBankTransfer: (p: Payment) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const bankTransfer = useCreateBankTransfer();
  const orderAction = useOrderAction();
  const has = (action: OrderDetail['actions'][number]) => order.actions.includes(action);
  // An open transfer is not made again: its instructions are sent again.
  const transferOpen = order.bankTransferPayment !== null && !order.bankTransferPayment.completed;
  const transferText = (key: 'title' | 'confirm' | 'button' | 'done') =>
    transferOpen
      ? `finances.orderActions.bankTransfer.${({ title: 'resendTitle', confirm: 'resendConfirm', button: 'resendButton', done: 'resendDone' } as const)[key]}`
      : `finances.orderActions.bankTransfer.${key}`;

  // What the customer is asked to pay: the price less the vouchers applied.
  const amountDue = money(
    { amountMinor: Math.round(order.amountDue * 100), currency: order.currency },
    locale,
  );

  const createBankTransfer = async () => {
    const ok = await confirmAction({
      title: t(transferText('title')),
      message: (
        <Text fz="sm">
          {t(transferText('confirm'), {
            amount: amountDue,
            email: order.customer.email,
          })}
        </Text>
      ),
      confirmLabel: t(transferText('button')),
      cancelLabel: t('common.cancel'),
      testId: 'order-bank-transfer',
    });
    if (!ok) return;
    bankTransfer.mutate(order.id, {
      onSuccess: (payment) => {
        notifySuccess(t(transferText('done'), { email: order.customer.email }));
        onBankTransfer(payment);
      },
      onError: (error) => notifyApiError(error, '', t('finances.orderActions.bankTransfer.failed')),
    });
  };

  const run = async (action: OrderAction) => {
    const ok = await confirmAction({
      title: t(`finances.orderActions.${action}.title`),
      message: (
        <Text fz="sm">
          {t(`finances.orderActions.${action}.confirm`, {
            number: order.orderNumber,
            amount: amountDue,
          })}
        </Text>
      ),
      confirmLabel: t(`finances.orderActions.${action}.button`),
      cancelLabel: t('common.cancel'),
      testId: `order-${action}`,
    });
    if (!ok) return;
    orderAction.mutate(
      { action, orderId: order.id },
      {
        onSuccess: () => notifySuccess(t(`finances.orderActions.${action}.done`)),
        onError: (error) => notifyApiError(error, '', t(`finances.orderActions.${action}.failed`)),
      },
    );
  };

  const pending = (action: OrderAction) => orderAction.isPending && orderAction.variables?.action === action;
  const nothing = order.actions.length === 0;

  return (
    <Section title={t('finances.unpaid.actions')} testId="order-actions">
      <Stack gap="sm">
        {order.complete && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            data-testid="order-complete"
          >
            {t('finances.unpaid.completeNotice')}
          </Alert>
        )}
        {has('takeCash') && (
          <Button
            {...actionButton}
            variant="light"
            color="teal"
            leftSection={<IconCash size={16} />}
            loading={pending('takeCash')}
            onClick={() => void run('takeCash')}
            data-testid="order-action-take-cash"
          >
            {t('finances.orderActions.takeCash.button')}
          </Button>
        )}
        {has('bankTransfer') && (
          <Button
            {...actionButton}
            variant="light"
            leftSection={<IconBuildingBank size={16} />}
            loading={bankTransfer.isPending}
            onClick={() => void createBankTransfer()}
            data-testid="order-action-bank-transfer"
          >
            {t(transferText('button'))}
          </Button>
        )}
        {has('samplingAtCentre') && (
          <Button
            {...actionButton}
            variant="light"
            color="cyan"
            leftSection={<IconTestPipe size={16} />}
            loading={pending('samplingAtCentre')}
            onClick={() => void run('samplingAtCentre')}
            data-testid="order-action-sampling-at-centre"
          >
            {t('finances.orderActions.samplingAtCentre.button')}
          </Button>
        )}
        {has('finalize') && (
          <Button
            {...actionButton}
            leftSection={<IconCircleCheck size={16} />}
            loading={pending('finalize')}
            onClick={() => void run('finalize')}
            data-testid="order-action-finalize"
          >
            {t('finances.orderActions.finalize.button')}
          </Button>
        )}
        {!order.complete && order.missing.includes('payment') && (
          <Text fz="xs" c="dimmed">
            {t('finances.unpaid.paymentHint')}
          </Text>
        )}
        {nothing && !order.complete && (
          <Text fz="sm" c="dimmed">
            {t('finances.unpaid.noActions')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function SampleButtons({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEditSamples = useCan(Permissions.SamplesEdit);
  const action = useSampleAction();
  if (!order.sample || !canEditSamples) return null;
  const sample = order.sample;

  const run = async (name: SampleAction) => {
    const ok = await confirmAction({
      title: t(`finances.sampleActions.${name}.title`),
      message: (
        <Text fz="sm">
          {t(`finances.sampleActions.${name}.confirm`, {
            customer: order.customerFullName,
            context: genderContext(order.customerGender),
          })}
        </Text>
      ),
      confirmLabel: t(`samples.actions.${name}`),
      cancelLabel: t('common.cancel'),
      testId: `order-sample-${name}`,
    });
    if (!ok) return;
    action.mutate(
      { action: name, samples: [{ id: sample.id, status: sample.status }] },
      {
        onSuccess: (reply) => {
          void queryClient.invalidateQueries({ queryKey: financeKeys.all });
          notifySuccess(
            name === 'send'
              ? t('finances.sampleActions.send.done', { barcode: reply.items[0]?.barcode ?? '' })
              : t('finances.sampleActions.receive.done'),
          );
        },
        onError: (error) => notifyApiError(error, '', t(`samples.actions.${name}Failed`)),
      },
    );
  };

  return sampleActionsFor(sample.status).map((name) => (
    <Button
      key={name}
      size="xs"
      variant="light"
      leftSection={name === 'send' ? <IconPackageExport size={14} /> : <IconPackageImport size={14} />}
      loading={action.isPending && action.variables?.action === name}
      onClick={() => void run(name)}
      data-testid={`order-sample-action-${name}`}
    >
      {t(`samples.actions.${name}`)}
    </Button>
  ));
}

export function UnpaidOrderViewRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useUnpaidOrder(id);
  const canViewOrders = useCan(Permissions.OrdersView);
  const paymentActions = usePaymentActions();
  const [createdTransfer, setCreatedTransfer] = useState<Payment | null>(null);

  if (!Number.isInteger(id) || id <= 0 || order.isError) {
    return (
      <RedirectWithToast
        to={paths.unpaidCustomers.list}
        message={t('finances.orders.loadFailed')}
        missing={isMissingRecord(id, order.error)}
      />
    );
  }
  if (!order.data) return <SectionLoader />;
  const o = order.data;
  const transfer = o.bankTransferPayment;

  return (
    <>
      <PageHeader
        title={<span data-testid="order-title">{t('finances.order.title', { number: o.orderNumber })}</span>}
        description={o.customerFullName}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('finances.unpaid.title'), to: paths.unpaidCustomers.list },
          { label: String(o.orderNumber) },
        ]}
        actions={
          canViewOrders && (
            <Button
              variant="default"
              component={Link}
              to={paths.orders.view(o.id)}
              leftSection={<IconListDetails size={16} />}
              data-testid="order-open-in-orders"
            >
              {t('finances.unpaid.openInOrders')}
            </Button>
          )
        }
      />
      <OrderDetails
        order={o}
        paymentActions={paymentActions}
        vouchersEditable
        sampleActions={<SampleButtons order={o} />}
        aside={
          <>
            <OrderActions order={o} onBankTransfer={setCreatedTransfer} />
            {transfer && (
              <Section title={t('finances.bankTransfer.title')} testId="order-bank-transfer">
                <BankTransferDetails payment={transfer} />
              </Section>
            )}
          </>
        }
      />
      <Modal
        opened={createdTransfer !== null}
        onClose={() => setCreatedTransfer(null)}
        title={t('finances.bankTransfer.title')}
        size="lg"
        centered
        data-testid="bank-transfer-modal"
      >
        {createdTransfer && (
          <Stack gap="md">
            <BankTransferDetails payment={createdTransfer} />
            <Button
              onClick={() => setCreatedTransfer(null)}
              data-testid="bank-transfer-close"
              style={{ alignSelf: 'flex-end' }}
            >
              {t('common.close')}
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}

export const Component = UnpaidOrderViewRoute;
