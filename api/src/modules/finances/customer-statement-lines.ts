import { type SQL, sql } from 'drizzle-orm';
import { bankStatementLines, orders, payments } from '../../db/schema/index.js';

// Which bank statement lines are a customer's (they have no customer column): one rule, shared by the
// data export (GDPR Art. 15/20) and the erasure (Art. 17), so that what is erased is what is exported.

/**
 * The bank statement lines of the customer's orders: those paying them (`payment_id`), and those
 * whose variable symbol is one of their order numbers though no payment came of them (a different
 * amount, an order already paid) — these hold the payer's name and account as well.
 */
export function customerStatementLines(customerId: number): SQL {
  return sql`(${bankStatementLines.paymentId} in (select p.id from ${payments} p join ${orders} o on o.id = p.order_id where o.customer_id = ${customerId})
    or ${bankStatementLines.variableSymbol} in (select o.order_number::text from ${orders} o where o.customer_id = ${customerId}))`;
}

/** The customer's order a statement line of `customerStatementLines` is about: the one it paid, else its variable symbol's. */
export function statementLineOrder(customerId: number): SQL {
  return sql`${orders.id} = (select o.id from ${orders} o where o.customer_id = ${customerId}
    and (o.id = (select p.order_id from ${payments} p where p.id = ${bankStatementLines.paymentId}) or o.order_number::text = ${bankStatementLines.variableSymbol})
    order by (o.id = (select p.order_id from ${payments} p where p.id = ${bankStatementLines.paymentId})) desc nulls last, o.id limit 1)`;
}
