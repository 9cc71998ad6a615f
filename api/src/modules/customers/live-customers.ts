import { and, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';

/**
 * Which of `ids` are customers not erased, their rows locked FOR KEY SHARE until the caller's
 * transaction ends. Every write that creates something for an existing customer (a sample, a report,
 * a reservation, a relationship, genotypes, a message) asks this first: the erasure holds the
 * customer's row FOR UPDATE, which conflicts with FOR KEY SHARE, so a write racing an erasure waits
 * for it and PostgreSQL then re-checks `erased_at` on the erased row and finds none; an erasure
 * starting after the check waits for the write's transaction and then removes what it wrote. A plain
 * read of `erased_at` would see "not erased", and its insert would go through after the erasure.
 */
export async function lockLiveCustomers(tx: Executor, ids: Iterable<number>): Promise<Set<number>> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  if (!wanted.length) return new Set();
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(inArray(customers.id, wanted), isNull(customers.erasedAt)))
    .orderBy(customers.id)
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** `lockLiveCustomers` for one customer: whether it exists and is not erased (then locked). */
export async function lockLiveCustomer(tx: Executor, id: number): Promise<boolean> {
  return (await lockLiveCustomers(tx, [id])).has(id);
}
