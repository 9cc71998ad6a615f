import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** A request is retried by itself only when the server could not be reached or was briefly away. */
const transientStatuses = new Set([0, 502, 503, 504]);

let signInStepHandler: () => void = () => {};

/**
 * Called when the API refuses a call because a step of the sign-in is owed first: the second factor,
 * a new password, or enrolling one that the role requires (the user is reloaded; the guard goes there).
 */
export function setSignInStepHandler(handler: () => void): void {
  signInStepHandler = handler;
}

const signInStepCodes = new Set([
  'MUST_CHANGE_PASSWORD',
  'SECOND_FACTOR_REQUIRED',
  'TWO_FACTOR_ENROLMENT_REQUIRED',
]);

function onError(error: unknown) {
  if (isApiError(error) && signInStepCodes.has(error.code)) signInStepHandler();
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
