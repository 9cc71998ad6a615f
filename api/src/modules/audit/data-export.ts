import { type AccessKind, accessKindLabels, type Locale, labelIn } from '@genodesk/contract';
import { and, arrayContains, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { accessLog, auditLog, users } from '../../db/schema/index.js';

/** A change recorded in the audit trail: who changed which field from what to what, and when. */
export type ExportedChange = {
  at: string;
  by: string | null;
  field: string;
  oldValue: string | null;
  newValue: string | null;
};

/**
 * A record's audit trail for the customer's data export: every area's part asks for those of its
 * records while it builds its section, and gets a list that `readAll` fills once every part has asked
 * (one query for the whole export, not one per record or per area); `keep` limits it to some fields.
 */
export type HistoryOf = (entity: string, id: number, keep?: (field: string) => boolean) => ExportedChange[];

/** The audit trails the export's parts ask for, read in one query when they all have. */
export function exportedHistories() {
  type Asked = { changes: ExportedChange[]; keep?: (field: string) => boolean };
  const asked = new Map<string, { entity: string; id: number; lists: Asked[] }>();
  const historyOf: HistoryOf = (entity, id, keep) => {
    const key = `${entity}:${id}`;
    let trail = asked.get(key);
    if (!trail) {
      trail = { entity, id, lists: [] };
      asked.set(key, trail);
    }
    const list: Asked = { changes: [], keep };
    trail.lists.push(list);
    return list.changes;
  };
  async function readAll(tx: Executor) {
    const idsOf = new Map<string, number[]>();
    for (const { entity, id } of asked.values()) {
      const ids = idsOf.get(entity) ?? [];
      ids.push(id);
      idsOf.set(entity, ids);
    }
    if (!idsOf.size) return;
    // Bracketed: drizzle's `or` inside `and` is not.
    const of: SQL[] = [...idsOf].map(
      ([entity, ids]) => sql`(${and(eq(auditLog.entity, entity), inArray(auditLog.entityId, ids))})`,
    );
    const changer = alias(users, 'changer');
    const rows = await tx
      .select({ entry: auditLog, by: changer.userName })
      .from(auditLog)
      .leftJoin(changer, eq(changer.id, auditLog.changedBy))
      .where(or(...of))
      .orderBy(asc(auditLog.changedAt), asc(auditLog.id));
    for (const { entry, by } of rows)
      for (const list of asked.get(`${entry.entity}:${entry.entityId}`)?.lists ?? [])
        if (!list.keep || list.keep(entry.field))
          list.changes.push({
            at: entry.changedAt.toISOString(),
            by,
            field: entry.field,
            oldValue: entry.oldValue,
            newValue: entry.newValue,
          });
  }
  return { historyOf, readAll };
}

export type AuditExport = {
  /** Who read the customer's data, and when (the access log, issue 24). */
  accessLog: { at: string; by: string | null; kind: string; kindName: string; entityId: number | null }[];
};

/** The audit area's part of the customer's data export (`privacy/data-export.ts`): who read their data. */
export async function auditDataExport(
  tx: Executor,
  { customer, locale }: { customer: { id: number }; locale: Locale },
): Promise<{ sections: AuditExport }> {
  const reader = alias(users, 'reader');
  const rows = await tx
    .select({
      at: accessLog.occurredAt,
      by: reader.userName,
      kind: accessLog.kind,
      entityId: accessLog.entityId,
    })
    .from(accessLog)
    .leftJoin(reader, eq(reader.id, accessLog.userId))
    .where(arrayContains(accessLog.customerIds, [customer.id]))
    .orderBy(asc(accessLog.occurredAt), asc(accessLog.id));
  return {
    sections: {
      accessLog: rows.map((a) => ({
        at: a.at.toISOString(),
        by: a.by,
        kind: a.kind,
        kindName: labelIn(accessKindLabels, a.kind as AccessKind, locale),
        entityId: a.entityId,
      })),
    },
  };
}
