import { describe, expect, it } from 'vitest';
import {
  batchCodeExample,
  codeIsPrefix,
  createdTarget,
  formatVoucherDay,
  kindPath,
  voucherKindOfPath,
  voucherState,
  voucherValue,
} from './labels';

const nbsp = /\u00a0/g;

describe('voucher state badge', () => {
  it('is redeemed once used up, whatever the date; else expired past its day; else valid', () => {
    expect(voucherState({ redeemed: true, expired: true, remainingUsageCount: 0 })).toBe('redeemed');
    expect(voucherState({ redeemed: true, expired: false, remainingUsageCount: 0 })).toBe('redeemed');
    expect(voucherState({ redeemed: false, expired: false, remainingUsageCount: 0 })).toBe('redeemed');
    expect(voucherState({ redeemed: false, expired: true, remainingUsageCount: 1 })).toBe('expired');
    expect(voucherState({ redeemed: false, expired: false, remainingUsageCount: 3 })).toBe('valid');
  });
});

describe('voucher kinds and paths', () => {
  it('names the kind as SPEC §2’s routes do', () => {
    expect(kindPath(1)).toBe('money');
    expect(kindPath(2)).toBe('product');
  });

  it('reads the kind from the URL of its screens', () => {
    expect(voucherKindOfPath('/vouchers/product/view/7')).toBe('product');
    expect(voucherKindOfPath('/vouchers/product/create')).toBe('product');
    expect(voucherKindOfPath('/vouchers/money/edit/7')).toBe('money');
    expect(voucherKindOfPath('/vouchers')).toBe('money');
  });
});

describe('voucher formatting', () => {
  it('shows the last valid day as that calendar day in both languages', () => {
    expect(formatVoucherDay('2026-03-15', 'cs')).toBe('15. 3. 2026');
    expect(formatVoucherDay('2026-12-31', 'en')).toBe('31 Dec 2026');
    expect(formatVoucherDay('', 'cs')).toBe('—');
    expect(formatVoucherDay(null, 'en')).toBe('—');
  });

  it('shows a money voucher in CZK with two decimals, a product voucher by its product', () => {
    const money = { amountMinor: 50_000, currency: 'CZK', productTypeName: null, productTypeNameEn: null };
    expect(voucherValue(money, 'cs').replace(nbsp, ' ')).toBe('500,00 Kč');
    expect(voucherValue(money, 'en').replace(nbsp, ' ')).toBe('CZK 500.00');
    const product = { amountMinor: null, currency: 'CZK', productTypeName: 'Sport a pohyb' };
    expect(voucherValue({ ...product, productTypeNameEn: 'Sport and exercise' }, 'en')).toBe(
      'Sport and exercise',
    );
    expect(voucherValue({ ...product, productTypeNameEn: 'Sport and exercise' }, 'cs')).toBe('Sport a pohyb');
    expect(voucherValue({ ...product, productTypeNameEn: null }, 'en')).toBe('Sport a pohyb');
  });
});

describe('creating vouchers', () => {
  it('labels the code a prefix when more than one voucher is made', () => {
    expect(codeIsPrefix(1)).toBe(false);
    expect(codeIsPrefix('')).toBe(false);
    expect(codeIsPrefix(2)).toBe(true);
    expect(codeIsPrefix('30')).toBe(true);
    expect(batchCodeExample(' JARO- ')).toBe('JARO-XXXXXXXX');
  });

  it('opens the one voucher made, or lists a batch by its prefix', () => {
    expect(createdTarget('money', 'X', { count: 1, vouchers: [{ id: 9, code: 'X' }] })).toBe(
      '/vouchers/money/view/9',
    );
    expect(
      createdTarget('product', 'JARO-', {
        count: 2,
        vouchers: [
          { id: 1, code: 'JARO-AAAAAAAA' },
          { id: 2, code: 'JARO-BBBBBBBB' },
        ],
      }),
    ).toBe('/vouchers?search=JARO-&kind=2&sort=code');
  });
});
