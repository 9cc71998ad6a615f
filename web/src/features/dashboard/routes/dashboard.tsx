import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconArrowRight, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { navGroups, visibleNav } from '@/config/navigation';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { formatLongDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

function greetingKey(hour: number): string {
  if (hour < 10) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.day';
  return 'dashboard.greeting.evening';
}

function AreaCard({
  to,
  icon: ItemIcon,
  title,
  description,
  group,
  testId,
}: {
  to: string;
  icon: Icon;
  title: string;
  description: string;
  group?: string;
  testId: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} data-testid={testId}>
      <Card withBorder radius="md" p="lg" h="100%" className="gd-area-card">
        <Group justify="space-between" align="flex-start" mb="md">
          <ThemeIcon size={44} radius="md" variant="light">
            <ItemIcon size={24} stroke={1.6} />
          </ThemeIcon>
          <IconArrowRight size={18} color="var(--mantine-color-gray-5)" />
        </Group>
        {group && (
          <Text fz={11} tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            {group}
          </Text>
        )}
        <Text fw={700} fz="lg">
          {title}
        </Text>
        <Text c="dimmed" fz="sm" mt={4}>
          {description}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

export function DashboardRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const user = useCurrentUser();
  if (!user) return <SectionLoader />;
  const groups = visibleNav(navGroups, user.permissions);
  const name = user.userName || user.email;

  return (
    <Stack gap="xl">
      <Card
        radius="lg"
        p="xl"
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-teal-7), var(--mantine-color-cyan-6))',
          color: 'white',
        }}
        data-testid="dashboard-greeting"
      >
        <Stack gap={6}>
          <Text fz="sm" opacity={0.85}>
            {formatLongDate(new Date(), locale)}
          </Text>
          <Title order={1} fz={30} c="white">
            {t(greetingKey(new Date().getHours()), { name })}
          </Title>
          <Group gap="xs">
            <Text opacity={0.9}>{t('dashboard.signedInAs')}</Text>
            <Badge
              color="white"
              variant="white"
              c="teal.8"
              radius="sm"
              tt="none"
              fw={700}
              data-testid="dashboard-role"
            >
              {user.role.name}
            </Badge>
          </Group>
        </Stack>
      </Card>
      <Stack gap="sm">
        <Title order={3}>{t('dashboard.areas')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {groups.flatMap((group) =>
            group.items.map((item) => (
              <AreaCard
                key={item.key}
                to={item.to}
                icon={item.icon}
                title={t(item.label)}
                description={t(item.description)}
                group={t(group.label)}
                testId={`dashboard-card-${item.key}`}
              />
            )),
          )}
          <AreaCard
            to={paths.profile}
            icon={IconUserCircle}
            title={t('profile.title')}
            description={t('dashboard.profileDescription')}
            testId="dashboard-card-profile"
          />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

export const Component = DashboardRoute;
