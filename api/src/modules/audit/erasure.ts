import { and, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/**
 * The audit area's part of a customer's erasure (`privacy/erasure.ts`): the audit trail of everything
 * of theirs (every area's `trails`) keeps who changed which field when, without the values.
 */
export const auditErasure = {
  async erase(tx: Tx, _customer: unknown, { trails }: { trails: { entities: string[]; ids: number[] }[] }) {
    const of: SQL[] = trails
      .filter((trail) => trail.ids.length > 0)
      .map(
        (trail) =>
          sql`(${inArray(auditLog.entity, trail.entities)} and ${inArray(auditLog.entityId, trail.ids)})`,
      );
    if (!of.length) return;
    await tx
      .update(auditLog)
      .set({ oldValue: null, newValue: null })
      .where(and(or(...of), sql`(${auditLog.oldValue} is not null or ${auditLog.newValue} is not null)`));
  },
};
