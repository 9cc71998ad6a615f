import type { EraseCustomerRequest } from '@genodesk/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import { type Database, type Tx, transaction } from '../db/client.js';
import { customers, idempotentRequests } from '../db/schema/index.js';
import { conflict, notFound } from '../http/errors.js';
import { audit } from '../modules/audit/audit.js';
import type { Client } from '../modules/audit/security-log.js';
import { confirmPassword } from '../modules/auth/service.js';

/** The customer being erased: their row as it was, locked, before anything of theirs goes. */
export type ErasedCustomer = typeof customers.$inferSelect;

/**
 * What of the customer's an area holds that the erasure as a whole needs, read before anything goes:
 * the audit trails of their records (the values go, who changed which field when stays), their
 * barcodes (named in other areas' rows: results files), and the jobs about their records.
 */
export type ErasureTraces = {
  trails: { entities: string[]; ids: number[] }[];
  codes: string[];
  jobs: { name: string; field: string; ids: number[] }[];
};

/**
 * An area's part of the erasure (GDPR Art. 17), registered at the composition root (`areas.ts`), which
 * gives the order: a part runs after those whose rows refer to its own. `traces` reads what the others
 * need, and `own`: what the part itself acts on, so that it erases exactly what it named; `erase`
 * removes or anonymises what the area holds, given everyone's traces and its own. (Methods, so that a
 * part's own `own` type fits the registry's `unknown`.)
 */
export type ErasurePart = {
  traces?(tx: Tx, customer: ErasedCustomer): Promise<Partial<ErasureTraces> & { own?: unknown }>;
  erase(tx: Tx, customer: ErasedCustomer, traces: ErasureTraces, own: unknown): Promise<void>;
};

const erasureParts: ErasurePart[] = [];

/** The areas' parts, in the order they run (called once, by the composition root). */
export function registerErasureParts(parts: readonly ErasurePart[]) {
  erasureParts.splice(0, erasureParts.length, ...parts);
}

/**
 * Erases a customer (issue 24; issue 36: an administrator's act, Customers.Erase), irreversible, in one
 * transaction under the customer's row lock: their password first (a stolen sign-in must not erase
 * medical records), then, unless a legal hold stands, every area's part (what the accounting law keeps
 * stays: the orders and payments point at the customer row, which is anonymised), the queued or
 * finished jobs about them, and the stored idempotent answers that show them. One audit row (`erased`,
 * no personal value) records who erased which id, why, and the request's reference. An erased customer
 * answers 404 like an unknown one.
 */
export async function eraseCustomer(
  db: Database,
  by: Principal,
  id: number,
  input: EraseCustomerRequest,
  client: Client,
): Promise<{ id: number }> {
  await confirmPassword(db, by, input.Password, { purpose: 'customerErasure', field: 'Password', client });
  await transaction(db, async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), isNull(customers.erasedAt)))
      .for('update');
    if (!customer) throw notFound();
    if (customer.legalHoldReason !== null)
      throw conflict('customerOnLegalHold', undefined, { reason: customer.legalHoldReason });

    const traces: ErasureTraces = { trails: [], codes: [], jobs: [] };
    const owns: unknown[] = [];
    for (const part of erasureParts) {
      const found = (await part.traces?.(tx, customer)) ?? {};
      traces.trails.push(...(found.trails ?? []));
      traces.codes.push(...(found.codes ?? []));
      traces.jobs.push(...(found.jobs ?? []));
      owns.push(found.own);
    }
    traces.codes = [...new Set(traces.codes)];
    await eraseJobs(tx, customer, traces);
    for (const [index, part] of erasureParts.entries()) await part.erase(tx, customer, traces, owns[index]);
    await eraseStoredAnswers(tx, customer, traces);
    // The customers area's part anonymises the row last: without it (no parts registered, say), no
    // erasure in name only is recorded.
    const [row] = await tx
      .select({ erasedAt: customers.erasedAt })
      .from(customers)
      .where(eq(customers.id, id));
    if (!row?.erasedAt) throw new Error("the erasure's parts left the customer's row as it was (areas.ts)");

    await audit(tx, {
      entity: 'customer',
      entityId: id,
      changedBy: by.id,
      changes: [
        { field: 'erased', oldValue: null, newValue: 'erased' },
        { field: 'erasureReason', oldValue: null, newValue: input.Reason },
        ...(input.RequestReference
          ? [{ field: 'erasureRequest', oldValue: null, newValue: input.RequestReference }]
          : []),
      ],
    });
  });
  return { id };
}

/**
 * Jobs about their records (the areas' `jobs` traces) or naming them (their id or e-mail anywhere in
 * the payload or output, to be sure). A running one is left to finish (it finds nothing); the rest go.
 */
async function eraseJobs(tx: Tx, customer: ErasedCustomer, traces: ErasureTraces) {
  const [boss] = (
    await tx.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as "exists"`)
  ).rows;
  if (!boss?.exists) return;
  const about = traces.jobs
    .filter((jobs) => jobs.ids.length > 0)
    .map(
      (jobs) =>
        sql`(name = ${jobs.name} and (data->>${jobs.field}) = any(${sql.param(jobs.ids.map(String))}::text[]))`,
    );
  await tx.execute(sql`
    delete from pgboss.job
    where state <> 'active'
      and (${about.length ? sql`${sql.join(about, sql` or `)} or ` : sql``}(data->>'customerId') = ${String(customer.id)}
        or position(${customer.email.toLowerCase()} in lower(coalesce(data::text, '') || coalesce(output::text, ''))) > 0)`);
}

/** Stored answers of the last day's requests (Idempotency-Key) that show them. */
async function eraseStoredAnswers(tx: Tx, customer: ErasedCustomer, traces: ErasureTraces) {
  const fullName = `${customer.name} ${customer.surname}`.trim().toLowerCase();
  const shown = [customer.email.toLowerCase(), fullName, ...traces.codes.map((code) => code.toLowerCase())];
  if (customer.phone) shown.push(customer.phone.toLowerCase());
  await tx
    .delete(idempotentRequests)
    .where(
      sql`exists (select 1 from unnest(${sql.param(shown.filter(Boolean))}::text[]) s where position(s in lower(${idempotentRequests.body})) > 0)`,
    );
}
