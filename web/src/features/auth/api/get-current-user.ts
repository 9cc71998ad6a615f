import type { AuthUser, CurrentUser } from '@genodesk/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useHasToken } from '@/lib/tokens';
import { useAppConfig } from './get-config';
import { authKeys } from './keys';

/** `GET auth/user`: the user, or only e-mail, name and factors while the second factor is owed. */
export function getCurrentUser(signal?: AbortSignal): Promise<AuthUser> {
  return api.get<AuthUser>('auth/user', undefined, { signal });
}

export const currentUserQueryOptions = (pollIntervalMs?: number) =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    refetchInterval: pollIntervalMs,
    refetchIntervalInBackground: true,
    staleTime: 5_000,
  });

/** The signed-in user, polled (SPEC §7: every 30 s) so role and permission changes take effect. */
export function useCurrentUserQuery() {
  const hasToken = useHasToken();
  const { userPollIntervalMs } = useAppConfig();
  return useQuery({
    ...currentUserQueryOptions(hasToken ? userPollIntervalMs : undefined),
    enabled: hasToken,
  });
}

/**
 * The signed-in user; only for screens behind the guard, where it is always loaded. Null while the
 * second factor is owed (the guard shows nothing but its screen then).
 */
export function useCurrentUser(): CurrentUser | null {
  const user = useCurrentUserQuery().data;
  return user && user.secondFactor !== 'verify' ? user : null;
}

/** Whoever is signing in, also before the second factor (its screen shows the e-mail and factors). */
export function useSignInUser(): AuthUser | null {
  return useCurrentUserQuery().data ?? null;
}

export function usePermissions(): readonly string[] {
  return useCurrentUser()?.permissions ?? [];
}

export function useCan(...required: string[]): boolean {
  const held = usePermissions();
  return required.every((p) => held.includes(p));
}
