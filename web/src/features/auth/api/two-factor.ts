import type { RecoveryCodesResponse, TotpSetup, TwoFactorStatus } from '@genodesk/contract/security';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

type Ok = { ok: true };

/** The caller's second factors and whether the role requires one (`GET auth/twofactor`). */
export function useTwoFactorStatus(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: authKeys.twoFactor(),
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('auth/twofactor', undefined, { signal }),
    enabled: options.enabled ?? true,
  });
}

/**
 * A factor added or removed: the status, and the user (whose sign-in step may have changed). Not
 * awaited: the caller shows the new recovery codes first, before the refreshed status says enrolled.
 */
function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() });
  void queryClient.invalidateQueries({ queryKey: authKeys.user() });
}

/** Why the browser's part of a passkey ceremony did not give an answer. */
export type PasskeyProblem = 'notUsed' | 'alreadyRegistered' | 'unsupported';

/** The browser (or the person) did not complete a passkey ceremony; nothing reached the server. */
export class PasskeyCeremonyError extends Error {
  readonly problem: PasskeyProblem;
  constructor(problem: PasskeyProblem) {
    super(problem);
    this.name = 'PasskeyCeremonyError';
    this.problem = problem;
  }
}

export const isPasskeyCeremonyError = (value: unknown): value is PasskeyCeremonyError =>
  value instanceof PasskeyCeremonyError;

/** Whether this browser can use passkeys at all (WebAuthn). */
export const browserSupportsPasskeys = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

function ceremonyProblem(error: unknown): PasskeyCeremonyError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return new PasskeyCeremonyError('alreadyRegistered');
  return new PasskeyCeremonyError('notUsed');
}

// The second step of a sign-in

/** The second factor given: the user (no longer waiting) and the status (a code used, a key's last use). */
function refreshAfterSignIn(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: authKeys.user() }),
    queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() }),
  ]);
}

/** `POST auth/twofactor/verify`: a code of the app or a recovery code; then the user is reloaded. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<Ok>('auth/twofactor/verify', { code }),
    onSuccess: () => refreshAfterSignIn(queryClient),
  });
}

/** Signs in with a passkey: the server's challenge, the browser's ceremony, the server's check. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!browserSupportsPasskeys()) throw new PasskeyCeremonyError('unsupported');
      const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(
        'auth/twofactor/passkey/options',
      );
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
        throw ceremonyProblem(error);
      });
      return api.post<Ok>('auth/twofactor/passkey/verify', { response });
    },
    onSuccess: () => refreshAfterSignIn(queryClient),
  });
}

// Enrolment (the profile, or the screen a role's requirement sends the user to)

/** `POST auth/twofactor/totp/setup`: a new secret and its QR code, active once confirmed. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => api.post<TotpSetup>('auth/twofactor/totp/setup') });
}

/**
 * `POST auth/twofactor/totp/confirm`: the app's first code turns it on, confirmed with the password
 * (none at a sign-in's enrolment step); a first factor brings codes.
 */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; CurrentPassword?: string }) =>
      api.post<RecoveryCodesResponse>('auth/twofactor/totp/confirm', input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<Ok>('auth/twofactor/totp/remove', { password }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Ten new recovery codes in place of the old ones. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post<RecoveryCodesResponse>('auth/twofactor/recoverycodes', { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() }),
  });
}

/**
 * Registers a passkey under a name: the server's options, the browser's ceremony, the server's check.
 * The password (none at a sign-in's enrolment step) goes with both calls: the server refuses a wrong
 * one before the browser makes a key.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, CurrentPassword }: { name: string; CurrentPassword?: string }) => {
      if (!browserSupportsPasskeys()) throw new PasskeyCeremonyError('unsupported');
      const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(
        'auth/twofactor/passkeys/options',
        { CurrentPassword },
      );
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
        throw ceremonyProblem(error);
      });
      return api.post<RecoveryCodesResponse>('auth/twofactor/passkeys', { name, response, CurrentPassword });
    },
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; password: string }) =>
      api.post<Ok>('auth/twofactor/passkeys/remove', input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
