import { describe, expect, it } from 'vitest';
import { GpcError, parseGpc, writeGpc } from './gpc.js';

/** A header and two lines as a bank exports them (128 characters each, Windows-1250, CRLF), field by field. */
const sample = [
  [
    '074',
    '0000192000145399',
    'GenoDesk s.r.o.     ',
    '011126',
    '00000001234500',
    '+',
    '00000001945500',
    '+',
    '00000000100000',
    '0',
    '00000000599000',
    '0',
    '001',
    '011126',
    '              ',
  ],
  [
    '075',
    '0000192000145399',
    '0000000001234567',
    '0000000004210',
    '000000499000',
    '2',
    '0002400017',
    '0008000308',
    '0000000000',
    '011126',
    'Nováková Eva        ',
    '0',
    '0203',
    '011126',
  ],
  [
    '075',
    '0000192000145399',
    '0000001234567891',
    '0000000004220',
    '000000100000',
    '1',
    '0000000000',
    '0000000000',
    '0000000000',
    '011126',
    'Nájem kanceláře     ',
    '0',
    '0203',
    '011126',
  ],
]
  .map((fields) => fields.join(''))
  .join('\r\n');
const latin2 = (text: string) => {
  const bytes: number[] = [];
  for (const char of text) bytes.push(char === 'á' ? 0xe1 : char === 'ř' ? 0xf8 : char.charCodeAt(0));
  return Uint8Array.from(bytes);
};

describe('GPC bank statements', () => {
  it('reads the header and every transaction: amounts in haléře, credit or debit, symbols, dates, names', () => {
    const statement = parseGpc(latin2(sample));
    expect(statement).toMatchObject({
      account: '19-2000145399',
      accountName: 'GenoDesk s.r.o.',
      statementDate: '2026-11-01',
    });
    expect(statement.transactions).toEqual([
      {
        line: 2,
        counterAccount: '1234567/0800',
        counterName: 'Nováková Eva',
        transactionId: '4210',
        amount: 499_000,
        credit: true,
        variableSymbol: '2400017',
        constantSymbol: '308',
        specificSymbol: '',
        valueDate: '2026-11-01',
      },
      {
        line: 3,
        counterAccount: '1234567891',
        counterName: 'Nájem kanceláře',
        transactionId: '4220',
        amount: 100_000,
        credit: false,
        variableSymbol: '',
        constantSymbol: '',
        specificSymbol: '',
        valueDate: '2026-11-01',
      },
    ]);
  });

  it('refuses what is not a statement, naming the line', () => {
    expect(() => parseGpc(new TextEncoder().encode('barcode;gene\nGD1;rs1\n'))).toThrow(GpcError);
    const badAmount = sample.replace('000000499000', '0000004990x0');
    expect(() => parseGpc(latin2(badAmount))).toThrow(
      expect.objectContaining({ line: 2, problem: 'badAmount' }),
    );
  });

  it('writes what it reads', () => {
    const bytes = writeGpc({
      account: '19-2000145399',
      accountName: 'GenoDesk s.r.o.',
      date: '2026-11-20',
      transactions: [
        {
          counterAccount: '670100-2202296514',
          counterBank: '6210',
          counterName: 'Černý Petr',
          amount: 359_000,
          credit: true,
          variableSymbol: '2400123',
          valueDate: '2026-11-19',
        },
      ],
    });
    const statement = parseGpc(bytes);
    expect(statement.statementDate).toBe('2026-11-20');
    expect(statement.transactions[0]).toMatchObject({
      counterAccount: '670100-2202296514/6210',
      counterName: 'Černý Petr',
      amount: 359_000,
      credit: true,
      variableSymbol: '2400123',
      valueDate: '2026-11-19',
    });
  });
});
