import { describe, expect, it } from 'vitest';
import {
  isStepPath,
  loginPath,
  reasonElsewhere,
  safeReturnPath,
  sessionEndOf,
  signOutArrived,
  signOutDestination,
  signOutReason,
  signOutTo,
  stepPath,
} from './return-to';

describe('returning after sign-in', () => {
  it('remembers the page and the reason in the login address', () => {
    expect(loginPath('/vouchers/money/view/61', 'idle')).toBe(
      '/login?from=%2Fvouchers%2Fmoney%2Fview%2F61&reason=idle',
    );
    expect(loginPath('/customers?search=nov%C3%A1k&page=2')).toBe(
      '/login?from=%2Fcustomers%3Fsearch%3Dnov%25C3%25A1k%26page%3D2',
    );
    expect(loginPath('/', 'expired')).toBe('/login?reason=expired');
    expect(loginPath()).toBe('/login');
  });

  it('returns only to pages of this app', () => {
    expect(safeReturnPath('/customers/view/1')).toBe('/customers/view/1');
    for (const unsafe of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'customers',
      '/login',
      '/login?from=/x',
      null,
    ])
      expect(safeReturnPath(unsafe)).toBeNull();
  });

  it('passes through the steps of a sign-in to the page they were going to', () => {
    expect(stepPath('/login/second-factor', '/customers/view/3')).toBe(
      '/login/second-factor?from=%2Fcustomers%2Fview%2F3',
    );
    expect(stepPath('/security/enrol', '/')).toBe('/security/enrol');
    expect(stepPath('/change-password', 'https://evil.example/')).toBe('/change-password');
    // A step's screen stands for where it was going; the next step goes there too.
    expect(stepPath('/change-password', '/login/second-factor?from=%2Fresults')).toBe(
      '/change-password?from=%2Fresults',
    );
    expect(safeReturnPath('/security/enrol?from=%2Fvouchers')).toBe('/vouchers');
    expect(safeReturnPath('/login/second-factor')).toBeNull();
    expect(safeReturnPath('/security/enrol?from=%2F%2Fevil.example')).toBeNull();
    expect(loginPath('/login/second-factor?from=%2Fresults', 'attempts')).toBe(
      '/login?from=%2Fresults&reason=attempts',
    );
    expect(isStepPath('/security/enrol?from=%2F')).toBe(true);
    expect(isStepPath('/customers')).toBe(false);
  });

  it('knows only its own reasons', () => {
    expect(signOutReason('idle')).toBe('idle');
    expect(signOutReason('expired')).toBe('expired');
    expect(signOutReason('attempts')).toBe('attempts');
    expect(signOutReason('elsewhere')).toBe('elsewhere');
    expect(signOutReason('<script>')).toBeNull();
  });

  it("tells the other tabs the reason of a sign-out's destination, and each tab what it means there", () => {
    expect(sessionEndOf('/login')).toBe('signedOut');
    expect(sessionEndOf('/login?from=%2Fcustomers')).toBe('signedOut');
    expect(sessionEndOf(loginPath('/customers/view/1', 'idle'))).toBe('idle');
    expect(sessionEndOf(loginPath('/results', 'attempts'))).toBe('attempts');
    expect(sessionEndOf(loginPath('/', 'expired'))).toBe('expired');
    expect(reasonElsewhere('signedOut')).toBe('elsewhere');
    expect(reasonElsewhere('idle')).toBe('idle');
    expect(reasonElsewhere('expired')).toBe('expired');
  });

  it('keeps the first destination of a sign-out until the login screen is reached', () => {
    signOutTo('/login?reason=idle');
    // A request refused by the ending session, or another tab's end of it, does not change it.
    signOutTo('/login?from=%2Fcustomers&reason=expired');
    expect(signOutDestination()).toBe('/login?reason=idle');
    signOutArrived();
    expect(signOutDestination()).toBeNull();
    signOutTo('/login');
    expect(signOutDestination()).toBe('/login');
    signOutArrived();
  });
});
