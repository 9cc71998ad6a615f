import {
  createMoneyVoucherRequestSchema,
  createProductVoucherRequestSchema,
} from '@genodesk/contract/vouchers';
import { describe, expect, it } from 'vitest';
import { initialCreateValues, prepareCreate } from './voucher-create-form';
import { prepareEdit } from './voucher-edit-form';

/** The message each field shows: its first issue, as the form's resolver picks it. */
function firstError(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('the voucher create form', () => {
  it('defaults to one standard voucher of one use', () => {
    expect(initialCreateValues).toMatchObject({ HowMany: 1, UsageCount: 1, VoucherType: '1' });
  });

  it('shows the spec’s messages on an empty form', () => {
    const money = createMoneyVoucherRequestSchema.safeParse(
      prepareCreate({ ...initialCreateValues, HowMany: '', UsageCount: '' }, 'money'),
    );
    expect(firstError(money)).toEqual({
      Code: 'required',
      HowMany: 'voucherCountTooLow',
      ValidTo: 'required',
      UsageCount: 'usageCountTooLow',
      Amount: 'required',
    });
    const product = createProductVoucherRequestSchema.safeParse(
      prepareCreate({ ...initialCreateValues, Code: 'A', ValidTo: '2030-01-01' }, 'product'),
    );
    expect(firstError(product)).toEqual({ ProductType: 'mustPickOne' });
    const negative = createMoneyVoucherRequestSchema.safeParse(
      prepareCreate({ ...initialCreateValues, Code: 'A', ValidTo: '2030-01-01', Amount: -1 }, 'money'),
    );
    expect(firstError(negative)).toEqual({ Amount: 'valueNotNegative' });
    const ended = createMoneyVoucherRequestSchema.safeParse(
      prepareCreate({ ...initialCreateValues, Code: 'A', ValidTo: '2020-01-01', Amount: 1 }, 'money'),
    );
    expect(firstError(ended)).toEqual({ ValidTo: 'voucherValidToPast' });
  });

  it('sends for and from whom only for a gift (SPEC §5)', () => {
    const values = {
      ...initialCreateValues,
      Code: ' JARO- ',
      HowMany: 3,
      Amount: 500,
      ValidTo: '2030-01-01',
      ForWho: 'Jana',
      FromWho: 'Petr',
    };
    expect(prepareCreate(values, 'money')).toEqual({
      Code: 'JARO-',
      HowMany: 3,
      VoucherType: 1,
      ValidTo: '2030-01-01',
      UsageCount: 1,
      ForWho: null,
      FromWho: null,
      Amount: 500,
    });
    expect(prepareCreate({ ...values, VoucherType: '2' }, 'money')).toMatchObject({
      VoucherType: 2,
      ForWho: 'Jana',
      FromWho: 'Petr',
    });
    expect(prepareCreate({ ...values, ProductType: '4' }, 'product')).toMatchObject({ ProductType: 4 });
    expect(prepareCreate({ ...values, ProductType: '4' }, 'product')).not.toHaveProperty('Amount');
  });
});

describe('the voucher edit form', () => {
  it('keeps for and from whom of a gift only, and asks for the last day', () => {
    const values = { VoucherId: 5, ForWho: ' Jana ', FromWho: '', ValidTo: '2030-02-01' };
    expect(prepareEdit(values, true)).toEqual({
      VoucherId: 5,
      ForWho: 'Jana',
      FromWho: null,
      ValidTo: '2030-02-01',
    });
    expect(prepareEdit(values, false)).toMatchObject({ ForWho: null, FromWho: null });
    expect(prepareEdit({ ...values, ValidTo: null }, true).ValidTo).toBe('');
  });
});
