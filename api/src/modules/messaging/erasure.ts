import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type customers, mailings, outboxMessages } from '../../db/schema/index.js';
import { customerMessages } from './customer-messages.js';

/**
 * The messaging area's part of a customer's erasure (`privacy/erasure.ts`): their messages as the data
 * export reads them (`customerMessages`), and the mailings addressed to them alone.
 */
export const messagingErasure = {
  async erase(tx: Tx, customer: typeof customers.$inferSelect) {
    await tx.delete(outboxMessages).where(customerMessages(customer.id, customer));
    await tx.delete(mailings).where(sql`lower(${mailings.toAddress}) = ${customer.email.toLowerCase()}`);
  },
};
