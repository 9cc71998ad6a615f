import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** A request is retried by itself only when the server could not be reached or was briefly away. */
const transientStatuses = new Set([0, 502, 503, 504]);

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
        // Anything else fails at once: the screen says so in the reader's language, with a retry.
        retry: (failureCount, error) =>
          isApiError(error) && transientStatuses.has(error.status) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
