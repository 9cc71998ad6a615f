import { readFile } from 'node:fs/promises';
import { PaymentMethod } from '@genodesk/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { orders } from '../db/schema/index.js';
import { demoStatement, demoStatementFile } from './finances.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('the finance demo', () => {
  it('seeds an unprocessed order of every kind', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/unpaidcustomers?search=objednavky.example&pageSize=100',
      headers: await t.authAs(demo.reception),
    });
    const items = list.json().items as { orderNumber: number; missing: string[] }[];
    expect(items.map((o) => o.orderNumber).sort()).toEqual([
      2300001, 2300002, 2300003, 2300004, 2300005, 2300006, 2300007, 2300008, 2300009, 2300010,
    ]);
    expect(items.filter((o) => o.missing.includes('payment'))).toHaveLength(8);
  });

  it('ships the demo statement the seed’s transfers match: two paid, one underpaid, three that pay nothing', async () => {
    const bytes = await readFile(demoStatementFile);
    expect(bytes.equals(demoStatement())).toBe(true);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payments/bank-statement?FileName=demo-statement.gpc',
      headers: { ...(await t.authAs(demo.reception)), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((l: { outcome: string }) => l.outcome)).toEqual([
      'matched',
      'matched',
      'amountDiffers',
      'unknownVariableSymbol',
      'alreadyPaid',
      'notCredit',
    ]);
    const paid = await t.db
      .select({ orderNumber: orders.orderNumber, paidBy: orders.paidBy })
      .from(orders)
      .where(inArray(orders.orderNumber, [2300004, 2300005, 2300006]))
      .orderBy(orders.orderNumber);
    expect(paid).toEqual([
      { orderNumber: 2300004, paidBy: PaymentMethod.BankTransfer },
      { orderNumber: 2300005, paidBy: PaymentMethod.BankTransfer },
      { orderNumber: 2300006, paidBy: PaymentMethod.NotChosen },
    ]);
  });
});
