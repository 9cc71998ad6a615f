import '@mantine/notifications/styles.css';
import { AppShell, Burger, Flex, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ColumnChoiceOwner } from '@/components/data-table/column-choice';
import { LocaleDatesProvider } from '@/components/dates/dates-provider';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { NotFoundScreen } from '@/components/not-found';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/features/auth/api/get-config';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useLogout } from '@/features/auth/api/logout';
import { loginPath } from '@/features/auth/return-to';
import { BarcodeScanner } from '@/features/search/components/barcode-scanner';
import { GlobalSearch, SearchButton, useCanSearch } from '@/features/search/components/global-search';
import { useRouteChain } from '../root-route';
import { IdleWatcher } from './idle-watcher';
import { Navbar } from './navbar';
import { UserMenu } from './user-menu';

/** The signed-in shell: header, grouped navbar, idle watcher. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const user = useCurrentUser();
  const config = useAppConfig();
  const logout = useLogout();
  const location = useLocation();
  const chain = useRouteChain();
  const canSearch = useCanSearch();

  if (!user) {
    // Only the 404 route is let through without a session.
    return chain.some((h) => h.notFound) ? <NotFoundScreen fullPage /> : null;
  }

  const signOut = (to: string) => logout.mutate({ to });

  // The calendars (and dayjs) are only on the shell's screens: the sign-in does not load them.
  return (
    <LocaleDatesProvider>
      <ModalsProvider>
        <Notifications position="bottom-right" />
        <a href="#main-content" className="skip-link" data-testid="skip-link">
          {t('nav.skipToContent')}
        </a>
        <AppShell
          header={{ height: 64 }}
          navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
          padding={{ base: 'md', sm: 'xl' }}
          styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
        >
          <AppShell.Header px="md" style={{ display: 'flex', alignItems: 'center' }}>
            <Group justify="space-between" w="100%" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={t('nav.toggle')}
                />
                {/* On a phone the mark alone: the name would push the user's menu off the screen. */}
                <Logo nameFrom="xs" />
              </Group>
              <Flex gap={{ base: 'xs', sm: 'md' }} align="center" wrap="nowrap">
                {canSearch && <SearchButton />}
                <LanguageSwitch />
                <UserMenu user={user} onLogout={() => signOut(paths.login)} />
              </Flex>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar>
            <Navbar permissions={user.permissions} onNavigate={close} />
          </AppShell.Navbar>
          <AppShell.Main id="main-content" tabIndex={-1}>
            <div style={{ maxWidth: 1280, margin: '0 auto' }}>
              <ColumnChoiceOwner value={user.id}>
                <Outlet />
              </ColumnChoiceOwner>
            </div>
          </AppShell.Main>
          {canSearch && <GlobalSearch />}
          <BarcodeScanner />
          <IdleWatcher
            timeoutMs={config.idleTimeoutMs}
            countdownMs={config.idleCountdownMs}
            onExpire={() => signOut(loginPath(location.pathname + location.search, 'idle'))}
          />
        </AppShell>
      </ModalsProvider>
    </LocaleDatesProvider>
  );
}

export const Component = AppLayout;
