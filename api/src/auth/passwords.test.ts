import { passwordMinLength } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword, isCommonPassword } from './passwords.js';

describe('isCommonPassword', () => {
  it('finds list entries long enough to pass the length rule, ignoring case', () => {
    for (const password of ['qwerty123456', '1qaz2wsx3edc', 'FinalFantasy', 'LEAVEMEALONE'])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it('finds a common password with digits or symbols added before or after it', () => {
    for (const password of ['password123456', 'Password2024!!', '!!!dragon2024!!!', '12345678monkey'])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it('lets a passphrase, a generated password and an uncommon word with digits through', () => {
    for (const password of [
      'correct horse battery staple',
      'Jeřáb-na-Vltavě-2024',
      'petra-password-1',
      'x83920174628',
      generateTemporaryPassword(),
    ])
      expect(isCommonPassword(password), password).toBe(false);
  });
});

describe('generateTemporaryPassword', () => {
  it('is as long as a chosen password must be, without look-alike characters', () => {
    const password = generateTemporaryPassword();
    expect(password.length).toBeGreaterThanOrEqual(passwordMinLength);
    expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]+$/);
  });
});
