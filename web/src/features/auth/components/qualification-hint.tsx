import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { QualifiedActState } from '../api/qualification';

/**
 * Says beside a control why the signed-in user's qualification does not allow its act (the control
 * stays in its place, inert and described by this text); nothing when it does.
 */
export function QualificationHint({
  state,
  testId,
  justify,
}: {
  state: QualifiedActState;
  testId: string;
  justify?: 'flex-start' | 'flex-end';
}) {
  if (state.allowed) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" justify={justify} mt={4}>
      <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text id={state.hintId} fz="sm" c="dimmed" data-testid={testId}>
        {state.hint}
      </Text>
    </Group>
  );
}
