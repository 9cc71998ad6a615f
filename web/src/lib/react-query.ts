import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const noRetryStatuses = new Set([400, 401, 403, 404, 409, 422, 429]);

let mustChangePasswordHandler: () => void = () => {};

/** Called when the API refuses a call because the user has to choose a new password first. */
export function setMustChangePasswordHandler(handler: () => void): void {
  mustChangePasswordHandler = handler;
}

function onError(error: unknown) {
  if (isApiError(error) && error.code === 'MUST_CHANGE_PASSWORD') mustChangePasswordHandler();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(isApiError(error) && noRetryStatuses.has(error.status)) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
