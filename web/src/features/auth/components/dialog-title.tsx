import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A two-factor dialog's heading, as large as the card's own. */
export function DialogTitle({ children }: { children: ReactNode }) {
  return (
    <Text fw={700} fz="lg" component="span">
      {children}
    </Text>
  );
}
