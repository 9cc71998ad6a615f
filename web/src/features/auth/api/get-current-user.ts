import type { CurrentUser } from '@genodesk/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useHasToken } from '@/lib/tokens';
import { useAppConfig } from './get-config';
import { authKeys } from './keys';

export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get<CurrentUser>('auth/user', undefined, { signal });
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

/** The signed-in user; only for screens behind the guard, where it is always loaded. */
export function useCurrentUser(): CurrentUser | null {
  return useCurrentUserQuery().data ?? null;
}

export function usePermissions(): readonly string[] {
  return useCurrentUser()?.permissions ?? [];
}

export function useCan(...required: string[]): boolean {
  const held = usePermissions();
  return required.every((p) => held.includes(p));
}
