import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeNavTo, navGroups, visibleNav } from '@/config/navigation';
import { paths } from '@/config/paths';

export function Navbar({
  permissions,
  onNavigate,
}: {
  permissions: readonly string[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = visibleNav(navGroups, permissions);
  const activeTo = activeNavTo(
    groups.flatMap((group) => group.items),
    pathname,
  );

  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Stack gap="lg" p="md" component="nav" aria-label={t('nav.label')}>
        <NavLink
          component={Link}
          to={paths.dashboard}
          label={t('nav.dashboard')}
          leftSection={<IconLayoutDashboard size={18} stroke={1.6} />}
          active={pathname === paths.dashboard}
          onClick={onNavigate}
          data-testid="nav-dashboard"
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
        {groups.map((group) => (
          <Stack gap={2} key={group.key} data-testid={`nav-group-${group.key}`}>
            <Text tt="uppercase" fz={11} fw={700} c="dimmed" px="sm" pb={4} lts={0.6}>
              {t(group.label)}
            </Text>
            {group.items.map((item) => (
              <NavLink
                key={item.key}
                component={Link}
                to={item.to}
                label={t(item.label)}
                leftSection={<item.icon size={18} stroke={1.6} />}
                active={item.to === activeTo}
                onClick={onNavigate}
                data-testid={`nav-${item.key}`}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
