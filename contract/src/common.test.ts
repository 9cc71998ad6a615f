import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema, numeric } from './common.js';

describe('numeric', () => {
  const amount = numeric(z.number({ error: 'required' }));

  it('reads a JSON number as it is, and a string written as a decimal number', () => {
    for (const [input, read] of [
      [7, 7],
      [-3.5, -3.5],
      ['12', 12],
      [' 7 ', 7],
      ['-3', -3],
      ['12.5', 12.5],
      // What a number field holds while one types.
      ['12.', 12],
      ['.5', 0.5],
    ] as const)
      expect(amount.parse(input), String(input)).toBe(read);
  });

  it('refuses what z.coerce.number turned into a number: true, [7], null, an object, 1e1, words', () => {
    for (const input of [true, false, [7], null, {}, '1e1', ' 1e1', '0x10', 'abc', '12,5', Number.NaN])
      expect(amount.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it("an id that is there but no number is 'invalidValue'; one missing or null is 'required' (QA: \"abc\" was told required)", () => {
    for (const input of ['abc', true, [7], {}, '1e1', Number.NaN, 1.5, -2, 0, ''])
      expect(idSchema.safeParse(input).error?.issues[0]?.message, JSON.stringify(input)).toBe('invalidValue');
    for (const input of [undefined, null])
      expect(idSchema.safeParse(input).error?.issues[0]?.message, String(input)).toBe('required');
    const body = z.object({ SampleId: idSchema });
    expect(body.safeParse({}).error?.issues[0]?.message).toBe('required');
    expect(body.safeParse({ SampleId: 'abc' }).error?.issues[0]?.message).toBe('invalidValue');
    expect(body.parse({ SampleId: '12' })).toEqual({ SampleId: 12 });
  });
});
