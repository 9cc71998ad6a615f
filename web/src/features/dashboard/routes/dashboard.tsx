import type { DashboardCounter } from '@genodesk/contract/dashboard';
import { Permissions } from '@genodesk/contract/permissions';
import {
  Alert,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowRight, IconMoodCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { useCan, useCurrentUser } from '@/features/auth/api/get-current-user';
import { DeliveryAlerts } from '@/features/messaging/components/delivery-alerts';
import { TodaysConsultations } from '@/features/reservations/components/todays-consultations';
import { formatLongDate, formatNumber, pragueHour } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDashboard } from '../api/get-dashboard';
import { workQueue, workQueueGroups } from '../components/work-queue';

function greetingKey(hour: number): string {
  if (hour < 10) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.day';
  return 'dashboard.greeting.evening';
}

function WorkCard({ counter }: { counter: DashboardCounter }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const item = workQueue[counter.key];
  const waiting = counter.count > 0;
  const count = `${formatNumber(counter.count, locale)}${counter.capped ? '+' : ''}`;
  return (
    <UnstyledButton component={Link} to={item.to} data-testid={`work-${counter.key}`}>
      <Card withBorder radius="md" p="lg" h="100%" className="gd-area-card">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon
            size={44}
            radius="md"
            variant="light"
            color={waiting ? (item.attention ? 'orange' : 'teal') : 'gray'}
          >
            <item.icon size={24} stroke={1.6} />
          </ThemeIcon>
          <Text
            fz={32}
            fw={700}
            lh={1}
            c={waiting ? undefined : 'dimmed'}
            data-testid={`work-${counter.key}-count`}
            data-count={counter.count}
          >
            {count}
          </Text>
        </Group>
        <Text fw={700} mt="md">
          {t(`dashboard.work.${counter.key}`)}
        </Text>
        <Group gap={4} mt={4}>
          <Text c="dimmed" fz="sm">
            {waiting ? t('dashboard.openList') : t('dashboard.nothingWaiting')}
          </Text>
          {waiting && <IconArrowRight size={14} aria-hidden />}
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function WorkQueue() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (dashboard.isError)
    return (
      <Alert color="red" title={t('dashboard.loadFailed')} data-testid="dashboard-error">
        {t('errors.loadFailed')}
      </Alert>
    );
  const counters = dashboard.data.counters;
  if (counters.length === 0)
    return (
      <Card withBorder radius="md" p="lg" data-testid="dashboard-no-work">
        <Group>
          <ThemeIcon size={44} radius="md" variant="light" color="gray">
            <IconMoodCheck size={24} stroke={1.6} />
          </ThemeIcon>
          <Text>{t('dashboard.noWork')}</Text>
        </Group>
      </Card>
    );
  return (
    <Stack gap="lg">
      {workQueueGroups.map((group) => {
        const inGroup = counters.filter((counter) => workQueue[counter.key].group === group);
        if (inGroup.length === 0) return null;
        return (
          <Stack key={group} gap="xs" component="section" aria-labelledby={`work-group-${group}`}>
            <Title order={3} fz="md" id={`work-group-${group}`}>
              {t(`dashboard.groups.${group}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
              {inGroup.map((counter) => (
                <WorkCard key={counter.key} counter={counter} />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

function Consultations() {
  const dashboard = useDashboard();
  const items = dashboard.data?.consultationsToday;
  return items ? <TodaysConsultations items={items} /> : null;
}

export function DashboardRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const user = useCurrentUser();
  // The outbox's readers hear of mail or SMS that does not go out.
  const canSeeOutbox = useCan(Permissions.BarcodesView);
  if (!user) return <SectionLoader />;
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
            {t(greetingKey(pragueHour(new Date())), { name })}
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
        <Title order={2} fz="xl">
          {t('dashboard.workTitle')}
        </Title>
        {canSeeOutbox && <DeliveryAlerts compact />}
        <WorkQueue />
      </Stack>
      <Consultations />
    </Stack>
  );
}

export const Component = DashboardRoute;
