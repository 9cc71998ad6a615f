import { describe, expect, it } from 'vitest';
import { csvCell } from './table-export.js';

describe('a CSV cell', () => {
  it('keeps text Excel could run as a formula from running', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Klikni")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Klikni"")"`,
    );
    expect(csvCell('+cmd|/C calc!A0')).toBe("'+cmd|/C calc!A0");
    expect(csvCell('-2+3+cmd|/C calc!A0')).toBe("'-2+3+cmd|/C calc!A0");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
  });

  it('leaves phones, amounts, numbers and ordinary text as they are', () => {
    expect(csvCell('+420 777 100 010')).toBe('+420 777 100 010');
    expect(csvCell('-500,50')).toBe('-500,50');
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell('Nováková; Jana')).toBe('"Nováková; Jana"');
    expect(csvCell('Brno')).toBe('Brno');
  });
});
