import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roomColor } from './labels';

export function RoomEnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={enabled ? 'teal' : 'gray'} data-testid="room-enabled-badge">
      {enabled ? t('reservations.rooms.enabled') : t('reservations.rooms.disabled')}
    </Badge>
  );
}

/** The room's colour swatch and name. */
export function RoomName({ name, color }: { name: string; color: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={roomColor(color)} size={14} withShadow={false} aria-hidden />
      <Text fz="sm" fw={600} component="span">
        {name}
      </Text>
    </Group>
  );
}
