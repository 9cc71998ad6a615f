import type { PermissionItem } from '@genodesk/contract/users';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { IconEye, IconInfoCircle, IconLock, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifyUndoable } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useAddRolePermission } from '../api/add-role-permission';
import { usePermissionCatalogue } from '../api/get-permissions';
import { useRole } from '../api/get-role';
import { useRemoveRolePermission } from '../api/remove-role-permission';
import { PermissionBoard, type Side } from '../components/permission-board';
import { RoleTwoFactorSwitch } from '../components/role-two-factor-switch';

function matches(item: PermissionItem, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || item.label.toLowerCase().includes(q) || item.name.toLowerCase().includes(q);
}

export function RoleEditRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const role = useRole(id, locale);
  const catalogue = usePermissionCatalogue(locale);
  const add = useAddRolePermission(id, locale);
  const remove = useRemoveRolePermission(id, locale);
  const [search, setSearch] = useState('');
  // The editor's own role is shown, not changed (the server refuses it): another administrator does.
  const own = useCurrentUser()?.role.id === id;

  const { available, assigned } = useMemo(() => {
    const all = catalogue.data ?? [];
    const order = new Map(all.map((p, i) => [p.name, i]));
    const assignedNames = new Set((role.data?.permissions ?? []).map((p) => p.name));
    const byOrder = (a: PermissionItem, b: PermissionItem) =>
      (order.get(a.name) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.name) ?? Number.MAX_SAFE_INTEGER);
    return {
      available: all.filter((p) => !assignedNames.has(p.name) && matches(p, search)),
      assigned: [...(role.data?.permissions ?? [])].filter((p) => matches(p, search)).sort(byOrder),
    };
  }, [catalogue.data, role.data, search]);

  if (!Number.isInteger(id) || id <= 0 || role.isError) {
    return (
      <RedirectWithToast
        to={paths.roles.list}
        message={t('roles.loadFailed')}
        missing={isMissingRecord(id, role.error)}
      />
    );
  }
  if (!role.data || !catalogue.data) return <SectionLoader />;

  const notifyFailure = (text: string, detail?: string) =>
    detail ? notifyError(detail, text) : notifyError(text);

  // Each move is saved at once; its message says so and offers to take it back.
  const onMove = (item: PermissionItem, to: Side, undoing = false) => {
    const reason = (error: unknown) =>
      isApiError(error) && error.status === 422 ? error.message : undefined;
    const saved = () => {
      if (undoing) return;
      notifyUndoable(
        t(to === 'assigned' ? 'roles.added' : 'roles.removed', { name: item.label, role: role.data?.name }),
        {
          label: t('roles.undo'),
          run: () => onMove(item, to === 'assigned' ? 'available' : 'assigned', true),
          testId: 'role-undo',
        },
      );
    };
    if (to === 'assigned') {
      add.mutate(item, {
        onSuccess: saved,
        onError: (error) => notifyFailure(t('roles.addFailed'), reason(error)),
      });
    } else {
      remove.mutate(item, {
        onSuccess: saved,
        onError: (error) => notifyFailure(t('roles.removeFailed'), reason(error)),
      });
    }
  };

  return (
    <>
      <PageHeader
        title={t('roles.editTitleNamed', { name: role.data.name })}
        description={t('roles.editDescription')}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('roles.title'), to: paths.roles.list },
          { label: role.data.name, to: paths.roles.view(id) },
          { label: t('common.edit') },
        ]}
        actions={
          <Button
            variant="default"
            component={Link}
            to={paths.roles.view(id)}
            leftSection={<IconEye size={16} />}
            data-testid="role-edit-done"
          >
            {t('roles.done')}
          </Button>
        }
      />
      {own ? (
        <Alert variant="light" color="orange" icon={<IconLock size={18} />} mb="md" data-testid="role-own">
          {t('roles.ownRole')}
        </Alert>
      ) : (
        <Alert variant="light" color="teal" icon={<IconInfoCircle size={18} />} mb="md">
          {t('roles.editHint')}
        </Alert>
      )}
      <RoleTwoFactorSwitch role={role.data} locale={locale} own={own} />
      <Group mb="md">
        <TextInput
          placeholder={t('roles.filter')}
          aria-label={t('roles.filter')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          data-testid="permissions-filter"
        />
      </Group>
      <PermissionBoard available={available} assigned={assigned} onMove={onMove} disabled={own} />
    </>
  );
}

export const Component = RoleEditRoute;
