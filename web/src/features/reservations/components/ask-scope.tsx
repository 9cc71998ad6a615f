import type { ReservationScope } from '@genodesk/contract/reservations';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/**
 * "This one or the whole rest of the series?" — null when the user goes back. `change` says what moves
 * (old → new time). "Only this one" is the default, as in the calendars people know.
 */
export function askScope(
  t: TFunction,
  message: string,
  change?: { from: string; to: string },
): Promise<ReservationScope | null> {
  return new Promise((resolve) => {
    const id = 'reservation-scope';
    let answered = false;
    const answer = (scope: ReservationScope | null) => {
      if (answered) return;
      answered = true;
      modals.close(id);
      resolve(scope);
    };
    modals.open({
      modalId: id,
      title: t('reservations.calendar.scopeTitle'),
      centered: true,
      onClose: () => answer(null),
      children: (
        <Stack gap="md" data-testid="reservation-scope">
          <Text fz="sm">{message}</Text>
          {change && (
            <Text fz="sm" fw={600} data-testid="reservation-scope-change">
              {t('reservations.calendar.scopeChange', change)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => answer(null)} data-testid="reservation-scope-back">
              {t('reservations.calendar.back')}
            </Button>
            <Button variant="light" onClick={() => answer('series')} data-testid="reservation-scope-series">
              {t('reservations.calendar.scopeSeries')}
            </Button>
            <Button onClick={() => answer('one')} data-autofocus data-testid="reservation-scope-one">
              {t('reservations.calendar.scopeOne')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
