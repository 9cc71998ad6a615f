import { type ProductSection, ProductStatus } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import type { ProductListItem } from '@genodesk/contract/products';
import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { EmailAddress } from '@/components/email-address';
import { LongName } from '@/components/long-name';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime, genderContext, nameIn } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useProducts } from '../api/get-products';
import { productKeys } from '../api/keys';
import { settleMoves, type TrackedMove } from './move-tracking';
import { ProductStatusBadge, productSectionName, productStatusName } from './product-status-badge';
import { ReanalyseAllButton, ReanalysisProgress } from './reanalyse-all';
import { moveKey, movesFrom, sectionPaths } from './sections';
import { moveIcons, useRequestMove } from './use-move';

const filterNames = ['status', 'requiresInspection'] as const;

const titleKeys: Record<ProductSection, { title: string; description: string }> = {
  results: { title: 'products.title', description: 'products.description' },
  doctorSection: { title: 'products.doctorSectionTitle', description: 'products.doctorSectionDescription' },
  archive: { title: 'products.archiveTitle', description: 'products.archiveDescription' },
};

/** The pending move of a row, shown instead of its move actions. */
function PendingBadge({ to }: { to: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Badge variant="dot" color="violet" tt="none" data-testid="product-pending">
      {t('products.pendingMove', { section: productSectionName(to, locale) })}
    </Badge>
  );
}

/** One list for the three sections (results, doctor section, archive): paged, sorted, searched, with moves. */
export function ProductsList({ section }: { section: ProductSection }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan(Permissions.ProductsEdit);
  const list = useListParams(filterNames, { sort: '-generatedAt' });
  const { params } = list;
  const move = useRequestMove();
  const tracked = useRef(new Map<number, TrackedMove>());
  const [tracking, setTracking] = useState(0);
  const here = sectionPaths[section];

  const products = useProducts(
    {
      section,
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      search: params.search,
      status: params.filters.status,
      requiresInspection: params.filters.requiresInspection,
    },
    locale,
    tracking > 0,
  );

  // A move is done when its row has left the list; a row back in its section without a pending move failed.
  useEffect(() => {
    const data = products.data;
    if (!data || products.isPlaceholderData) return;
    for (const move of settleMoves(tracked.current, data.items, products.dataUpdatedAt)) {
      const key = moveKey(move.from, move.to);
      if (move.ok) {
        notifySuccess(
          t(`products.moves.done.${move.to}`, { name: move.name, context: genderContext(move.gender) }),
          t(`products.moves.${key}`),
        );
        void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      } else notifyError(t(`products.moves.failed.${key}`), move.name);
    }
    setTracking(tracked.current.size);
  }, [products.data, products.isPlaceholderData, products.dataUpdatedAt, queryClient, t]);

  const requestMove = async (row: ProductListItem, to: ProductSection) => {
    const accepted = await move.request(row, to);
    if (!accepted) return;
    tracked.current.set(row.id, {
      from: row.section,
      to,
      name: row.customerName,
      gender: row.customerGender,
      since: Date.now(),
    });
    setTracking(tracked.current.size);
  };

  const columns: DataTableColumn<ProductListItem>[] = [
    {
      key: 'customerName',
      header: t('products.fields.customer'),
      sortField: 'customerName',
      render: (p) => (
        <div>
          <Anchor
            component={Link}
            to={paths.customers.view(p.customerId)}
            fz="sm"
            fw={600}
            onClick={(e) => e.stopPropagation()}
          >
            <LongName>{p.customerName}</LongName>
          </Anchor>
          <Text fz="xs" c="dimmed">
            <EmailAddress email={p.customerEmail} />
          </Text>
        </div>
      ),
    },
    {
      key: 'barcode',
      priority: 2,
      header: t('products.fields.barcodeAndType'),
      render: (p) => (
        <div>
          <Text ff="monospace" fz="sm" data-testid="product-barcode">
            {p.barcode ?? '—'}
          </Text>
          <Text fz="xs" c="dimmed">
            {p.productType ? nameIn(p.productType.name, p.productType.nameEn, locale) : '—'}
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('products.fields.status'),
      sortField: 'status',
      width: 210,
      render: (p) => (
        <Stack gap={4} align="flex-start">
          <ProductStatusBadge status={p.status} />
          {p.requiresInspection && (
            <Tooltip label={t('products.inspectionHint')} multiline w={300}>
              <Group gap={4} wrap="nowrap" data-testid="product-inspection">
                <IconAlertTriangle
                  size={14}
                  color="var(--mantine-color-orange-6)"
                  style={{ flexShrink: 0 }}
                />
                <Text fz="xs" fw={600} c="orange.8">
                  {t('products.fields.requiresInspection')}
                </Text>
              </Group>
            </Tooltip>
          )}
          {p.pendingSection && <PendingBadge to={p.pendingSection} />}
        </Stack>
      ),
    },
    {
      key: 'pairedPhenotypesCount',
      priority: 3,
      header: t('products.fields.pairedPhenotypes'),
      sortField: 'pairedPhenotypesCount',
      align: 'right',
      render: (p) => p.pairedPhenotypesCount,
    },
    {
      key: 'generatedAt',
      priority: 3,
      header: t('products.fields.generatedAt'),
      sortField: 'generatedAt',
      render: (p) => (
        <Text fz="sm" title={formatDateTime(p.generatedAt, locale)} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(p.generatedAt, locale)}
        </Text>
      ),
    },
    {
      key: 'publishedAt',
      priority: 2,
      header: t('products.fields.publishedAndDoctor'),
      sortField: 'publishedAt',
      render: (p) => (
        <div>
          <Text fz="sm" title={formatDateTime(p.publishedAt, locale)} style={{ whiteSpace: 'nowrap' }}>
            {formatDate(p.publishedAt, locale)}
          </Text>
          {p.doctor && (
            <Text fz="xs" c="dimmed" data-testid="product-doctor">
              {p.doctor.userName}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (p) => {
        const pending = Boolean(p.pendingSection) || (move.pending && move.variables?.ProductId === p.id);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            {canEdit &&
              movesFrom(p.section).map((to) => {
                const key = moveKey(p.section, to);
                const Icon = moveIcons[key] ?? IconAlertTriangle;
                return (
                  <Tooltip key={to} label={t(`products.moves.${key}`)}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={pending}
                      onClick={() => void requestMove(p, to)}
                      aria-label={t(`products.moves.${key}`)}
                      data-testid={`product-move-${to}-${p.id}`}
                    >
                      <Icon size={18} />
                    </ActionIcon>
                  </Tooltip>
                );
              })}
            <RowActions
              testIdPrefix="product"
              id={p.id}
              viewTo={here.view(p.id)}
              editTo={canEdit && here.edit && !pending ? here.edit(p.id) : undefined}
            />
          </Group>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={t(titleKeys[section].title)}
        description={t(titleKeys[section].description)}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: t(titleKeys[section].title) }]}
        actions={section === 'results' && canEdit ? <ReanalyseAllButton /> : undefined}
      />
      {section === 'results' && <ReanalysisProgress />}
      <DataTable
        testId="products-table"
        columns={columns}
        data={products.data}
        loading={products.isFetching && !tracking && !products.data?.items.some((p) => p.pendingSection)}
        error={
          products.error
            ? isApiError(products.error)
              ? products.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(p) => p.id}
        onRowClick={(p) => navigate(here.view(p.id))}
        searchPlaceholder={t('products.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="status"
              placeholder={t('products.filters.anyStatus')}
              aria-label={t('products.fields.status')}
              data={Object.values(ProductStatus).map((s) => ({
                value: String(s),
                label: productStatusName(s, locale),
              }))}
              data-testid="products-filter-status"
            />
            <FilterSelect
              list={list}
              name="requiresInspection"
              placeholder={t('products.filters.anyInspection')}
              aria-label={t('products.fields.requiresInspection')}
              data={[
                { value: 'true', label: t('products.filters.inspectionRequired') },
                { value: 'false', label: t('products.filters.inspectionNotRequired') },
              ]}
              data-testid="products-filter-inspection"
            />
          </>
        }
      />
    </>
  );
}
