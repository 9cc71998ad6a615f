/**
 * Czech bank accounts, their IBAN, and the QR Platba payment string (SPAYD, the Czech Banking
 * Association's Short Payment Descriptor) that banking apps scan.
 */

const accountPattern = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/;
const weights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** The ČNB checksum of an account number part: weighted digits divisible by 11. */
function checksumHolds(digits: string): boolean {
  const padded = digits.padStart(10, '0');
  return [...padded].reduce((sum, digit, i) => sum + Number(digit) * (weights[i] ?? 0), 0) % 11 === 0;
}

/** Whether `account` is a Czech account number in the `prefix-number/bank` form with valid checksums. */
export function isCzechAccount(account: string): boolean {
  const match = accountPattern.exec(account.trim());
  if (!match) return false;
  const [, prefix = '', number = ''] = match;
  return checksumHolds(prefix) && checksumHolds(number);
}

const mod97 = (digits: string) => [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);

/** The IBAN of a Czech account number (`19-2000145399/0800` → `CZ6508000000192000145399`). */
export function czechIban(account: string): string {
  const match = accountPattern.exec(account.trim());
  if (!match || !isCzechAccount(account)) throw new Error(`"${account}" is not a Czech account number`);
  const [, prefix = '', number = '', bank = ''] = match;
  const bban = `${bank}${prefix.padStart(6, '0')}${number.padStart(10, '0')}`;
  // CZ = 12 35; the check digits make the whole number ≡ 1 (mod 97).
  const check = 98 - mod97(`${bban}123500`);
  return `CZ${String(check).padStart(2, '0')}${bban}`;
}

/** A value of the SPAYD format: `*` is its separator; diacritics are left out for older readers. */
const spaydValue = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replaceAll('*', '%2A')
    .slice(0, 60);

/**
 * The QR Platba string of a payment: account (IBAN), amount in CZK with two decimals, currency,
 * message and variable symbol, e.g. `SPD*1.0*ACC:CZ…*AM:450.00*CC:CZK*MSG:…*X-VS:1234567890`.
 */
export function spayd(input: {
  iban: string;
  amountMinor: number;
  variableSymbol: string;
  message?: string;
}): string {
  const parts = [
    'SPD',
    '1.0',
    `ACC:${input.iban}`,
    `AM:${(input.amountMinor / 100).toFixed(2)}`,
    'CC:CZK',
    ...(input.message ? [`MSG:${spaydValue(input.message)}`] : []),
    `X-VS:${input.variableSymbol}`,
  ];
  return parts.join('*');
}
