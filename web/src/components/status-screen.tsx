import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusScreenProps {
  code?: string;
  icon?: ReactNode;
  title: string;
  description: string;
  action?: { label: string; onClick: () => void; testId?: string };
  testId: string;
  fullPage?: boolean;
}

/** The one layout for 404, failed chunk loads and unexpected errors. */
export function StatusScreen({
  code,
  icon,
  title,
  description,
  action,
  testId,
  fullPage,
}: StatusScreenProps) {
  return (
    <Center mih={fullPage ? '100vh' : '60vh'} p="xl" data-testid={testId}>
      <Stack align="center" gap="md" maw={480} ta="center">
        {code ? (
          <Text
            fz={96}
            fw={800}
            lh={1}
            variant="gradient"
            gradient={{ from: 'teal.6', to: 'cyan.5', deg: 135 }}
            aria-hidden
          >
            {code}
          </Text>
        ) : (
          icon && (
            <ThemeIcon size={72} radius="xl" variant="light" color="teal">
              {icon}
            </ThemeIcon>
          )
        )}
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{description}</Text>
        {action && (
          <Button mt="sm" onClick={action.onClick} data-testid={action.testId}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
