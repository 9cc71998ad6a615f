import { Anchor, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * The head of a section that shows the latest lines of a log (security log, access log): its heading
 * and description, and a link to the whole log filtered to what the section is about.
 */
export function LogSectionHeader({
  headingId,
  order,
  size,
  title,
  description,
  allTo,
  allLabel,
  allTestId,
}: {
  headingId: string;
  order: TitleOrder;
  size?: string;
  title: string;
  description: string;
  allTo: string;
  allLabel: string;
  allTestId: string;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="md">
      <Stack gap={2}>
        <Title order={order} size={size} id={headingId}>
          {title}
        </Title>
        <Text fz="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      <Anchor component={Link} to={allTo} fz="sm" data-testid={allTestId}>
        <Group gap={4} wrap="nowrap">
          {allLabel}
          <IconArrowRight size={14} aria-hidden />
        </Group>
      </Anchor>
    </Group>
  );
}
