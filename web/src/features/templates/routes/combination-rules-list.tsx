import type { CombinationRule } from '@genodesk/contract/combination-rules';
import { Permissions } from '@genodesk/contract/permissions';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCombinationRules, useDeleteCombinationRule } from '../api/combination-rules';
import { ClinicalWeightBadge, RiskBadge } from '../components/badges';
import { localName, localPhenotype } from '../components/labels';

/**
 * The combination rules: findings over several phenotypes together (e.g. factor V Leiden with
 * prothrombin G20210A), each with its own risk and text; reports follow at generation or reanalysis.
 */
export function CombinationRulesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canCreate = useCan(Permissions.TemplatesCreate);
  const canEdit = useCan(Permissions.TemplatesEdit);
  const list = useListParams([], { sort: 'name' });
  const { params } = list;
  const rules = useCombinationRules({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
  });
  const remove = useDeleteCombinationRule();

  const deleteRule = async (rule: CombinationRule) => {
    const name = localName(rule, locale);
    const confirmed = await confirmAction({
      title: t('combinationRules.delete.title'),
      message: t('combinationRules.delete.message', { name }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'combination-rule-delete',
    });
    if (!confirmed) return;
    remove.mutate(rule.id, {
      onSuccess: () => notifySuccess(t('combinationRules.delete.done', { name })),
      onError: (error) => notifyApiError(error, '', t('combinationRules.delete.failed')),
    });
  };

  const columns: DataTableColumn<CombinationRule>[] = [
    {
      key: 'name',
      header: t('combinationRules.fields.name'),
      sortField: 'name',
      render: (rule) => (
        <Text fz="sm" fw={600} data-testid="combination-rule-name">
          {localName(rule, locale)}
        </Text>
      ),
    },
    {
      key: 'conditions',
      priority: 2,
      header: t('combinationRules.fields.conditions'),
      render: (rule) => (
        <Stack gap={2}>
          {rule.conditions.map((condition) => (
            <Text key={condition.geneCombinationId} fz="sm">
              {localPhenotype(condition, locale)}
              <Text span fz="xs" c="dimmed" ff="monospace">
                {` · ${condition.templates.map((template) => template.genotypes).join(' | ')}`}
              </Text>
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'risk',
      priority: 2,
      header: t('combinationRules.fields.risk'),
      sortField: 'risk',
      width: 180,
      render: (rule) => <RiskBadge risk={rule.risk} />,
    },
    {
      key: 'clinicalWeight',
      priority: 3,
      header: t('templates.fields.clinicalWeight'),
      width: 220,
      render: (rule) => (
        <ClinicalWeightBadge weight={rule.clinicalWeight} testId="combination-rule-clinical-weight" />
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (rule) =>
        canEdit && (
          <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                component={Link}
                to={paths.combinationRules.edit(rule.id)}
                aria-label={t('common.edit')}
                data-testid={`combination-rule-edit-${rule.id}`}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('common.delete')}
                onClick={() => void deleteRule(rule)}
                data-testid={`combination-rule-delete-${rule.id}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('combinationRules.title')}
        description={t('combinationRules.description')}
        breadcrumbs={[{ label: t('nav.groups.templates') }, { label: t('combinationRules.title') }]}
        actions={
          canCreate && (
            <Button
              component={Link}
              to={paths.combinationRules.create}
              leftSection={<IconPlus size={16} />}
              data-testid="combination-rule-create"
            >
              {t('combinationRules.create')}
            </Button>
          )
        }
      />
      <DataTable
        testId="combination-rules-table"
        columns={columns}
        data={rules.data}
        loading={rules.isFetching}
        error={rules.error ? (isApiError(rules.error) ? rules.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(rule) => rule.id}
        onRowClick={canEdit ? (rule) => navigate(paths.combinationRules.edit(rule.id)) : undefined}
        searchPlaceholder={t('combinationRules.searchPlaceholder')}
        emptyText={t('combinationRules.empty')}
      />
    </>
  );
}

export const Component = CombinationRulesListRoute;
