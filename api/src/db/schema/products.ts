import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './column-types.js';
import { customers } from './customers.js';
import { productTypes } from './finances.js';
import { samples } from './samples.js';
import { templates } from './templates.js';
import { users } from './users.js';

/** A customer's stored genotype for one gene (SPEC "Gene information"), from a results upload. */
export const customerGenotypes = pgTable(
  'customer_genotypes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    geneCode: text('gene_code').notNull(),
    geneName: text('gene_name').notNull().default(''),
    hgvsC: text('hgvs_c').notNull().default(''),
    protein: text('protein').notNull().default(''),
    transcript: text('transcript').notNull().default(''),
    /** As shown: alleles upper-cased, in the order given, joined by '/'. */
    genotype: text('genotype').notNull(),
    /** Why a marker has no call (`NoCallReason`); set exactly when `genotype` is the no-call '--'. */
    noCallReason: text('no_call_reason'),
    /** The results upload the row came from; no uploads table yet. */
    uploadId: bigint('upload_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_genotypes_gene_key').on(t.customerId, sql`lower(${t.geneCode})`),
    check('customer_genotypes_no_call', sql`(${t.genotype} = '--') = (${t.noCallReason} is not null)`),
  ],
);

/**
 * A generated phenotype of a report. With no matching template it is `notAssessed` (no risk, the gene
 * combination's default text) until a doctor assesses it (`assessedBy`, a template or an own text and
 * risk). Reports generated before assessment existed lack both flags: see `reportContent`.
 */
export type ReportPhenotype = {
  geneCombinationId: number;
  phenotype: string;
  phenotypeEn: string;
  templateId: number | null;
  risk: number | null;
  text: string;
  textEn: string;
  /** The genotypes read: plus strand (issue 34); a no-call is '--' with its reason. */
  genes: { code: string; genotype: string; noCallReason?: string | null }[];
  /** `ClinicalWeight` of the gene combination when generated; older contents lack it (read as 2). */
  clinicalWeight?: number;
  /** A gene it needs was not called: no template, risk or text; never `notAssessed`. */
  notDetermined?: boolean;
  notAssessed?: boolean;
  assessedBy?: { id: number; userName: string; at: string } | null;
  /** Its template asks for a consultation with the customer before release (issue 35, e.g. APOE ε4/ε4). */
  requiresConsultation?: boolean;
  /**
   * Withheld from the released report by the signing physician (issue 35): a not-assessed,
   * not-determined or consultation-bound phenotype, printed only as "Not reported: …" with the reason.
   */
  withheld?: { by: { id: number; userName: string }; at: string; reason: string } | null;
};
export type ReportSubcategory = { id: number; name: string; nameEn: string; phenotypes: ReportPhenotype[] };
export type ReportCategory = { id: number; name: string; nameEn: string; subcategories: ReportSubcategory[] };
/** A combination rule the report's phenotypes fulfil. */
export type ReportCombination = {
  ruleId: number;
  name: string;
  nameEn: string;
  risk: number;
  /** `ClinicalWeight` of the rule when generated; older contents lack it (read as 2). */
  clinicalWeight?: number;
  text: string;
  textEn: string;
  phenotypes: { geneCombinationId: number; phenotype: string; phenotypeEn: string }[];
};
export type ReportContent = { categories: ReportCategory[]; combinations?: ReportCombination[] };

/** A customer's report ("product", SPEC §3), status 1–5 (SPEC §4). */
export const products = pgTable(
  'products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sampleId: bigint('sample_id', { mode: 'number' }).references(() => samples.id, { onDelete: 'set null' }),
    productTypeId: bigint('product_type_id', { mode: 'number' }).references(() => productTypes.id, {
      onDelete: 'set null',
    }),
    status: smallint('status').notNull().default(1),
    content: jsonb('content').$type<ReportContent>().notNull(),
    pairedPhenotypesCount: integer('paired_phenotypes_count').notNull().default(0),
    requiresInspection: boolean('requires_inspection').notNull().default(false),
    isInDoctorSection: boolean('is_in_doctor_section').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    doctorIntro: text('doctor_intro').notNull().default(''),
    doctorIntroReproductiveGenetics: text('doctor_intro_reproductive_genetics').notNull().default(''),
    doctorIntroReproductiveGeneticsEnabled: boolean('doctor_intro_reproductive_genetics_enabled')
      .notNull()
      .default(false),
    doctorsIntroLastChange: timestamp('doctors_intro_last_change', { withTimezone: true }),
    doctorId: bigint('doctor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The parent or guardian invited with an underage customer (status 2). */
    legalGuardianName: text('legal_guardian_name'),
    legalGuardianEmail: text('legal_guardian_email'),
    /** Set when the report came from a lab results upload (not an additional purchase). */
    approvedByLaboratory: boolean('approved_by_laboratory').notNull().default(false),
    /**
     * Technical validation (issue 35, the first release step): a laboratory specialist reviewed call
     * rate, no-calls and controls of the current content. Cleared when the content is generated anew.
     */
    technicallyValidatedAt: timestamp('technically_validated_at', { withTimezone: true }),
    technicallyValidatedBy: bigint('technically_validated_by', { mode: 'number' }).references(
      () => users.id,
      {
        onDelete: 'set null',
      },
    ),
    /** What the specialist reviewed (`TechnicalValidation`): call rate (a share, 0.929 is 92.9 %), no-calls, controls, a note. */
    technicalValidation: jsonb('technical_validation').$type<{
      callRate: number;
      noCalls: number;
      controlsPassed: boolean;
      note: string;
    }>(),
    /** The requesting physician and the indication, printed on the report when given. */
    requestingPhysician: text('requesting_physician'),
    indication: text('indication'),
    /**
     * A requested move (SPEC §4) not yet done by its job: the target section, 'results',
     * 'doctorSection' or 'archive' (`ProductSection`). Null when no move is pending.
     */
    pendingSection: text('pending_section'),
    moveRequestedAt: timestamp('move_requested_at', { withTimezone: true }),
    moveRequestedBy: bigint('move_requested_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    lastChangeAt: timestamp('last_change_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_customer_id_idx').on(t.customerId),
    index('products_sample_id_idx').on(t.sampleId),
    index('products_status_idx').on(t.status, t.generatedAt),
    // Each section's default order (`-generatedAt`, then id; db/listing.ts) walks these backwards.
    index('products_section_idx').on(
      t.isArchived,
      t.isInDoctorSection,
      sql`${t.generatedAt} nulls first`,
      t.id,
    ),
    // A section's reports of one status (the dashboard's "to evaluate" and the list's status filter).
    index('products_section_status_idx').on(
      t.isArchived,
      t.isInDoctorSection,
      t.status,
      sql`${t.generatedAt} nulls first`,
      t.id,
    ),
    index('products_inspection_idx')
      .on(t.isArchived, t.isInDoctorSection, sql`${t.generatedAt} nulls first`, t.id)
      .where(sql`${t.requiresInspection}`),
    index('products_archive_idx').on(sql`${t.generatedAt} nulls first`, t.id).where(sql`${t.isArchived}`),
    index('products_generated_at_idx').on(t.generatedAt),
    check('products_status_range', sql`${t.status} between 1 and 5`),
    check('products_pending_section', sql`${t.pendingSection} in ('results', 'doctorSection', 'archive')`),
    check('products_paired_count_positive', sql`${t.pairedPhenotypesCount} >= 0`),
  ],
);

/** The templates a report's content uses: what `templates.customer_count` counts. */
export const productTemplates = pgTable(
  'product_templates',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'product_templates_pkey', columns: [t.productId, t.templateId] }),
    index('product_templates_template_idx').on(t.templateId, t.productId),
  ],
);

/**
 * The report's issued PDFs (issue 22): one row per publication [3] or preliminary publication [4],
 * rendered once and never changed (the code has no update of this table). A later publication is the
 * next version, naming the one it replaces and why. `sha256` (hex of `content`) and the short
 * `verification_code` printed on it find the document again when a copy is checked.
 */
export const reportDocuments = pgTable(
  'report_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    language: text('language').notNull(),
    preliminary: boolean('preliminary').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    verificationCode: text('verification_code').notNull(),
    replacesVersion: integer('replaces_version'),
    reason: text('reason'),
    /**
     * The same version as an HL7 FHIR R4 Bundle (issue 40), built from the same source in the same
     * transaction; without the PDF's bytes, which are `content` (the read puts them in). None for a
     * version issued before migration 0040: nothing then recorded what it was made of.
     */
    fhirBundle: jsonb('fhir_bundle').$type<Record<string, unknown>>(),
    /**
     * The templates whose texts this version tells (its phenotypes not withheld): who is told of a
     * template's change is who holds it in an issued version, not what the report holds since.
     */
    templateIds: bigint('template_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_documents_product_version_idx').on(t.productId, t.version),
    uniqueIndex('report_documents_sha256_idx').on(t.sha256),
    uniqueIndex('report_documents_verification_code_idx').on(t.verificationCode),
    check('report_documents_language', sql`${t.language} in ('cs', 'en')`),
    check('report_documents_version_positive', sql`${t.version} >= 1`),
    check('report_documents_replaces', sql`(${t.replacesVersion} is null) = (${t.version} = 1)`),
    check('report_documents_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    index('report_documents_template_ids_idx').using('gin', t.templateIds),
  ],
);

/**
 * What stays of an issued PDF when its customer is erased (issue 35): the code and SHA-256 that
 * verification looks up, the report's number, version and issue time — no personal data and no foreign
 * key (the report is gone). Verification of such a document answers "withdrawn" instead of "not
 * issued", so a genuine copy is not taken for a forgery. `eraseCustomer` writes a row per issued
 * version before it deletes the reports; rows are never updated.
 */
export const withdrawnReportDocuments = pgTable(
  'withdrawn_report_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    verificationCode: text('verification_code').notNull(),
    sha256: text('sha256').notNull(),
    reportNumber: text('report_number').notNull(),
    version: integer('version').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawn_report_documents_verification_code_idx').on(t.verificationCode),
    uniqueIndex('withdrawn_report_documents_sha256_idx').on(t.sha256),
    check('withdrawn_report_documents_version_positive', sql`${t.version} >= 1`),
    check('withdrawn_report_documents_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
