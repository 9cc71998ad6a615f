import { Permissions } from '@genodesk/contract/permissions';
import type { ProductType } from '@genodesk/contract/producttypes';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatMoney, nameIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useProductTypes } from '../api/get-product-types';

export function ProductTypesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canCreate = useCan(Permissions.ProductTypesCreate);
  const canEdit = useCan(Permissions.ProductTypesEdit);
  const list = useListParams([], { sort: 'name' });
  const { params } = list;
  const types = useProductTypes({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
  });

  const columns: DataTableColumn<ProductType>[] = [
    {
      key: 'name',
      header: t('finances.productTypes.fields.name'),
      sortField: 'name',
      render: (p) => (
        <Text fz="sm" fw={600}>
          {nameIn(p.name, p.nameEn, locale)}
        </Text>
      ),
    },
    {
      key: 'price',
      priority: 2,
      nowrap: true,
      header: t('finances.productTypes.fields.price'),
      sortField: 'price',
      align: 'right',
      render: (p) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="product-type-row-price">
          {formatMoney(p.priceMinor, p.currency, locale)}
        </span>
      ),
    },
    {
      key: 'createdAt',
      priority: 3,
      nowrap: true,
      header: t('finances.productTypes.fields.createdAt'),
      sortField: 'createdAt',
      render: (p) => formatDateTime(p.createdAt, locale),
    },
    {
      key: 'updatedAt',
      priority: 3,
      nowrap: true,
      header: t('finances.productTypes.fields.updatedAt'),
      render: (p) => formatDateTime(p.updatedAt, locale),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (p) => (
        <RowActions
          testIdPrefix="product-type"
          id={p.id}
          viewTo={paths.productTypes.view(p.id)}
          editTo={canEdit ? paths.productTypes.edit(p.id) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('finances.productTypes.title')}
        description={t('finances.productTypes.description')}
        breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('finances.productTypes.title') }]}
        actions={
          canCreate && (
            <Button
              component={Link}
              to={paths.productTypes.create}
              leftSection={<IconPlus size={18} />}
              data-testid="product-types-create"
            >
              {t('finances.productTypes.new')}
            </Button>
          )
        }
      />
      <DataTable
        testId="product-types-table"
        columns={columns}
        data={types.data}
        loading={types.isFetching}
        error={types.error ? (isApiError(types.error) ? types.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(p) => p.id}
        onRowClick={(p) => navigate(paths.productTypes.view(p.id))}
        searchPlaceholder={t('finances.productTypes.searchPlaceholder')}
      />
    </>
  );
}

export const Component = ProductTypesListRoute;
