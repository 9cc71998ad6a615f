import type { ReservationScope } from '@genodesk/contract/reservations';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/** "This one or the whole rest of the series?" — null when the user goes back. */
export function askScope(t: TFunction, message: string): Promise<ReservationScope | null> {
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => answer(null)} data-testid="reservation-scope-back">
              {t('reservations.calendar.back')}
            </Button>
            <Button variant="light" onClick={() => answer('one')} data-testid="reservation-scope-one">
              {t('reservations.calendar.scopeOne')}
            </Button>
            <Button onClick={() => answer('series')} data-testid="reservation-scope-series">
              {t('reservations.calendar.scopeSeries')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
