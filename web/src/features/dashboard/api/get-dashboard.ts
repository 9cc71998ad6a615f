import type { Dashboard } from '@genodesk/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAppConfig } from '@/features/auth/api/get-config';
import { api } from '@/lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('admin/dashboard', undefined, { signal });
}

export const dashboardQueryOptions = (pollIntervalMs?: number) =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
    refetchInterval: pollIntervalMs,
    // Staff leave the dashboard open in a tab: coming back to it shows the current queue.
    refetchOnWindowFocus: true,
  });

/** The signed-in user's work queue, refreshed as often as the user is polled. */
export function useDashboard() {
  const { userPollIntervalMs } = useAppConfig();
  return useQuery(dashboardQueryOptions(userPollIntervalMs));
}
