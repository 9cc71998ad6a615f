import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function DetailItem({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={4}>
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
        {label}
      </Text>
      <Text fz="sm" component="div" className="gd-detail-value" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}
