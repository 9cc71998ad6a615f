import { toE164 } from '@genodesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  bankStatementLines,
  type customers,
  orders,
  outboxMessages,
  payments,
} from '../../db/schema/index.js';

/**
 * Which rows without a customer column are a customer's: one rule each, shared by the data export
 * (GDPR Art. 15/20) and the erasure (Art. 17), so that what is erased is what is exported.
 */

type Addressable = Pick<typeof customers.$inferSelect, 'email' | 'phonePrefix' | 'phone'>;

/** The addresses a customer is written to: their e-mail (lower-cased) and their phone in E.164. */
export function customerRecipients(customer: Addressable): string[] {
  const phones = customer.phone
    ? [toE164(`${customer.phonePrefix}${customer.phone}`), toE164(customer.phone)].filter(
        (phone): phone is string => phone !== undefined,
      )
    : [];
  return [...new Set([customer.email.toLowerCase(), ...phones])];
}

/**
 * The customer's outbox messages: those about them (`customer_id`), and those written to their
 * address or number without naming anyone (an e-mail from the e-mail screen to one address). A message
 * about another customer is that customer's, whatever its recipient.
 */
export function customerMessages(customerId: number, customer: Addressable): SQL {
  return sql`(${outboxMessages.customerId} = ${customerId} or (${outboxMessages.customerId} is null and lower(${outboxMessages.recipient}) = any(${sql.param(customerRecipients(customer))}::text[])))`;
}

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
