import type { CurrentUser } from '@genodesk/contract/auth';
import { staffColors } from '@genodesk/contract/common';
import { Avatar, Box, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { initials } from '@/lib/format';

export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const { t } = useTranslation();
  const color = staffColors[user.color - 1] ?? staffColors[0];
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (WCAG 2.5.3); Menu marks it as opening a menu. */}
        <UnstyledButton data-testid="user-menu" px={6} py={4}>
          <Group gap="sm" wrap="nowrap">
            <Avatar radius="xl" size={34} style={{ background: color }} c="white">
              <Text c="white" fz="sm" fw={600}>
                {initials(user.userName || user.email)}
              </Text>
            </Avatar>
            <Stack gap={0} visibleFrom="sm">
              <Text fz="sm" fw={600} lh={1.2} data-testid="user-menu-name">
                {user.userName || user.email}
              </Text>
              <Text fz="xs" c="dimmed" lh={1.2}>
                {user.role.name}
              </Text>
            </Stack>
            {/* A phone shows only the initials: the name is still read out. */}
            <Box hiddenFrom="sm">
              <VisuallyHidden>
                {user.userName || user.email} {user.role.name}
              </VisuallyHidden>
            </Box>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          component={Link}
          to={paths.profile}
          leftSection={<IconUserCircle size={16} />}
          data-testid="user-menu-profile"
        >
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={onLogout}
          data-testid="user-menu-logout"
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
