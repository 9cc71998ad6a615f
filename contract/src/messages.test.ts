import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema } from './auth.js';
import { pickLocale } from './locale.js';
import { messages, translateMessage } from './messages.js';
import { allPermissions, permissionLabels } from './permissions.js';
import { isValidPhone } from './phone.js';

describe('the contract', () => {
  it('has every message in both languages', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text.cs, key).toBeTruthy();
      expect(text.en, key).toBeTruthy();
    }
    expect(translateMessage('wrongOldPassword', 'cs')).toBe('Nesprávné staré heslo!');
    expect(translateMessage('wrongOldPassword', 'en')).toBe('The old password is invalid!');
  });

  it('labels every permission in both languages', () => {
    expect(allPermissions).toHaveLength(37);
    for (const permission of allPermissions) {
      expect(permissionLabels[permission].cs).toBeTruthy();
      expect(permissionLabels[permission].en).toBeTruthy();
    }
  });

  it('picks cs unless English is asked for', () => {
    expect(pickLocale(undefined)).toBe('cs');
    expect(pickLocale('en-US,en;q=0.9')).toBe('en');
    expect(pickLocale('de-DE, en;q=0.5')).toBe('en');
    expect(pickLocale('de')).toBe('cs');
  });

  it('validates phone numbers with their prefix and rejects letters', () => {
    expect(isValidPhone('+420 777 123 456')).toBe(true);
    expect(isValidPhone('777123456')).toBe(true);
    expect(isValidPhone('+420 77a 123 456')).toBe(false);
    expect(isValidPhone('123')).toBe(false);
  });

  it('carries message keys as validation errors', () => {
    const result = changePasswordRequestSchema.safeParse({ OldPassword: '', newPassword: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['required', 'passwordTooShort']);
  });
});
