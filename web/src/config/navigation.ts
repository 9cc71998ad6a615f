import { type Permission, Permissions } from '@genodesk/contract/permissions';
import {
  type Icon,
  IconCalendarEvent,
  IconCash,
  IconSettings,
  IconShieldLock,
  IconTemplate,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { paths } from './paths';

export interface NavItem {
  key: string;
  to: string;
  /** i18n key of the label */
  label: string;
  /** i18n key of a one-line description (dashboard cards) */
  description: string;
  icon: Icon;
  /** all required */
  permissions: readonly Permission[];
}

export interface NavGroup {
  key: string;
  /** i18n key */
  label: string;
  icon: Icon;
  items: readonly NavItem[];
}

/**
 * The navbar, grouped as SPEC §2 says. Later areas add their entries here; empty groups and links the
 * user may not open are hidden by `visibleNav`.
 */
export const navGroups: readonly NavGroup[] = [
  { key: 'customers', label: 'nav.groups.customers', icon: IconUsersGroup, items: [] },
  { key: 'reservations', label: 'nav.groups.reservations', icon: IconCalendarEvent, items: [] },
  {
    key: 'administration',
    label: 'nav.groups.administration',
    icon: IconSettings,
    items: [
      {
        key: 'users',
        to: paths.users.list,
        label: 'nav.users',
        description: 'nav.usersDescription',
        icon: IconUsers,
        permissions: [Permissions.UsersView],
      },
      {
        key: 'roles',
        to: paths.roles.list,
        label: 'nav.roles',
        description: 'nav.rolesDescription',
        icon: IconShieldLock,
        permissions: [Permissions.RolesView],
      },
    ],
  },
  { key: 'templates', label: 'nav.groups.templates', icon: IconTemplate, items: [] },
  { key: 'finances', label: 'nav.groups.finances', icon: IconCash, items: [] },
];

export function hasAll(held: readonly string[], required: readonly string[]): boolean {
  return required.every((permission) => held.includes(permission));
}

/** The groups and links a user with these permissions may open; groups left empty are dropped. */
export function visibleNav(groups: readonly NavGroup[], held: readonly string[]): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => hasAll(held, item.permissions)) }))
    .filter((group) => group.items.length > 0);
}
