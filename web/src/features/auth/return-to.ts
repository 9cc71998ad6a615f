import { paths } from '@/config/paths';

/**
 * Why the user is on the login screen: signed out after idling, the session ended on the server, or
 * the second factor was got wrong too often.
 */
export type SignOutReason = 'idle' | 'expired' | 'attempts';
const reasons: readonly SignOutReason[] = ['idle', 'expired', 'attempts'];

/** The screens of a sign-in's steps (second factor, new password, enrolment): passed through, never returned to. */
const stepPaths: readonly string[] = [paths.secondFactor, paths.changePassword, paths.enrolTwoFactor];

const pathOf = (value: string) => value.split(/[?#]/)[0] ?? value;

/**
 * A path of this app to return to: local (`/…`, not `//host`) and not the login screen itself; a
 * step's screen stands for the page it was going to.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === paths.login || value.startsWith(`${paths.login}?`)) return null;
  if (stepPaths.includes(pathOf(value))) {
    const query = value.includes('?') ? value.slice(value.indexOf('?') + 1).split('#')[0] : '';
    return safeReturnPath(new URLSearchParams(query).get('from'));
  }
  return value;
}

/** A step's screen (`paths.secondFactor`, …), remembering the page the sign-in is going to. */
export function stepPath(step: string, from?: string): string {
  const back = safeReturnPath(from);
  return back && back !== paths.dashboard ? `${step}?${new URLSearchParams({ from: back })}` : step;
}

export function isStepPath(value: string): boolean {
  return stepPaths.includes(pathOf(value));
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
