import { Permissions } from '@genodesk/contract/permissions';
import type { User } from '@genodesk/contract/users';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
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
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useRoles } from '../api/get-roles';
import { useUsers } from '../api/get-users';
import { UserAvatar } from '../components/user-avatar';

const filterNames = ['roleId', 'active'] as const;

export function UsersListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canCreate = useCan(Permissions.UsersCreate);
  const canEdit = useCan(Permissions.UsersEdit);
  const list = useListParams(filterNames, { sort: 'email' });
  const { params } = list;
  const roles = useRoles(locale);
  const users = useUsers({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    roleId: params.filters.roleId,
    active: params.filters.active,
    locale,
  });

  const columns: DataTableColumn<User>[] = [
    {
      key: 'userName',
      header: t('users.fields.userName'),
      sortField: 'userName',
      render: (u) => (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={u.userName || u.email} color={u.color} />
          <Stack gap={0} miw={0}>
            <Text fz="sm" fw={600}>
              <LongName>{u.userName || '—'}</LongName>
            </Text>
            {u.isMainDoctor && (
              <Text fz="xs" c="teal.7">
                {t('users.fields.isMainDoctor')}
              </Text>
            )}
          </Stack>
        </Group>
      ),
    },
    {
      key: 'email',
      priority: 2,
      header: t('users.fields.email'),
      sortField: 'email',
      render: (u) => <EmailAddress email={u.email} />,
    },
    {
      key: 'role',
      priority: 2,
      header: t('users.fields.role'),
      sortField: 'role',
      render: (u) => (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
          {u.role.name}
        </Badge>
      ),
    },
    {
      key: 'lastLoginDate',
      priority: 3,
      header: t('users.fields.lastLogin'),
      sortField: 'lastLoginDate',
      render: (u) => (
        <Text fz="sm" c={u.lastLoginDate ? undefined : 'dimmed'}>
          {u.lastLoginDate ? formatDateTime(u.lastLoginDate, locale) : t('users.neverSignedIn')}
        </Text>
      ),
    },
    {
      key: 'isUserLoginActive',
      priority: 2,
      header: t('users.fields.status'),
      sortField: 'isUserLoginActive',
      render: (u) => (
        <Badge color={u.isUserLoginActive ? 'teal' : 'red'} variant="dot">
          {u.isUserLoginActive ? t('users.active') : t('users.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (u) => (
        <RowActions
          testIdPrefix="user"
          id={u.id}
          viewTo={paths.users.view(u.id)}
          editTo={canEdit ? paths.users.edit(u.id) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('users.title') }]}
        actions={
          canCreate && (
            <Button
              component={Link}
              to={paths.users.create}
              leftSection={<IconPlus size={18} />}
              data-testid="users-create"
            >
              {t('users.new')}
            </Button>
          )
        }
      />
      <DataTable
        testId="users-table"
        columns={columns}
        data={users.data}
        loading={users.isFetching}
        error={users.error ? (isApiError(users.error) ? users.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(u) => u.id}
        onRowClick={(u) => navigate(paths.users.view(u.id))}
        searchPlaceholder={t('users.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="roleId"
              placeholder={t('users.filters.allRoles')}
              aria-label={t('users.fields.role')}
              data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              data-testid="users-filter-role"
            />
            <FilterSelect
              list={list}
              name="active"
              placeholder={t('users.filters.anyStatus')}
              aria-label={t('users.fields.status')}
              data={[
                { value: 'true', label: t('users.active') },
                { value: 'false', label: t('users.inactive') },
              ]}
              data-testid="users-filter-active"
            />
          </>
        }
      />
    </>
  );
}

export const Component = UsersListRoute;
