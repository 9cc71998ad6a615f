import type {
  CreateMoneyVoucherRequest,
  CreateProductVoucherRequest,
  CreateVouchersReply,
} from '@genodesk/contract/vouchers';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useCreateMoneyVouchers } from '../api/create-money-vouchers';
import { useCreateProductVouchers } from '../api/create-product-vouchers';
import { createdTarget, useRouteVoucherKind } from '../components/labels';
import { VoucherCreateForm } from '../components/voucher-create-form';

export function VoucherCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = useRouteVoucherKind();
  const money = useCreateMoneyVouchers();
  const product = useCreateProductVouchers();
  const mutation = kind === 'money' ? money : product;
  const title = kind === 'money' ? t('vouchers.createMoneyTitle') : t('vouchers.createProductTitle');

  return (
    <>
      <PageHeader
        title={title}
        description={t('vouchers.createDescription')}
        breadcrumbs={[
          { label: t('nav.groups.finances') },
          { label: t('vouchers.title'), to: paths.vouchers.list },
          { label: title },
        ]}
      />
      <VoucherCreateForm
        key={kind}
        kind={kind}
        submitting={mutation.isPending}
        onCancel={() => navigate(paths.vouchers.list)}
        onSubmit={(values, applyServerErrors) => {
          const done = {
            onSuccess: (reply: CreateVouchersReply) => {
              notifySuccess(
                reply.count === 1
                  ? t('vouchers.created', { code: reply.vouchers[0]?.code ?? values.Code })
                  : t('vouchers.createdBatch', { number: reply.count, prefix: values.Code }),
              );
              navigate(createdTarget(kind, values.Code, reply), { replace: true });
            },
            onError: (error: unknown) => {
              if (!applyServerErrors(error)) notifyApiError(error, '', t('vouchers.createFailed'));
            },
          };
          if (kind === 'money') money.mutate(values as CreateMoneyVoucherRequest, done);
          else product.mutate(values as CreateProductVoucherRequest, done);
        }}
      />
    </>
  );
}

export const Component = VoucherCreateRoute;
