import { Permissions } from '@genodesk/contract/permissions';
import { Button, Card, SimpleGrid } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { DetailItem } from '@/features/templates/components/detail-item';
import { formatDateTime, formatMoney, nameIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useProductType } from '../api/get-product-type';

export function ProductTypeViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const productType = useProductType(id);
  const canEdit = useCan(Permissions.ProductTypesEdit);

  if (!Number.isInteger(id) || id <= 0 || productType.isError) {
    return (
      <RedirectWithToast
        to={paths.productTypes.list}
        message={t('finances.productTypes.loadFailed')}
        missing={isMissingRecord(id, productType.error)}
      />
    );
  }
  if (!productType.data) return <SectionLoader />;
  const p = productType.data;

  return (
    <>
      <PageHeader
        title={<span data-testid="product-type-detail-name">{nameIn(p.name, p.nameEn, locale)}</span>}
        description={t('finances.productTypes.viewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('finances.productTypes.title'), to: paths.productTypes.list },
          { label: nameIn(p.name, p.nameEn, locale) },
        ]}
        actions={
          canEdit && (
            <Button
              component={Link}
              to={paths.productTypes.edit(p.id)}
              leftSection={<IconPencil size={16} />}
              data-testid="product-type-edit"
            >
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Card withBorder radius="md" p="xl" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <DetailItem label={t('finances.productTypes.fields.name')}>{p.name}</DetailItem>
          <DetailItem label={t('finances.productTypes.fields.nameEn')} testId="product-type-detail-name-en">
            {p.nameEn ?? '—'}
          </DetailItem>
          <DetailItem label={t('finances.productTypes.fields.price')} testId="product-type-detail-price">
            {formatMoney(p.priceMinor, p.currency, locale)}
          </DetailItem>
          <DetailItem label={t('finances.productTypes.fields.createdAt')}>
            {formatDateTime(p.createdAt, locale)}
          </DetailItem>
          <DetailItem label={t('finances.productTypes.fields.updatedAt')}>
            {formatDateTime(p.updatedAt, locale)}
          </DetailItem>
        </SimpleGrid>
      </Card>
    </>
  );
}

export const Component = ProductTypeViewRoute;
