import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema } from './auth.js';
import { pickLocale } from './locale.js';
import { type MessageText, messages, translateMessage } from './messages.js';
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

  it('writes a calendar day in the reader’s language, not as ISO', () => {
    const params = { version: 'GD-DNA-2026-01', signedOn: { day: '2026-11-28' } };
    expect(translateMessage('consentAlreadyValid', 'cs', params)).toContain(
      '(verze GD-DNA-2026-01, podepsán 28. listopadu 2026)',
    );
    expect(translateMessage('consentAlreadyValid', 'en', params)).toContain(
      '(version GD-DNA-2026-01, signed 28 November 2026)',
    );
  });

  it('writes moments on the Prague clock in the reader’s language, winter and summer time alike', () => {
    // 09:00 UTC is 10:00 in Prague in winter (CET); 08:00 UTC is 10:00 after the spring change (CEST).
    const params = { dates: { moments: ['2026-03-23T09:00:00.000Z', '2026-03-30T08:00:00.000Z'] } };
    expect(translateMessage('reservationSeriesOverlap', 'cs', params)).toBe(
      'Ambulance je v některých termínech opakování již obsazená: 23. 3. 2026 10:00; 30. 3. 2026 10:00',
    );
    expect(translateMessage('reservationSeriesOverlap', 'en', params)).toBe(
      'The consulting room is already busy on some of the recurring dates: 23 Mar 2026, 10:00; 30 Mar 2026, 10:00',
    );
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

  it('counts agree with their noun in each language: every text with {count} has the plural forms its language needs', () => {
    const forms = (text: MessageText) => (typeof text === 'string' ? [] : Object.keys(text).sort());
    const mentions = (text: MessageText, name: string) =>
      (typeof text === 'string' ? [text] : Object.values(text)).some((form) => form.includes(`{${name}}`));
    for (const [key, text] of Object.entries(messages)) {
      for (const locale of ['cs', 'en'] as const) {
        if (!mentions(text[locale], 'count')) continue;
        expect(forms(text[locale]), `${key} (${locale})`).toEqual(
          new Intl.PluralRules(locale).resolvedOptions().pluralCategories.sort(),
        );
      }
    }
    expect(translateMessage('markerImportMoreErrors', 'cs', { count: 1 })).toBe('… a ještě 1 chybný řádek.');
    expect(translateMessage('markerImportMoreErrors', 'cs', { count: 2 })).toBe('… a ještě 2 chybné řádky.');
    expect(translateMessage('markerImportMoreErrors', 'cs', { count: 7 })).toBe(
      '… a ještě 7 chybných řádků.',
    );
    expect(translateMessage('markerImportMoreErrors', 'en', { count: 1 })).toBe('… and 1 more bad line.');
    expect(translateMessage('markerImportMoreErrors', 'en', { count: 3 })).toBe('… and 3 more bad lines.');
    expect(translateMessage('openPointNotAssessed', 'cs', { count: 3 })).toBe('3 neposouzené fenotypy.');
  });

  it('a message naming a customer agrees with their gender in Czech', () => {
    for (const [key, text] of Object.entries(messages)) {
      const cs = typeof text.cs === 'string' ? { other: text.cs } : text.cs;
      if (!Object.values(cs).some((form) => /\{customer\}/.test(form))) continue;
      expect(Object.keys(cs), key).toEqual(expect.arrayContaining(['male', 'female']));
    }
    const params = { customer: 'Žofie Nová', step: 'odeslat sadu' };
    expect(translateMessage('noValidDnaConsent', 'cs', { ...params, gender: 2 })).toMatch(
      /^Zákaznice Žofie Nová nemá .* v její kartě/,
    );
    expect(translateMessage('noValidDnaConsent', 'cs', { ...params, gender: 1 })).toMatch(
      /^Zákazník Žofie Nová nemá .* v jeho kartě/,
    );
    expect(translateMessage('noValidDnaConsent', 'en', { ...params, gender: 2 })).toContain(
      'Record the signed consent in the “Consent to DNA analysis” section of the customer’s page.',
    );
  });
});
