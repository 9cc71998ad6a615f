import { paths } from '@/config/paths';
import type { SessionEnd } from '@/lib/tokens';

/**
 * Why the user is on the login screen: signed out after idling, the session ended on the server, the
 * second factor was got wrong too often, or signed out in another tab of the app.
 */
export type SignOutReason = 'idle' | 'expired' | 'attempts' | 'elsewhere';
const reasons: readonly SignOutReason[] = ['idle', 'expired', 'attempts', 'elsewhere'];

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

/** What a sign-out going to `to` tells the other tabs: the reason its address gives, else a sign-out. */
export function sessionEndOf(to: string): SessionEnd {
  const query = to.includes('?') ? (to.slice(to.indexOf('?') + 1).split('#')[0] ?? '') : '';
  const reason = signOutReason(new URLSearchParams(query).get('reason'));
  return reason === 'idle' || reason === 'expired' || reason === 'attempts' ? reason : 'signedOut';
}

/** What the login screen of a tab says when another tab ended the sign-in they share. */
export function reasonElsewhere(end: SessionEnd): SignOutReason {
  return end === 'signedOut' ? 'elsewhere' : end;
}

/**
 * Where a sign-out in progress is going. Ending the tokens re-renders the guard at once, on the page
 * being left, and the guard goes here (one navigation, however many ways the end is heard of: its
 * own sign-out, another tab's, a refused refresh). Kept until the login screen is reached; the first
 * destination set wins meanwhile, so a request refused by the ending session does not change it.
 */
let signingOutTo: string | null = null;
export function signOutTo(to: string): void {
  signingOutTo ??= to;
}
export function signOutDestination(): string | null {
  return signingOutTo;
}
export function signOutArrived(): void {
  signingOutTo = null;
}
