import { PaymentMethod, SampleStatus } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders, payments, productTypes, samples } from '../../db/schema/index.js';
import { unprocessable } from '../../http/errors.js';

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

/**
 * Finalizes a paid order (DOMAIN §1): it is complete and the customer's sample exists, waiting to be
 * sent [2] (or in `status`, e.g. [10] when sampled at the centre). Idempotent per order.
 */
export async function finalizeOrder(
  tx: Tx,
  orderId: number,
  status: SampleStatus = SampleStatus.WaitingToBeSent,
): Promise<number> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished`);
  if (!order.dateOrderPaid) throw unprocessable('invalidValue', 'OrderId');
  await tx.update(orders).set({ complete: true }).where(eq(orders.id, orderId));
  const [existing] = await tx.select({ id: samples.id }).from(samples).where(eq(samples.orderId, orderId));
  if (existing) return existing.id;
  const [sample] = await tx
    .insert(samples)
    .values({ customerId: order.customerId, orderId, status })
    .returning({ id: samples.id });
  if (!sample) throw new Error('sample insert returned nothing');
  return sample.id;
}
