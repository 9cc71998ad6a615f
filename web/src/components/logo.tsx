import { Group, type MantineBreakpoint, Text, ThemeIcon } from '@mantine/core';
import { IconDna2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The mark and the product's name; `nameFrom` shows the name only from that breakpoint up. */
export function Logo({ size = 'md', nameFrom }: { size?: 'md' | 'lg'; nameFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon
        size={large ? 44 : 34}
        radius="md"
        variant="gradient"
        gradient={{ from: 'teal.7', to: 'cyan.6', deg: 135 }}
      >
        <IconDna2 size={large ? 26 : 20} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={large ? 26 : 19} lts={-0.3} c="dark.7" visibleFrom={nameFrom}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
