import { type SampleStatus, sampleStatusLabels } from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useLocale } from '@/lib/use-locale';

const colors: Record<number, string> = {
  1: 'gray',
  2: 'yellow',
  3: 'blue',
  4: 'cyan',
  5: 'cyan',
  6: 'teal',
  7: 'grape',
  8: 'green',
  9: 'orange',
  10: 'cyan',
  11: 'indigo',
};

export function sampleStatusName(status: number, locale: Locale): string {
  return sampleStatusLabels[status as SampleStatus]?.[locale] ?? String(status);
}

/** A sample status by its SPEC §4 name in the UI language. */
export function SampleStatusBadge({ status }: { status: number }) {
  const { locale } = useLocale();
  const color = colors[status] ?? 'gray';
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={10} withShadow={false} />
      <Text
        fz="sm"
        fw={500}
        c={`${color}.8`}
        data-testid="sample-status"
        data-status={status}
        style={{ whiteSpace: 'nowrap' }}
      >
        {sampleStatusName(status, locale)}
      </Text>
    </Group>
  );
}
