import { describe, expect, it } from 'vitest';
import { parseBirthDate, phoneDigits } from './search.js';

describe('what a search query reads as', () => {
  it('a birth date in the Czech or the ISO form, only a real day', () => {
    expect(parseBirthDate('15. 3. 1985')).toBe('1985-03-15');
    expect(parseBirthDate('15.3.1985')).toBe('1985-03-15');
    expect(parseBirthDate(' 1985-03-15 ')).toBe('1985-03-15');
    expect(parseBirthDate('29. 2. 1984')).toBe('1984-02-29');
    for (const text of ['29. 2. 1985', '32. 1. 1985', '1985-13-01', '15. 3.', 'Nováková', '0000-01-01'])
      expect(parseBirthDate(text), text).toBeUndefined();
  });

  it('a phone as its digits, whatever the spacing; short numbers and words are not phones', () => {
    expect(phoneDigits('+420 777 123 456')).toBe('420777123456');
    expect(phoneDigits('777-123-456')).toBe('777123456');
    expect(phoneDigits('(777) 123 456')).toBe('777123456');
    for (const text of ['12345', 'GD00010001', 'novák 777123456', ''])
      expect(phoneDigits(text), text).toBeUndefined();
  });
});
