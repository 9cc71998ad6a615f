import type { ConsultingRoom } from '@genodesk/contract/reservations';
import { Button, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { roomColor, roomHoursText } from './labels';

type View = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

/**
 * The calendar's own toolbar (the app's buttons, in the reader's language): one set of controls
 * for every calendar shown, which matters when the day is split into a column per room.
 */
export function CalendarToolbar({
  title,
  view,
  phone,
  todayShown,
  onNavigate,
  onView,
}: {
  title: string;
  view: View;
  phone: boolean;
  todayShown: boolean;
  onNavigate: (step: 'prev' | 'next' | 'today') => void;
  onView: (view: View) => void;
}) {
  const { t } = useTranslation();
  const viewOptions = [
    { value: 'timeGridDay', label: t('reservations.calendar.buttons.day') },
    { value: 'timeGridWeek', label: t('reservations.calendar.buttons.week') },
    { value: 'dayGridMonth', label: t('reservations.calendar.buttons.month') },
  ];
  return (
    <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Button.Group>
          <Button
            variant="default"
            onClick={() => onNavigate('prev')}
            aria-label={t('reservations.calendar.buttons.prev')}
            title={t('reservations.calendar.buttons.prev')}
            data-testid="calendar-prev"
            px="xs"
          >
            <IconChevronLeft size={18} aria-hidden />
          </Button>
          <Button
            variant="default"
            onClick={() => onNavigate('next')}
            aria-label={t('reservations.calendar.buttons.next')}
            title={t('reservations.calendar.buttons.next')}
            data-testid="calendar-next"
            px="xs"
          >
            <IconChevronRight size={18} aria-hidden />
          </Button>
        </Button.Group>
        <Button
          variant="default"
          onClick={() => onNavigate('today')}
          disabled={todayShown}
          data-testid="calendar-today"
        >
          {t('reservations.calendar.buttons.today')}
        </Button>
      </Group>
      <Title
        order={2}
        fz={phone ? 'md' : 'lg'}
        aria-live="polite"
        data-testid="calendar-title"
        style={phone ? { order: 3, flexBasis: '100%' } : undefined}
      >
        {title}
      </Title>
      <SegmentedControl
        aria-label={t('reservations.calendar.buttons.viewLabel')}
        data={viewOptions}
        value={view}
        onChange={(value) => onView(value as View)}
        data-testid="calendar-view"
      />
    </Group>
  );
}

/** A room column's head: the room in its colour and its surgery hours. */
export function RoomColumnHeader({ room }: { room: ConsultingRoom }) {
  const { locale } = useLocale();
  return (
    <div className="reservation-room-header">
      <Group gap={6} wrap="nowrap" justify="center">
        <span aria-hidden className="reservation-room-swatch" style={{ background: roomColor(room.color) }} />
        <Text fw={600} fz="sm" truncate title={room.name}>
          {room.name}
        </Text>
      </Group>
      {/* One line each, so every room's header is as tall and the time grids beside it line up. */}
      <Text fz="xs" c="dimmed" truncate title={`${room.doctor.userName} · ${roomHoursText(room, locale)}`}>
        {room.doctor.userName} · {roomHoursText(room, locale)}
      </Text>
    </div>
  );
}
