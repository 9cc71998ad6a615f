import { staffColors } from '@genodesk/contract/common';
import { Avatar, Text } from '@mantine/core';
import { initials } from '@/lib/format';

export function UserAvatar({ name, color, size = 32 }: { name: string; color: number; size?: number }) {
  return (
    <Avatar radius="xl" size={size} style={{ background: staffColors[color - 1] ?? staffColors[0] }}>
      <Text c="white" fz={size > 40 ? 'lg' : 'xs'} fw={600}>
        {initials(name)}
      </Text>
    </Avatar>
  );
}
