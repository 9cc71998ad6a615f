import { Permissions } from '@genodesk/contract/permissions';
import type { RoleSummary } from '@genodesk/contract/users';
import { ActionIcon, Alert, Badge, Card, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type DataTableColumn, FitTable, useFitColumns } from '@/components/data-table/fit-table';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { useLocale } from '@/lib/use-locale';
import { useRoles } from '../api/get-roles';

export function RolesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canEdit = useCan(Permissions.RolesEdit);
  const roles = useRoles(locale);
  const columns: DataTableColumn<RoleSummary>[] = [
    {
      key: 'name',
      header: t('roles.fields.name'),
      render: (role) => (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size={32}>
            <IconShieldLock size={18} />
          </ThemeIcon>
          <Text fw={600} fz="sm">
            {role.name}
          </Text>
        </Group>
      ),
    },
    {
      key: 'permissionCount',
      header: t('roles.fields.permissionCount'),
      align: 'right',
      priority: 3,
      render: (role) => (
        <Badge variant="light" radius="sm">
          {role.permissionCount}
        </Badge>
      ),
    },
    {
      key: 'userCount',
      header: t('roles.fields.userCount'),
      align: 'right',
      priority: 3,
      render: (role) => <Text fz="sm">{role.userCount}</Text>,
    },
    {
      key: 'twoFactor',
      header: t('roles.fields.twoFactor'),
      priority: 2,
      render: (role) =>
        role.requiresTwoFactor ? (
          <Badge
            variant="light"
            color="teal"
            leftSection={<IconShieldCheck size={14} />}
            data-testid="role-two-factor-state"
          >
            {t('roles.twoFactorRequired')}
          </Badge>
        ) : (
          <Text fz="sm" c="dimmed" data-testid="role-two-factor-state">
            {t('roles.twoFactorNotRequired')}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: '',
      width: 96,
      render: (role) => (
        <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          <Tooltip label={t('common.view')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              component={Link}
              to={paths.roles.view(role.id)}
              aria-label={t('common.view')}
              data-testid={`role-view-${role.id}`}
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
                to={paths.roles.edit(role.id)}
                aria-label={t('common.edit')}
                data-testid={`role-edit-${role.id}`}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
  // The roles' rows or words changed: the columns are measured again.
  const measureKey = useMemo(() => ({ rows: roles.data, locale }), [roles.data, locale]);
  const fit = useFitColumns(columns, measureKey);

  return (
    <>
      <PageHeader
        title={t('roles.title')}
        description={t('roles.description')}
        breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('roles.title') }]}
      />
      {roles.isError && <Alert color="red">{t('errors.loadFailed')}</Alert>}
      {roles.isPending ? (
        <SectionLoader />
      ) : (
        <Card withBorder radius="md" p={0} data-testid="roles-table" style={{ overflow: 'clip' }}>
          <FitTable
            fit={fit}
            rows={roles.data}
            rowKey={(role) => role.id}
            onRowClick={(role) => navigate(paths.roles.view(role.id))}
            testId="roles-table"
          />
        </Card>
      )}
    </>
  );
}

export const Component = RolesListRoute;
