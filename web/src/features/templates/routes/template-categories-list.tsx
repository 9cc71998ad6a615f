import { Permissions } from '@genodesk/contract/permissions';
import type { TemplateCategoryTreeItem } from '@genodesk/contract/templates';
import { ActionIcon, Badge, Box, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCornerDownRight, IconEye, IconFolder, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useTemplateCategories } from '../api/get-template-categories';
import { localName } from '../components/labels';

function Actions({ id, canEdit }: { id: number; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      <Tooltip label={t('common.view')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          component={Link}
          to={paths.templateCategories.show(id)}
          aria-label={t('common.view')}
          data-testid={`category-view-${id}`}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {canEdit && (
        <Tooltip label={t('common.edit')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            component={Link}
            to={paths.templateCategories.edit(id)}
            aria-label={t('common.edit')}
            data-testid={`category-edit-${id}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

const other = (ref: { name: string; nameEn: string }, locale: string) =>
  locale === 'en' ? ref.name : ref.nameEn;

/** SPEC §2: the categories as a tree — each category with its subcategories under it. */
export function TemplateCategoriesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canEdit = useCan(Permissions.TemplatesEdit);
  const list = useListParams([], { sort: 'name' });
  const { params } = list;
  const categories = useTemplateCategories({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    locale,
  });

  const columns: DataTableColumn<TemplateCategoryTreeItem>[] = [
    {
      key: 'name',
      header: t('templateCategories.fields.name'),
      sortField: locale === 'en' ? 'nameEn' : 'name',
      render: (row) => (
        <Stack gap={6}>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={30}>
              <IconFolder size={17} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fz="sm" fw={700} data-testid="category-tree-name">
                {localName(row, locale)}
              </Text>
              {other(row, locale) && (
                <Text fz="xs" c="dimmed">
                  {other(row, locale)}
                </Text>
              )}
            </Stack>
          </Group>
        </Stack>
      ),
    },
    {
      key: 'subcategories',
      priority: 2,
      header: t('templateCategories.fields.subcategories'),
      render: (row) =>
        row.subcategories.length === 0 ? (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={2} onClick={(e) => e.stopPropagation()} data-testid="category-tree-subcategories">
            {row.subcategories.map((sub) => (
              <Group
                key={sub.id}
                gap="xs"
                wrap="nowrap"
                justify="space-between"
                className="gd-tree-leaf"
                data-testid="category-tree-subcategory"
              >
                <Group gap={6} wrap="nowrap">
                  <IconCornerDownRight size={14} color="var(--mantine-color-gray-5)" />
                  <Text
                    fz="sm"
                    component={Link}
                    to={paths.templateCategories.show(sub.id)}
                    className="gd-tree-link"
                  >
                    {localName(sub, locale)}
                  </Text>
                  <Tooltip label={t('templateCategories.fields.geneCombinationCount')}>
                    <Badge size="xs" variant="light" color="gray" radius="sm">
                      {sub.geneCombinationCount}
                    </Badge>
                  </Tooltip>
                </Group>
                <Box>
                  <Actions id={sub.id} canEdit={canEdit} />
                </Box>
              </Group>
            ))}
          </Stack>
        ),
    },
    {
      key: 'geneCombinationCount',
      priority: 3,
      header: t('templateCategories.fields.geneCombinationCount'),
      sortField: 'geneCombinationCount',
      align: 'right',
      width: 140,
      render: (row) => (
        <Badge variant="light" radius="sm">
          {row.geneCombinationCount}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (row) => <Actions id={row.id} canEdit={canEdit} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('templateCategories.title')}
        description={t('templateCategories.description')}
        breadcrumbs={[{ label: t('nav.groups.templates') }, { label: t('templateCategories.title') }]}
      />
      <DataTable
        testId="categories-table"
        columns={columns}
        data={categories.data}
        loading={categories.isFetching}
        error={
          categories.error
            ? isApiError(categories.error)
              ? categories.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(row) => row.id}
        onRowClick={(row) => navigate(paths.templateCategories.show(row.id))}
        searchPlaceholder={t('templateCategories.searchPlaceholder')}
      />
    </>
  );
}

export const Component = TemplateCategoriesListRoute;
