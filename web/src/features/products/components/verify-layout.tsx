import { Anchor, Box, Container, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconLogin2, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/features/auth/api/get-config';

/** A link with its icon before the words. */
const linkStyle = { display: 'inline-flex', alignItems: 'center', gap: 4 } as const;

/**
 * The frame of the document check (issue 35), outside the app's shell: anyone may open it from the QR
 * code on a report PDF. The laboratory's name, the language switch, and a way in for staff (or back
 * to the app when signed in).
 */
export function VerifyLayout({ staff, children }: { staff: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { laboratory } = useAppConfig();
  const location = useLocation();
  return (
    <Box mih="100vh" bg="gray.0" data-testid="verify-page">
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="verify-header"
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon
                size={38}
                radius="md"
                variant="gradient"
                gradient={{ from: 'teal.7', to: 'cyan.6', deg: 135 }}
              >
                <IconShieldCheck size={22} stroke={1.8} aria-hidden />
              </ThemeIcon>
              <Stack gap={0}>
                <Text fw={700} fz="lg" data-testid="verify-laboratory">
                  {laboratory || t('app.name')}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('products.verify.public.service')}
                </Text>
              </Stack>
            </Group>
            <Group gap="md" wrap="wrap">
              <LanguageSwitch />
              {staff ? (
                <Anchor
                  component={Link}
                  to={paths.dashboard}
                  fz="sm"
                  style={linkStyle}
                  data-testid="verify-back-to-app"
                >
                  <IconArrowLeft size={16} aria-hidden />
                  {t('products.verify.public.backToApp')}
                </Anchor>
              ) : (
                <Anchor
                  component={Link}
                  to={`${paths.login}?${new URLSearchParams({ from: location.pathname })}`}
                  fz="sm"
                  style={linkStyle}
                  data-testid="verify-staff-sign-in"
                >
                  <IconLogin2 size={16} aria-hidden />
                  {t('products.verify.public.staffSignIn')}
                </Anchor>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Container size="lg" py="xl">
          {children}
        </Container>
      </Box>
    </Box>
  );
}
