import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './column-types.js';
import { users } from './users.js';

/**
 * A customer. `search` is generated: the name, e-mail, phone, barcode (extID) and OpenLIMS id in one
 * column, folded as searches compare text (`search_fold`: lower-cased, without diacritics), searched
 * through a trigram index.
 */
export const customers = pgTable(
  'customers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    /** The customer app's sign-in (argon2id); null for imported customers until they set one. */
    passwordHash: text('password_hash'),
    gender: smallint('gender').notNull().default(2),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phonePrefix: text('phone_prefix').notNull().default('+420'),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    streetNumber: text('street_number').notNull().default(''),
    city: text('city').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    /** The kit barcode, set when a kit is sent. */
    extId: text('ext_id'),
    openLimsId: text('open_lims_id'),
    registrationSource: smallint('registration_source').notNull(),
    dateRegistration: timestamp('date_registration', { withTimezone: true }).notNull().defaultNow(),
    agreedToDataProcessing: boolean('agreed_to_data_processing').notNull().default(false),
    agreedToTermsOfService: boolean('agreed_to_terms_of_service').notNull().default(false),
    agreedToDnaAnalysis: boolean('agreed_to_dna_analysis').notNull().default(false),
    /** When the consent to DNA analysis was given (recorded at reception or in the edit); null without it. */
    dnaConsentAt: timestamp('dna_consent_at', { withTimezone: true }),
    dnaSampleUsageStatus: smallint('dna_sample_usage_status'),
    agreedToScientificUse: boolean('agreed_to_scientific_use').notNull().default(false),
    agreedToSampleExamination: boolean('agreed_to_sample_examination').notNull().default(false),
    dnaAgreementWasDigital: boolean('dna_agreement_was_digital').notNull().default(false),
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    notifyBySms: boolean('notify_by_sms').notNull().default(true),
    /** The language every message to the customer is written in. */
    language: text('language').notNull().default('cs'),
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`search_fold(name || ' ' || surname || ' ' || email || ' ' || phone_prefix || phone || ' ' || phone || ' ' || coalesce(ext_id, '') || ' ' || coalesce(open_lims_id, ''))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the customer was erased (GDPR Art. 17, issue 24): the row stays, anonymised, only for the
     * orders and payments the accounting law keeps; every other trace is gone.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /**
     * A legal hold (issue 36): health-records law keeps this customer's medical records (a report a
     * physician signed) for its period, so erasure is refused while it stands. Why, when, by whom.
     */
    legalHoldReason: text('legal_hold_reason'),
    legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
    legalHoldBy: bigint('legal_hold_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('customers_email_lower_key').on(sql`lower(${t.email})`),
    index('customers_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // Sorts read `column asc nulls first, id` (db/listing.ts) forwards and backwards: one index each.
    index('customers_id_sort_idx').on(sql`${t.id} nulls first`),
    index('customers_name_sort_idx').on(sql`${t.name} collate sort_cs nulls first`, t.id),
    index('customers_surname_sort_idx').on(sql`${t.surname} collate sort_cs nulls first`, t.id),
    index('customers_email_sort_idx').on(sql`lower(${t.email}) nulls first`, t.id),
    index('customers_phone_sort_idx').on(sql`${t.phone} nulls first`, t.id),
    index('customers_city_sort_idx').on(sql`${t.city} collate sort_cs nulls first`, t.id),
    index('customers_ext_id_sort_idx').on(sql`${t.extId} nulls first`, t.id),
    index('customers_open_lims_id_sort_idx').on(sql`${t.openLimsId} nulls first`, t.id),
    index('customers_registration_source_sort_idx').on(sql`${t.registrationSource} nulls first`, t.id),
    index('customers_date_registration_sort_idx').on(sql`${t.dateRegistration} nulls first`, t.id),
    index('customers_date_of_birth_sort_idx').on(sql`${t.dateOfBirth} nulls first`, t.id),
    index('customers_source_registered_idx').on(t.registrationSource, t.dateRegistration),
    check('customers_gender_range', sql`${t.gender} between 1 and 2`),
    check('customers_language', sql`${t.language} in ('cs', 'en')`),
    check('customers_registration_source_range', sql`${t.registrationSource} between 1 and 3`),
    check(
      'customers_dna_sample_usage_range',
      sql`${t.dnaSampleUsageStatus} is null or ${t.dnaSampleUsageStatus} between 1 and 4`,
    ),
  ],
);

/**
 * A customer's written informed consent to DNA analysis (issue 35; Act 373/2011 §28–29): the signed
 * form's version and date, who recorded it and, optionally, the scanned form. Withdrawal is its own
 * action on the row (date, who, what happens next); a customer has at most one valid (not withdrawn)
 * consent. `customers.agreed_to_dna_analysis` / `dna_consent_at` mirror the valid one for the spec's
 * fields; the one rule (`modules/customers/dna-consent.ts`) reads this table.
 */
export const dnaConsents = pgTable(
  'dna_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    formVersion: text('form_version').notNull(),
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The scanned signed form (PDF, PNG or JPEG), when one was attached. */
    scan: bytea('scan'),
    scanFileName: text('scan_file_name'),
    scanContentType: text('scan_content_type'),
    withdrawnOn: date('withdrawn_on', { mode: 'string' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: bigint('withdrawn_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** What happens after withdrawal (`ConsentWithdrawalOutcome`): 'destroySample' or 'keepForCustomer'. */
    withdrawalOutcome: text('withdrawal_outcome'),
    withdrawalNote: text('withdrawal_note'),
  },
  (t) => [
    index('dna_consents_customer_idx').on(t.customerId, t.recordedAt),
    uniqueIndex('dna_consents_one_valid_key').on(t.customerId).where(sql`${t.withdrawnAt} is null`),
    check(
      'dna_consents_withdrawal',
      sql`(${t.withdrawnAt} is null) = (${t.withdrawalOutcome} is null) and (${t.withdrawnAt} is null) = (${t.withdrawnOn} is null)`,
    ),
    check(
      'dna_consents_withdrawal_outcome',
      sql`${t.withdrawalOutcome} in ('destroySample', 'keepForCustomer')`,
    ),
    check(
      'dna_consents_scan',
      sql`(${t.scan} is null) = (${t.scanContentType} is null) and ${t.scanContentType} in ('application/pdf', 'image/png', 'image/jpeg')`,
    ),
  ],
);

/**
 * A customer's request to be linked with a partner (NOT_REQUESTED, REQUESTED, ACCEPTED). No row is
 * NOT_REQUESTED. Accepting links both ways: each side's row names the other as partner.
 */
export const customerRelationships = pgTable(
  'customer_relationships',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    requestedPartnerFullName: text('requested_partner_full_name'),
    requestedPartnerEmail: text('requested_partner_email'),
    partnerId: bigint('partner_id', { mode: 'number' }).references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: bigint('accepted_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('customer_relationships_partner_key').on(t.partnerId),
    index('customer_relationships_status_idx').on(t.status, t.requestedAt),
    index('customer_relationships_requested_at_idx').on(t.requestedAt),
    check('customer_relationships_status', sql`${t.status} in ('NOT_REQUESTED', 'REQUESTED', 'ACCEPTED')`),
    check(
      'customer_relationships_not_self',
      sql`${t.partnerId} is null or ${t.partnerId} <> ${t.customerId}`,
    ),
  ],
);

/** A customer's questionnaire: answers per section (section key → question key → value). */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    answers: jsonb('answers')
      .$type<Record<string, Record<string, string | number | boolean | null>>>()
      .notNull()
      .default({}),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('questionnaires_customer_key').on(t.customerId),
    index('questionnaires_filled_at_idx').on(t.filledAt),
    index('questionnaires_updated_at_idx').on(t.updatedAt),
  ],
);
