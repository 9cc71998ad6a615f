import { PaymentMethod, ProductStatus, SampleStatus } from '@genodesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  customerGenotypes,
  orders,
  payments,
  products,
  productTypes,
  samples,
} from '../../db/schema/index.js';
import { unprocessable } from '../../http/errors.js';
import { generateReport } from '../results/generation.service.js';

/** A new order of a product type at its current price (haléře), unpaid. */
export async function createOrder(tx: Tx, customerId: number, productTypeId: number) {
  const [productType] = await tx.select().from(productTypes).where(eq(productTypes.id, productTypeId));
  if (!productType) throw unprocessable('mustPickOne', 'ProductTypeId');
  const [order] = await tx
    .insert(orders)
    .values({ customerId, productTypeId, amount: productType.price, currency: productType.currency })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

/** A completed cash payment of the whole amount; the order is paid by cash. */
export async function payInCash(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished`);
  const now = new Date();
  await tx.insert(payments).values({
    orderId,
    method: PaymentMethod.Cash,
    amount: order.amount,
    currency: order.currency,
    variableSymbol: String(order.orderNumber),
    completedAt: now,
  });
  await tx
    .update(orders)
    .set({ paidBy: PaymentMethod.Cash, dateOrderPaid: now })
    .where(eq(orders.id, orderId));
}

/** What finalizing an order created: the customer's sample, or (additional purchase) their report. */
export type FinalizedOrder = { sampleId: number | null; productId: number | null };

/**
 * Finalizes a paid order (DOMAIN §1), in the caller's transaction; the order becomes complete.
 * A customer without stored genotypes gets a sample waiting to be sent [2] (or in `status`, e.g. [10]
 * when sampled at the centre). A customer with stored genotypes makes an additional purchase
 * (`ProductStatus.AdditionalPurchase`, 5): no sample; their report of the order's product type is
 * generated from the stored genotypes, created in status 5 (an existing report of that type keeps its
 * status). Idempotent per order: finalizing again answers what the first time created.
 */
export async function finalizeOrder(
  tx: Tx,
  orderId: number,
  status: SampleStatus = SampleStatus.WaitingToBeSent,
): Promise<FinalizedOrder> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished`);
  if (!order.dateOrderPaid) throw unprocessable('invalidValue', 'OrderId');
  const [existing] = await tx.select({ id: samples.id }).from(samples).where(eq(samples.orderId, orderId));
  if (existing) return { sampleId: existing.id, productId: null };

  const [genotype] = await tx
    .select({ id: customerGenotypes.id })
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, order.customerId))
    .limit(1);
  if (genotype) {
    if (order.complete) {
      // Finalized before: the report of the order's product type is already there.
      const [report] = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.customerId, order.customerId), eq(products.productTypeId, order.productTypeId)),
        )
        .orderBy(desc(products.id))
        .limit(1);
      if (report) return { sampleId: null, productId: report.id };
    }
    await tx.update(orders).set({ complete: true }).where(eq(orders.id, orderId));
    const report = await generateReport(tx, {
      customerId: order.customerId,
      productTypeId: order.productTypeId,
      status: ProductStatus.AdditionalPurchase,
    });
    return { sampleId: null, productId: report.productId };
  }

  await tx.update(orders).set({ complete: true }).where(eq(orders.id, orderId));
  const [sample] = await tx
    .insert(samples)
    .values({ customerId: order.customerId, orderId, status })
    .returning({ id: samples.id });
  if (!sample) throw new Error('sample insert returned nothing');
  return { sampleId: sample.id, productId: null };
}
