import { Permissions } from '@genodesk/contract/permissions';
import { Button } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { useOrder } from '../api/get-order';
import { OrderDetails } from '../components/order-details';
import { usePaymentActions } from '../components/use-payment-actions';

/** The order detail records refunds of overpayments; the other payment actions are the unprocessed view's. */
const refundOnly = ['markRefunded'] as const;

export function OrderViewRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useOrder(id);
  const canProcess = useCan(Permissions.UnpaidCustomersView);
  const refundActions = usePaymentActions(refundOnly);

  if (!Number.isInteger(id) || id <= 0 || order.isError) {
    return (
      <RedirectWithToast
        to={paths.orders.list}
        message={t('finances.orders.loadFailed')}
        missing={isMissingRecord(id, order.error)}
      />
    );
  }
  if (!order.data) return <SectionLoader />;
  const o = order.data;
  return (
    <>
      <PageHeader
        title={<span data-testid="order-title">{t('finances.order.title', { number: o.orderNumber })}</span>}
        description={o.customerFullName}
        breadcrumbs={[
          { label: t('nav.groups.finances') },
          { label: t('finances.orders.title'), to: paths.orders.list },
          { label: String(o.orderNumber) },
        ]}
        actions={
          canProcess &&
          !o.complete && (
            <Button
              component={Link}
              to={paths.unpaidCustomers.view(o.id)}
              leftSection={<IconReceipt size={16} />}
              data-testid="order-process"
            >
              {t('finances.orders.process')}
            </Button>
          )
        }
      />
      <OrderDetails order={o} paymentActions={canProcess ? refundActions : undefined} />
    </>
  );
}

export const Component = OrderViewRoute;
