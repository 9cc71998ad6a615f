import { insertMany } from '../../db/bulk.js';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type FieldChange = { field: string; oldValue: unknown; newValue: unknown };

const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));

export type AuditEntry = {
  entity: string;
  entityId: number;
  changedBy: number | null;
  changes: FieldChange[];
};

/** Records the fields whose values really changed; returns how many. */
export const audit = (db: Executor, entry: AuditEntry): Promise<number> => auditMany(db, [entry]);

/** `audit` for many records at once, a thousand rows an insert. */
export async function auditMany(db: Executor, entries: AuditEntry[]): Promise<number> {
  const rows = entries.flatMap((entry) =>
    entry.changes
      .filter((c) => asText(c.oldValue) !== asText(c.newValue))
      .map((c) => ({
        entity: entry.entity,
        entityId: entry.entityId,
        field: c.field,
        oldValue: asText(c.oldValue),
        newValue: asText(c.newValue),
        changedBy: entry.changedBy,
      })),
  );
  await insertMany(db, auditLog, rows);
  return rows.length;
}

/** The changes between a record and its edited values, for the given fields. */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: (keyof T & string)[],
): FieldChange[] {
  return fields
    .filter((field) => field in after && after[field] !== undefined)
    .map((field) => ({ field, oldValue: before[field], newValue: after[field] }));
}
