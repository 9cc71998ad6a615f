import type { TodaysConsultation } from '@genodesk/contract/reservations';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/use-locale';
import { reservationKindName, reservationTypeName, roomColor } from './labels';
import { formatPragueTime } from './prague';

/** The dashboard's section: today's consultations, the signed-in doctor's own rooms first (as the API orders them). */
export function TodaysConsultations({ items }: { items: TodaysConsultation[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="consultations-today"
      data-testid="consultations-today"
    >
      <Group justify="space-between">
        <Title order={2} fz="xl" id="consultations-today">
          {t('reservations.today.title')}
        </Title>
        <Anchor component={Link} to={paths.reservations} fz="sm">
          {t('reservations.today.openCalendar')}
        </Anchor>
      </Group>
      <Card withBorder radius="md" p="md">
        {items.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('reservations.today.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {items.map((r) => (
              <Group
                key={r.id}
                gap="sm"
                wrap="nowrap"
                data-testid="consultation-today"
                style={{ borderLeft: `4px solid ${roomColor(r.consultingRoom.color)}`, paddingLeft: 10 }}
              >
                <Text fz="sm" fw={600} w={100} style={{ flexShrink: 0 }}>
                  {formatPragueTime(r.consultationStart, locale)}–
                  {formatPragueTime(r.consultationEnd, locale)}
                </Text>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fz="sm" fw={600} truncate>
                    {r.customer ? (
                      <Anchor component={Link} to={paths.customers.view(r.customer.id)} fz="sm" fw={600}>
                        {r.customer.fullName}
                      </Anchor>
                    ) : (
                      reservationKindName(r.kind, locale)
                    )}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate>
                    {reservationTypeName(r.reservationType, locale)} · {r.consultingRoom.name} ·{' '}
                    {r.doctor.userName}
                  </Text>
                </Stack>
                {r.mine && (
                  <Badge variant="light" color="teal">
                    {t('reservations.today.mine')}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
