import { type ConsentStep, consentStepLabels, type Locale } from '@genodesk/contract';
import { and, asc, eq, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, dnaConsents } from '../../db/schema/index.js';
import { unprocessable } from '../../http/errors.js';

/**
 * The one consent rule (issue 35): genetic testing only with a valid written consent (Act 373/2011
 * §28–29). Every step that moves a customer's DNA or results on — sampling, kit sending, receipt,
 * analysis, pairing, generation, publication, an invitation to a consultation — asks here, whether
 * from a screen, a bulk action, the status editor or a job.
 *
 * The valid consents are read `for share`: a withdrawal (an update of that row) waits for a step
 * already under way to commit, and a step after the withdrawal sees none — so a job running across a
 * withdrawal either finished before it or is held by it, never half of each.
 */
export async function customersWithoutConsent(
  tx: Executor,
  customerIds: readonly number[],
): Promise<{ id: number; name: string; gender: number }[]> {
  const ids = [...new Set(customerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const valid = await tx
    .select({ customerId: dnaConsents.customerId })
    .from(dnaConsents)
    .where(and(inArray(dnaConsents.customerId, ids), isNull(dnaConsents.withdrawnAt)))
    .orderBy(asc(dnaConsents.customerId))
    .for('share');
  const consented = new Set(valid.map((v) => v.customerId));
  const missing = ids.filter((id) => !consented.has(id));
  if (missing.length === 0) return [];
  return tx
    .select({
      id: customers.id,
      name: sql<string>`${customers.name} || ' ' || ${customers.surname}`,
      gender: customers.gender,
    })
    .from(customers)
    .where(inArray(customers.id, missing))
    .orderBy(asc(customers.id));
}

/**
 * Whether the customer (an SQL expression of their id) holds a valid consent, read without a lock: for
 * a screen to show in its own query (issue 38), and to choose the recipients of messages about results
 * (a template's notice, a mailing by reports), which the outbox asks again as each one goes out
 * (`mayGoOut`). Every step that moves DNA or results on still asks `customersWithoutConsent`, which
 * reads the same rows `for share`.
 */
export const validDnaConsentExists = (customerId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${dnaConsents} dc where dc.customer_id = ${customerId} and dc.withdrawn_at is null)`;

export async function hasValidDnaConsent(tx: Executor, customerId: number): Promise<boolean> {
  return (await customersWithoutConsent(tx, [customerId])).length === 0;
}

/** Refuses `step` (422 `noValidDnaConsent`, naming the first customer without a valid consent). */
export async function requireDnaConsent(
  tx: Executor,
  customerIds: readonly number[],
  step: ConsentStep,
  locale: Locale,
  field?: string,
): Promise<void> {
  const [first] = await customersWithoutConsent(tx, customerIds);
  if (first)
    // The gender picks "Zákazník … nemá" or "Zákaznice … nemá".
    throw unprocessable('noValidDnaConsent', field, {
      customer: first.name,
      gender: first.gender,
      step: consentStepLabels[step][locale],
    });
}

/** The valid consent's id of a customer, or null (for screens that say whether one exists). */
export async function validDnaConsentId(tx: Executor, customerId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: dnaConsents.id })
    .from(dnaConsents)
    .where(and(eq(dnaConsents.customerId, customerId), isNull(dnaConsents.withdrawnAt)));
  return row?.id ?? null;
}
