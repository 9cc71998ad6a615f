import type { Permission } from '@genodesk/contract/permissions';

/** Metadata every route carries in `handle` (ARCHITECTURE §6). */
export interface RouteHandle {
  /** e.g. admin.users.view */
  name: string;
  /** i18n key of the page title */
  title?: string;
  /** all required */
  permissions?: readonly Permission[];
  /** at least one required (e.g. results: Results.View or Results.Upload) */
  anyPermissions?: readonly Permission[];
  /** where a failed check sends the user */
  fallback?: 'login' | 'dashboard';
  /** reachable without signing in (login) */
  public?: boolean;
  /** the catch-all 404 route */
  notFound?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
  );
}
