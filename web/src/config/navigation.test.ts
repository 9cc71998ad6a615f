import { Permissions } from '@genodesk/contract/permissions';
import { IconUsers } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { activeNavTo, type NavGroup, navGroups, visibleNav } from './navigation';

describe('visibleNav', () => {
  it('shows only links whose permissions are all held and hides empty groups', () => {
    const result = visibleNav(navGroups, [Permissions.AdminPanelView, Permissions.UsersView]);
    expect(result.map((g) => g.key)).toEqual(['administration']);
    expect(result[0]?.items.map((i) => i.key)).toEqual(['users']);
  });

  it('shows users and roles to an administrator', () => {
    const result = visibleNav(navGroups, [Permissions.UsersView, Permissions.RolesView]);
    expect(result.flatMap((g) => g.items.map((i) => i.key))).toEqual(['users', 'roles']);
  });

  it('shows the access log only with AccessLog.View', () => {
    const keys = (held: string[]) => visibleNav(navGroups, held).flatMap((g) => g.items.map((i) => i.key));
    expect(keys([Permissions.AccessLogView])).toEqual(['accesslog']);
    expect(keys([Permissions.UsersEdit, Permissions.CustomersView])).not.toContain('accesslog');
  });

  it('hides everything without permissions', () => {
    expect(visibleNav(navGroups, [Permissions.AdminPanelView])).toEqual([]);
  });

  it('requires every listed permission of a link', () => {
    const groups: NavGroup[] = [
      {
        key: 'g',
        label: 'nav.groups.customers',
        icon: IconUsers,
        items: [
          {
            key: 'both',
            to: '/x',
            label: 'nav.users',
            icon: IconUsers,
            permissions: [Permissions.CustomersView, Permissions.CustomersEdit],
          },
        ],
      },
    ];
    expect(visibleNav(groups, [Permissions.CustomersView])).toEqual([]);
    expect(visibleNav(groups, [Permissions.CustomersView, Permissions.CustomersEdit])).toHaveLength(1);
  });

  it('keeps the group order of the spec', () => {
    expect(navGroups.map((g) => g.key)).toEqual([
      'customers',
      'reservations',
      'administration',
      'templates',
      'finances',
    ]);
  });
});

describe('activeNavTo', () => {
  it('marks the most specific link of nested paths', () => {
    const templates = navGroups.find((g) => g.key === 'templates')?.items ?? [];
    expect(activeNavTo(templates, '/templates')).toBe('/templates');
    expect(activeNavTo(templates, '/templates/show/3')).toBe('/templates');
    expect(activeNavTo(templates, '/templates/genecombinations/edit/2')).toBe('/templates/genecombinations');
    expect(activeNavTo(templates, '/templates/templatecategories')).toBe('/templates/templatecategories');
    expect(activeNavTo(templates, '/templatesx')).toBeUndefined();
  });

  it('shows the template catalogue to whoever may view templates', () => {
    const result = visibleNav(navGroups, [Permissions.TemplatesView]);
    expect(result.flatMap((g) => g.items.map((i) => i.key))).toEqual([
      'templates',
      'genecombinations',
      'combinationrules',
      'markers',
      'templatecategories',
      'reporttexts',
    ]);
  });

  it('lists the vouchers under Finances for whoever may view them', () => {
    const result = visibleNav(navGroups, [Permissions.VouchersView]);
    expect(result.map((g) => [g.key, g.items.map((i) => i.key)])).toEqual([['finances', ['vouchers']]]);
    const finances = navGroups.find((g) => g.key === 'finances')?.items ?? [];
    expect(activeNavTo(finances, '/vouchers/product/view/3')).toBe('/vouchers');
  });
});
