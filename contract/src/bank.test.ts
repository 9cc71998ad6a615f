import { describe, expect, it } from 'vitest';
import { czechIban, isCzechAccount, spayd } from './bank.js';

describe('Czech accounts and QR Platba', () => {
  it('computes the IBAN of a Czech account number as the published examples give it', () => {
    // ČNB's example account, and the accounts of the QR Platba specification's examples.
    expect(czechIban('19-2000145399/0800')).toBe('CZ6508000000192000145399');
    expect(czechIban('168540115/0600')).toBe('CZ2806000000000168540115');
    expect(czechIban('1265098001/5500')).toBe('CZ5855000000001265098001');
  });

  it('checks the account number’s checksum and form', () => {
    expect(isCzechAccount('19-2000145399/0800')).toBe(true);
    expect(isCzechAccount('19-2000145398/0800')).toBe(false);
    expect(isCzechAccount('2000145399')).toBe(false);
    expect(() => czechIban('123/08')).toThrow();
  });

  it('writes the SPAYD string of the specification’s example', () => {
    expect(
      spayd({
        iban: 'CZ2806000000000168540115',
        amountMinor: 45_000,
        variableSymbol: '1234567890',
        message: 'PLATBA ZA ZBOZI',
      }),
    ).toBe('SPD*1.0*ACC:CZ2806000000000168540115*AM:450.00*CC:CZK*MSG:PLATBA ZA ZBOZI*X-VS:1234567890');
  });

  it('keeps amounts exact to the haléř and the message safe for the format', () => {
    const text = spayd({
      iban: 'CZ6508000000192000145399',
      amountMinor: 499_050,
      variableSymbol: '2400017',
      message: 'Genetická analýza * zdraví',
    });
    expect(text).toContain('*AM:4990.50*');
    expect(text).toContain('*MSG:Geneticka analyza %2A zdravi*');
  });
});
