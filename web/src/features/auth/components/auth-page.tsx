import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';

/** The frame of the screens shown outside the shell (login, the steps of a sign-in). */
export function AuthPage({
  children,
  testId,
  width = 420,
}: {
  children: ReactNode;
  testId: string;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-teal-1), transparent 60%), radial-gradient(900px 500px at 110% 110%, var(--mantine-color-cyan-1), transparent 60%), var(--mantine-color-gray-0)',
      }}
      data-testid={testId}
    >
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center px="md" pb={64} mih="calc(100vh - 140px)">
        <Stack w="100%" maw={width} gap="lg">
          <Stack align="center" gap={6}>
            <Logo size="lg" />
            <Text c="dimmed" fz="sm">
              {t('app.tagline')}
            </Text>
          </Stack>
          <Paper withBorder shadow="md" radius="lg" p={32}>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
