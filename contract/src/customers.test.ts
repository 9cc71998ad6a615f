import { describe, expect, it } from 'vitest';
import { createCustomerRequestSchema } from './customers.js';

describe('customer registration schema', () => {
  it('reports a bad phone together with the other missing fields, not only once they are filled', () => {
    const result = createCustomerRequestSchema.safeParse({ Phone: '12ab', PhonePrefix: '+420' });
    const byField = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byField).toMatchObject({ Name: 'required', Email: 'required', Phone: 'invalidPhone' });
  });

  it('asks for a product type when paid in cash', () => {
    const result = createCustomerRequestSchema.safeParse({ PaidInCash: true });
    expect(result.error?.issues.find((i) => i.path[0] === 'ProductTypeId')?.message).toBe('mustPickOne');
  });
});
