import { RelationshipStatus } from '@genodesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customerRelationships, customers, dnaConsents, questionnaires } from '../../db/schema/index.js';

/** The anonymised customer's e-mail: unique per id, never deliverable. */
export const erasedEmail = (id: number) => `erased-${id}@erased.invalid`;

/**
 * What the anonymised row holds: neutral values that satisfy the table's constraints. The orders and
 * payments lists show the customer as `erasedCustomerLabel`, in the caller's language
 * (`customerFullName`).
 */
const anonymised = (id: number) => ({
  name: 'Erased',
  surname: 'customer',
  email: erasedEmail(id),
  passwordHash: null,
  gender: 2,
  dateOfBirth: null,
  phonePrefix: '',
  phone: '',
  street: '',
  streetNumber: '',
  city: '',
  zipCode: '',
  extId: null,
  openLimsId: null,
  agreedToDataProcessing: false,
  agreedToTermsOfService: false,
  agreedToDnaAnalysis: false,
  dnaConsentAt: null,
  dnaSampleUsageStatus: null,
  agreedToScientificUse: false,
  agreedToSampleExamination: false,
  dnaAgreementWasDigital: false,
  notifyByEmail: false,
  notifyBySms: false,
  language: 'cs',
});

/**
 * The customers area's part of a customer's erasure (`privacy/erasure.ts`), run last: their consent
 * records with the scanned forms (issue 35; the row is anonymised, not deleted, so its foreign keys'
 * cascades never run), their questionnaire, the relationship both ways and other customers' requests
 * naming them; then the row itself is anonymised (`erased_at` set). Their external id is a barcode other
 * areas' rows may name.
 */
export const customersErasure = {
  async traces(tx: Tx, customer: typeof customers.$inferSelect) {
    const questionnaireIds = (
      await tx
        .select({ id: questionnaires.id })
        .from(questionnaires)
        .where(eq(questionnaires.customerId, customer.id))
    ).map((row) => row.id);
    return {
      trails: [
        { entities: ['customer'], ids: [customer.id] },
        { entities: ['questionnaire'], ids: questionnaireIds },
      ],
      codes: customer.extId ? [customer.extId] : [],
    };
  },
  async erase(tx: Tx, customer: typeof customers.$inferSelect) {
    const id = customer.id;
    await tx.delete(dnaConsents).where(eq(dnaConsents.customerId, id));
    await tx.delete(questionnaires).where(eq(questionnaires.customerId, id));

    // Relationships: theirs, their partner's link to them, other customers' requests naming them.
    await tx.delete(customerRelationships).where(eq(customerRelationships.customerId, id));
    await tx
      .update(customerRelationships)
      .set({
        status: RelationshipStatus.NotRequested,
        partnerId: null,
        acceptedAt: null,
        acceptedBy: null,
        requestedPartnerFullName: null,
        requestedPartnerEmail: null,
        requestedAt: null,
      })
      .where(eq(customerRelationships.partnerId, id));
    await tx
      .update(customerRelationships)
      .set({ requestedPartnerEmail: null })
      .where(sql`lower(${customerRelationships.requestedPartnerEmail}) = ${customer.email.toLowerCase()}`);
    const fullName = `${customer.name} ${customer.surname}`.trim();
    if (fullName)
      await tx
        .update(customerRelationships)
        .set({ requestedPartnerFullName: null })
        .where(sql`lower(${customerRelationships.requestedPartnerFullName}) = ${fullName.toLowerCase()}`);

    await tx
      .update(customers)
      .set({ ...anonymised(id), erasedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(customers.id, id));
  },
};
