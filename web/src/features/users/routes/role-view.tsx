import { Permissions } from '@genodesk/contract/permissions';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { useLocale } from '@/lib/use-locale';
import { useRole } from '../api/get-role';

export function RoleViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const role = useRole(id, locale);
  const canEdit = useCan(Permissions.RolesEdit);

  if (!Number.isInteger(id) || id <= 0 || role.isError) {
    return (
      <RedirectWithToast
        to={paths.roles.list}
        message={t('roles.loadFailed')}
        missing={isMissingRecord(id, role.error)}
      />
    );
  }
  if (!role.data) return <SectionLoader />;

  return (
    <>
      <PageHeader
        title={role.data.name}
        description={t('roles.viewDescription')}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('roles.title'), to: paths.roles.list },
          { label: role.data.name },
        ]}
        actions={
          canEdit && (
            <Button
              component={Link}
              to={paths.roles.edit(id)}
              leftSection={<IconPencil size={16} />}
              data-testid="role-edit"
            >
              {t('roles.editPermissions')}
            </Button>
          )
        }
      />
      <Card withBorder radius="md" p="xl" data-testid="role-detail">
        <Group gap="xs" mb="lg" data-testid="role-detail-two-factor">
          <IconShieldLock size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text fz="sm" fw={600}>
            {t('roles.fields.twoFactor')}:
          </Text>
          <Badge variant="light" color={role.data.requiresTwoFactor ? 'teal' : 'gray'}>
            {role.data.requiresTwoFactor ? t('roles.twoFactorRequired') : t('roles.twoFactorNotRequired')}
          </Badge>
        </Group>
        <Group justify="space-between" mb="lg">
          <Title order={4}>{t('roles.assigned')}</Title>
          <Badge variant="light">{role.data.permissions.length}</Badge>
        </Group>
        {role.data.permissions.length === 0 ? (
          <Text c="dimmed">{t('roles.noPermissions')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {role.data.permissions.map((p) => (
              <Group key={p.name} gap="sm" wrap="nowrap" data-testid={`role-permission-${p.name}`}>
                <ThemeIcon size={24} radius="xl" variant="light">
                  <IconCheck size={14} />
                </ThemeIcon>
                <Stack gap={0}>
                  <Text fz="sm" fw={500}>
                    {p.label}
                  </Text>
                  <Text fz="xs" c="dimmed" ff="monospace">
                    {p.name}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        )}
      </Card>
    </>
  );
}

export const Component = RoleViewRoute;
