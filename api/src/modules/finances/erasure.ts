import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bankStatementLines, orders, payments } from '../../db/schema/index.js';
import { customerStatementLines } from './customer-statement-lines.js';

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/**
 * The finances area's part of a customer's erasure (`privacy/erasure.ts`). What the accounting law
 * keeps stays: their orders and payments (pointing at the customer row, which is anonymised); the
 * bank statement lines of their orders (`customerStatementLines`, as the data export reads them) lose
 * the payer's name and account and keep the booking; a refunded overpayment keeps when and who, and
 * loses staff's note of how, which may name the account or the person it went to. Their audit trails
 * lose their values.
 */
export const financesErasure = {
  async traces(tx: Tx, customer: { id: number }) {
    const orderIds = ids(
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customer.id)),
    );
    const paymentIds = orderIds.length
      ? ids(await tx.select({ id: payments.id }).from(payments).where(inArray(payments.orderId, orderIds)))
      : [];
    const lineIds = ids(
      await tx
        .select({ id: bankStatementLines.id })
        .from(bankStatementLines)
        .where(customerStatementLines(customer.id)),
    );
    return {
      trails: [
        { entities: ['order'], ids: orderIds },
        { entities: ['payment'], ids: paymentIds },
        { entities: ['bankStatementLine'], ids: lineIds },
      ],
      own: { lineIds, paymentIds },
    };
  },
  async erase(
    tx: Tx,
    _customer: unknown,
    _traces: unknown,
    { lineIds, paymentIds }: { lineIds: number[]; paymentIds: number[] },
  ) {
    if (lineIds.length)
      await tx
        .update(bankStatementLines)
        .set({ counterName: '', counterAccount: '' })
        .where(inArray(bankStatementLines.id, lineIds));
    if (paymentIds.length)
      await tx
        .update(payments)
        .set({ refundNote: null })
        .where(and(inArray(payments.id, paymentIds), isNotNull(payments.refundNote)));
  },
};
