/**
 * The GPC (ABO) bank statement that Czech banks export: Windows-1250 text of fixed-width records of
 * 128 characters, a `074` header per statement and a `075` line per transaction. Positions below are
 * 1-based, as the format's description gives them.
 */

export type GpcTransaction = {
  /** The line of the file it was read from (1-based). */
  line: number;
  counterAccount: string;
  counterName: string;
  transactionId: string;
  /** haléře */
  amount: number;
  /** Accounting code 2 (credit) or 5 (cancelled debit, money back to the account). */
  credit: boolean;
  variableSymbol: string;
  constantSymbol: string;
  specificSymbol: string;
  /** `YYYY-MM-DD`, or null when the field is not a date. */
  valueDate: string | null;
};

export type GpcStatement = {
  account: string;
  accountName: string;
  statementDate: string | null;
  transactions: GpcTransaction[];
};

export class GpcError extends Error {
  constructor(
    readonly line: number,
    readonly problem: 'notGpc' | 'badRecord' | 'badAmount',
  ) {
    super(`GPC line ${line}: ${problem}`);
  }
}

const field = (record: string, from: number, to: number) => record.slice(from - 1, to);
const digitsOnly = (value: string) => value.replace(/^0+(?=\d)/, '').trim();

/** DDMMYY → YYYY-MM-DD (years 00–69 are 20xx), or null when it is not a date. */
function gpcDate(value: string): string | null {
  if (!/^\d{6}$/.test(value)) return null;
  const day = value.slice(0, 2);
  const month = value.slice(2, 4);
  const year = Number(value.slice(4, 6));
  const iso = `${year < 70 ? 2000 + year : 1900 + year}-${month}-${day}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : null;
}

/** A Czech account from its 16-digit GPC field (prefix and number), with the bank code when known. */
function account(value: string, bank?: string): string {
  const digits = value.trim().padStart(16, '0');
  const prefix = digits.slice(0, 6).replace(/^0+/, '');
  const number = digits.slice(6).replace(/^0+/, '') || '0';
  return `${prefix ? `${prefix}-` : ''}${number}${bank && /^\d{4}$/.test(bank) && bank !== '0000' ? `/${bank}` : ''}`;
}

/** Parses a GPC file's bytes (Windows-1250). Throws `GpcError` naming the first line it cannot read. */
export function parseGpc(bytes: Uint8Array): GpcStatement {
  const text = new TextDecoder('windows-1250').decode(bytes);
  const records = text.split(/\r?\n/);
  const statement: GpcStatement = { account: '', accountName: '', statementDate: null, transactions: [] };
  let seenHeader = false;
  records.forEach((record, index) => {
    const line = index + 1;
    if (record.trim() === '') return;
    const type = record.slice(0, 3);
    if (type === '074') {
      if (record.length < 114) throw new GpcError(line, 'badRecord');
      seenHeader = true;
      statement.account ||= account(field(record, 4, 19));
      statement.accountName ||= field(record, 20, 39).trim();
      statement.statementDate = gpcDate(field(record, 109, 114)) ?? statement.statementDate;
      return;
    }
    if (type === '078' || type === '079') return; // optional detail records
    if (type !== '075' || !seenHeader) throw new GpcError(line, seenHeader ? 'badRecord' : 'notGpc');
    if (record.length < 97) throw new GpcError(line, 'badRecord');
    const amountText = field(record, 49, 60);
    if (!/^\d{12}$/.test(amountText)) throw new GpcError(line, 'badAmount');
    const code = field(record, 61, 61);
    if (!['1', '2', '4', '5'].includes(code)) throw new GpcError(line, 'badRecord');
    const constantField = field(record, 72, 81);
    statement.transactions.push({
      line,
      // The constant symbol field carries the counter-account's bank code (00BBBBKKKK).
      counterAccount: account(field(record, 20, 35), constantField.slice(2, 6)),
      counterName: field(record, 98, 117).trim(),
      transactionId: digitsOnly(field(record, 36, 48)),
      amount: Number(amountText),
      credit: code === '2' || code === '5',
      variableSymbol: digitsOnly(field(record, 62, 71)).replace(/^0$/, ''),
      constantSymbol: digitsOnly(constantField.slice(6)).replace(/^0$/, ''),
      specificSymbol: digitsOnly(field(record, 82, 91)).replace(/^0$/, ''),
      valueDate: gpcDate(field(record, 92, 97)),
    });
  });
  if (!seenHeader) throw new GpcError(1, 'notGpc');
  return statement;
}

const pad = (value: string | number, width: number) => String(value).padStart(width, '0').slice(-width);
const text = (value: string, width: number) => value.padEnd(width, ' ').slice(0, width);
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

/**
 * Writes a GPC statement (the demo statement, tests and benches): amounts in haléře, credits as
 * accounting code 2. The counterpart of `parseGpc`.
 */
export function writeGpc(input: {
  account: string;
  accountName: string;
  date: string;
  transactions: {
    counterAccount: string;
    counterBank: string;
    counterName: string;
    amount: number;
    credit: boolean;
    variableSymbol: string;
    valueDate: string;
  }[];
}): Buffer {
  const digits = (value: string) => value.replace(/\D/g, '');
  const credits = input.transactions.filter((t) => t.credit).reduce((sum, t) => sum + t.amount, 0);
  const debits = input.transactions.filter((t) => !t.credit).reduce((sum, t) => sum + t.amount, 0);
  const header = [
    '074',
    pad(digits(input.account), 16),
    text(input.accountName, 20),
    ddmmyy(input.date),
    pad(0, 14),
    '+',
    pad(credits - debits, 14),
    '+',
    pad(debits, 14),
    '0',
    pad(credits, 14),
    '0',
    '001',
    ddmmyy(input.date),
    text('', 14),
  ].join('');
  const lines = input.transactions.map((t, index) =>
    [
      '075',
      pad(digits(input.account), 16),
      pad(digits(t.counterAccount), 16),
      pad(index + 1, 13),
      pad(t.amount, 12),
      t.credit ? '2' : '1',
      pad(t.variableSymbol, 10),
      `00${pad(t.counterBank, 4)}0308`,
      pad(0, 10),
      ddmmyy(t.valueDate),
      text(t.counterName, 20),
      '0',
      '0203',
      ddmmyy(t.valueDate),
    ].join(''),
  );
  const body = [header, ...lines].join('\r\n');
  return Buffer.from(new TextEncoderWindows1250().encode(`${body}\r\n`));
}

/** Windows-1250 bytes of the Czech letters (TextEncoder speaks only UTF-8). */
class TextEncoderWindows1250 {
  private static readonly table = (() => {
    const decoder = new TextDecoder('windows-1250');
    const map = new Map<string, number>();
    for (let byte = 0x80; byte <= 0xff; byte++) map.set(decoder.decode(Uint8Array.of(byte)), byte);
    return map;
  })();

  encode(value: string): Uint8Array {
    return Uint8Array.from([...value], (char) => {
      const code = char.charCodeAt(0);
      return code < 0x80 ? code : (TextEncoderWindows1250.table.get(char) ?? 0x3f);
    });
  }
}
