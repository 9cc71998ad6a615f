import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useEditVoucher } from '../api/edit-voucher';
import { useVoucher } from '../api/get-voucher';
import { useRouteVoucherKind } from '../components/labels';
import { VoucherEditForm } from '../components/voucher-edit-form';

/** For whom, from whom (a gift's) and the last valid day of a money or a product voucher. */
export function VoucherEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = useRouteVoucherKind();
  const id = Number(useParams().id);
  const voucher = useVoucher(kind, id);
  const edit = useEditVoucher(kind);

  if (!Number.isInteger(id) || id <= 0 || voucher.isError) {
    return (
      <RedirectWithToast
        to={paths.vouchers.list}
        message={t('vouchers.loadFailed')}
        missing={isMissingRecord(id, voucher.error)}
      />
    );
  }
  const code = voucher.data?.code;

  return (
    <>
      <PageHeader
        title={t('vouchers.editTitle')}
        description={
          code && (
            <Text span ff="monospace" fz="sm" data-testid="voucher-edit-code">
              {code}
            </Text>
          )
        }
        breadcrumbs={[
          { label: t('nav.groups.finances') },
          { label: t('vouchers.title'), to: paths.vouchers.list },
          { label: code ?? '…', to: paths.vouchers.view(kind, id) },
          { label: t('common.edit') },
        ]}
      />
      {voucher.data ? (
        <VoucherEditForm
          key={voucher.data.id}
          voucher={voucher.data}
          submitting={edit.isPending}
          onCancel={() => navigate(paths.vouchers.view(kind, id))}
          onSubmit={(values, applyServerErrors) =>
            edit.mutate(values, {
              onSuccess: () => {
                notifySuccess(t('vouchers.saved'));
                navigate(paths.vouchers.view(kind, id));
              },
              onError: (error) => {
                if (!applyServerErrors(error)) notifyApiError(error, '', t('vouchers.editFailed'));
              },
            })
          }
        />
      ) : (
        <SectionLoader />
      )}
    </>
  );
}

export const Component = VoucherEditRoute;
