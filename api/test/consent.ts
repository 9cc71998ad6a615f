import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client.js';
import { customers, dnaConsents } from '../src/db/schema/index.js';

/**
 * Gives customers a valid consent to DNA analysis as a record (issue 35), as the reception records
 * one: tests of later steps (pairing, generation) start from a consented customer, as real ones do.
 */
export async function giveConsent(db: Executor, ...customerIds: number[]) {
  for (const customerId of customerIds) {
    await db.insert(dnaConsents).values({ customerId, formVersion: 'TEST-1', signedOn: '2026-01-01' });
    await db
      .update(customers)
      .set({ agreedToDnaAnalysis: true, dnaConsentAt: new Date() })
      .where(eq(customers.id, customerId));
  }
}
