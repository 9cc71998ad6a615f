import { describe, expect, it } from 'vitest';
import { czkText, toMinorUnits } from './producttypes.js';

describe('czkText', () => {
  it('writes haléře as CZK with two decimals, exactly', () => {
    expect(czkText(199050)).toBe('1990.50');
    expect(czkText(5)).toBe('0.05');
    expect(czkText(0)).toBe('0.00');
    expect(czkText(-1250)).toBe('-12.50');
    // Past what a float keeps exact in hundredths.
    expect(czkText(900719925474099)).toBe('9007199254740.99');
    expect(czkText(toMinorUnits(0.29))).toBe('0.29');
  });
});
