import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** Public client settings (`GET api/config`); tests shorten the times. */
export interface AppConfig {
  idleTimeoutMs: number;
  idleCountdownMs: number;
  userPollIntervalMs: number;
  /** The laboratory's name (`COMPANY_NAME`), shown on the public verification page. */
  laboratory: string;
}

/** SPEC §9 values, used until (or if) the server answers. */
export const defaultAppConfig: AppConfig = {
  idleTimeoutMs: 1_200_000,
  idleCountdownMs: 30_000,
  userPollIntervalMs: 30_000,
  laboratory: '',
};

export async function getConfig(): Promise<AppConfig> {
  try {
    const config = await api.get<Partial<AppConfig>>('config', undefined, { auth: false });
    return { ...defaultAppConfig, ...config };
  } catch {
    return defaultAppConfig;
  }
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: authKeys.config(), queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export function useAppConfig(): AppConfig {
  return useQuery(configQueryOptions()).data ?? defaultAppConfig;
}
