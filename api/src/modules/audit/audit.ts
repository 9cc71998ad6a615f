import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type FieldChange = { field: string; oldValue: unknown; newValue: unknown };

const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Records the fields whose values really changed; returns how many. */
export async function audit(
  db: Executor,
  entry: { entity: string; entityId: number; changedBy: number | null; changes: FieldChange[] },
): Promise<number> {
  const rows = entry.changes
    .filter((c) => asText(c.oldValue) !== asText(c.newValue))
    .map((c) => ({
      entity: entry.entity,
      entityId: entry.entityId,
      field: c.field,
      oldValue: asText(c.oldValue),
      newValue: asText(c.newValue),
      changedBy: entry.changedBy,
    }));
  if (rows.length > 0) await db.insert(auditLog).values(rows);
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
