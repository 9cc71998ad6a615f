import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, transaction } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../audit/audit.js';

/**
 * `PUT admin/customers/legalhold`: puts the customer on legal hold (a reason: medical records the law
 * keeps, so the erasure is refused) or lifts it (null); audited.
 */
export async function setLegalHold(db: Database, by: Principal, id: number, reason: string | null) {
  await transaction(db, async (tx) => {
    const [customer] = await tx
      .select({ reason: customers.legalHoldReason })
      .from(customers)
      .where(and(eq(customers.id, id), isNull(customers.erasedAt)))
      .for('update');
    if (!customer) throw notFound();
    await tx
      .update(customers)
      .set({
        legalHoldReason: reason,
        legalHoldAt: reason === null ? null : sql`now()`,
        legalHoldBy: reason === null ? null : by.id,
        updatedAt: sql`now()`,
      })
      .where(eq(customers.id, id));
    await audit(tx, {
      entity: 'customer',
      entityId: id,
      changedBy: by.id,
      changes: [{ field: 'legalHold', oldValue: customer.reason, newValue: reason }],
    });
  });
}
