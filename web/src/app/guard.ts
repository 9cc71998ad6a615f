import type { AuthUser } from '@genodesk/contract/auth';
import { paths } from '@/config/paths';
import type { RouteHandle } from './route-handle';

export const CHANGE_PASSWORD_ROUTE = 'admin.changePassword';
export const SECOND_FACTOR_ROUTE = 'admin.secondFactor';
export const ENROL_TWO_FACTOR_ROUTE = 'admin.enrolTwoFactor';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * Decides whether the matched route chain (root first) may be shown to this user. A sign-in's steps
 * come first, in the API's order: the second factor, a temporary password's change, then enrolment
 * of a second factor when the role requires one. The step screens of the second factor and of
 * enrolment are open to any signed-in user (each moves on by itself when it has nothing to do, so
 * enrolment can show its recovery codes once done). Then every route's permissions must all be held,
 * and one of its `anyPermissions`; the first route that fails sends the user to its fallback.
 */
export function decideAccess(chain: readonly RouteHandle[], user: AuthUser | null): GuardDecision {
  if (chain.some((handle) => handle.public)) return { kind: 'allow' };
  const leaf = chain[chain.length - 1];
  if (!user) {
    // Unknown paths show the 404 screen even to visitors who are not signed in.
    if (leaf?.notFound) return { kind: 'allow' };
    return { kind: 'redirect', to: paths.login };
  }
  const on = (name: string) => chain.some((handle) => handle.name === name);
  if (on(SECOND_FACTOR_ROUTE)) return { kind: 'allow' };
  if (user.secondFactor === 'verify') return { kind: 'redirect', to: paths.secondFactor };
  const onChangePassword = on(CHANGE_PASSWORD_ROUTE);
  if (user.mustChangePassword && !onChangePassword) return { kind: 'redirect', to: paths.changePassword };
  if (!user.mustChangePassword && onChangePassword) return { kind: 'redirect', to: paths.dashboard };
  if (on(ENROL_TWO_FACTOR_ROUTE)) return { kind: 'allow' };
  if (user.secondFactor === 'enrol') return { kind: 'redirect', to: paths.enrolTwoFactor };
  for (const handle of chain) {
    const required = handle.permissions ?? [];
    const anyOf = handle.anyPermissions ?? [];
    const held = (permission: string) => user.permissions.includes(permission);
    if (required.every(held) && (anyOf.length === 0 || anyOf.some(held))) continue;
    return { kind: 'redirect', to: handle.fallback === 'dashboard' ? paths.dashboard : paths.login };
  }
  return { kind: 'allow' };
}

/** The page title: the deepest route's title, then the product name. */
export function pageTitle(chain: readonly RouteHandle[], translate: (key: string) => string): string {
  const titled = [...chain].reverse().find((handle) => handle.title);
  const product = translate('app.name');
  return titled?.title ? `${translate(titled.title)} · ${product}` : product;
}
