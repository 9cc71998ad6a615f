import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { screens } from '../../../e2e/support/screens';
import { routes } from './router';

/** Every path pattern the router renders a screen for, absolute (`/customers/view/:id`). */
function screenPaths(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ?? '';
    const full = own.startsWith('/') ? own : own ? `${parent.replace(/\/$/, '')}/${own}` : parent;
    const rendersHere = route.index || route.lazy || route.Component || route.element;
    const children = route.children ? screenPaths(route.children, full) : [];
    // A parent route with an index child is the same screen; a layout route alone is none.
    const self = rendersHere && !route.children && full ? [full] : [];
    return [...self, ...children];
  });
}

describe('the accessibility check covers every screen (e2e/support/screens.ts)', () => {
  const routed = [...new Set(screenPaths(routes))].sort();
  const listed = screens.map((screen) => screen.path).sort();

  it('finds the router’s screens', () => {
    expect(routed).toContain('/customers/view/:id');
    expect(routed).toContain('/');
    expect(routed).toContain('/*');
  });

  it('lists every path of the router, and no path the router does not have', () => {
    expect(listed.filter((path) => !routed.includes(path))).toEqual([]);
    expect(routed.filter((path) => !listed.includes(path))).toEqual([]);
  });

  it('names the API list that gives each :id, and a value for every other parameter', () => {
    const unfilled = (screen: (typeof screens)[number]) =>
      (screen.path.match(/:\w+/g) ?? []).filter((param) =>
        param === ':id' ? !screen.id : !screen.params?.[param.slice(1)],
      );
    expect(screens.filter((screen) => unfilled(screen).length > 0)).toEqual([]);
  });
});
