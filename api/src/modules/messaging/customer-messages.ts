import { toE164 } from '@genodesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type customers, outboxMessages } from '../../db/schema/index.js';

// Which outbox messages are a customer's: one rule, shared by the data export (GDPR Art. 15/20) and
// the erasure (Art. 17), so that what is erased is what is exported.

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
