import { Permissions } from '@genodesk/contract/permissions';
import { ActionIcon, Alert, Badge, Card, Group, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
        <Card withBorder radius="md" p={0} data-testid="roles-table">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>{t('roles.fields.name')}</Table.Th>
                <Table.Th ta="right">{t('roles.fields.permissionCount')}</Table.Th>
                <Table.Th ta="right">{t('roles.fields.userCount')}</Table.Th>
                <Table.Th>{t('roles.fields.twoFactor')}</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(roles.data ?? []).map((role) => (
                <Table.Tr
                  key={role.id}
                  data-testid="roles-table-row"
                  data-row-id={role.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(paths.roles.view(role.id))}
                >
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" radius="md" size={32}>
                        <IconShieldLock size={18} />
                      </ThemeIcon>
                      <Text fw={600} fz="sm">
                        {role.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Badge variant="light" radius="sm">
                      {role.permissionCount}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text fz="sm">{role.userCount}</Text>
                  </Table.Td>
                  <Table.Td data-testid="role-two-factor-state">
                    {role.requiresTwoFactor ? (
                      <Badge variant="light" color="teal" leftSection={<IconShieldCheck size={14} />}>
                        {t('roles.twoFactorRequired')}
                      </Badge>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        {t('roles.twoFactorNotRequired')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </>
  );
}

export const Component = RolesListRoute;
