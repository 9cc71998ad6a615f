import { paths } from '@/config/paths';

/** Why the user is on the login screen: signed out after idling, or the session ended on the server. */
export type SignOutReason = 'idle' | 'expired';
const reasons: readonly SignOutReason[] = ['idle', 'expired'];

/** A path of this app to return to: local (`/…`, not `//host`) and not the login screen itself. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === paths.login || value.startsWith(`${paths.login}?`)) return null;
  return value;
}

/** The login screen, remembering where to return (the dashboard is where sign-in goes anyway) and why. */
export function loginPath(from?: string, reason?: SignOutReason): string {
  const params = new URLSearchParams();
  const back = safeReturnPath(from);
  if (back && back !== paths.dashboard) params.set('from', back);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `${paths.login}?${query}` : paths.login;
}

export function signOutReason(value: string | null): SignOutReason | null {
  return reasons.find((reason) => reason === value) ?? null;
}

/**
 * Where a sign-out in progress is going. Ending the tokens re-renders the guard at once, on the page
 * being left: without this it would send the user to sign in with that page to return to, and without
 * the reason. Kept until the login screen is reached.
 */
let signingOutTo: string | null = null;
export function signOutTo(to: string): void {
  signingOutTo = to;
}
export function signOutDestination(): string | null {
  return signingOutTo;
}
export function signOutArrived(): void {
  signingOutTo = null;
}
