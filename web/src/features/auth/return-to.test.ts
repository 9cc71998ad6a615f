import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath, signOutReason } from './return-to';

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

  it('knows only its own reasons', () => {
    expect(signOutReason('idle')).toBe('idle');
    expect(signOutReason('expired')).toBe('expired');
    expect(signOutReason('<script>')).toBeNull();
  });
});
