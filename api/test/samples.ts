import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client.js';
import {
  barcodeBatches,
  barcodes,
  customers,
  orders,
  productTypes,
  samples,
} from '../src/db/schema/index.js';
import { giveConsent } from './consent.js';

let seq = 0;

/**
 * A consented customer with a paid order and a sample in `status` (analysis [11] by default) carrying a
 * fresh barcode: where a results upload's tests start. `label` tells the tests' customers apart.
 */
export async function sampleWithBarcode(
  db: Executor,
  { status = 11, gender = 2, label }: { status?: number; gender?: number; label: string },
) {
  seq++;
  const surname = `Vzorek ${seq}`;
  const [customer] = await db
    .insert(customers)
    .values({
      name: label,
      surname,
      email: `${label.toLowerCase()}-${seq}-${Date.now()}@example.test`,
      gender,
      registrationSource: 1,
    })
    .returning({ id: customers.id });
  await giveConsent(db, customer!.id);
  const [type] = await db.select({ id: productTypes.id }).from(productTypes).limit(1);
  const [order] = await db
    .insert(orders)
    .values({ customerId: customer!.id, productTypeId: type!.id, amount: 100, complete: true })
    .returning({ id: orders.id });
  const [batch] = await db.insert(barcodeBatches).values({ count: 1 }).returning({ id: barcodeBatches.id });
  const [barcode] = await db
    .insert(barcodes)
    .values({
      code: sql`'GD' || lpad(nextval('barcode_number_seq')::text, 8, '0')`,
      batchId: batch!.id,
      assignedAt: new Date(),
    })
    .returning({ code: barcodes.code, id: barcodes.id });
  const [sample] = await db
    .insert(samples)
    .values({ customerId: customer!.id, orderId: order!.id, status, barcodeId: barcode!.id })
    .returning({ id: samples.id });
  return {
    customerId: customer!.id,
    customerName: `${label} ${surname}`,
    sampleId: sample!.id,
    code: barcode!.code,
    productTypeId: type!.id,
  };
}
