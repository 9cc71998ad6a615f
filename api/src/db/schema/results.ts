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
import { products } from './products.js';
import { samples } from './samples.js';
import { users } from './users.js';

/**
 * A results file the lab uploaded (SPEC §3 "Result upload"), status 1–5 (`ResultUploadStatus`):
 * processing → generating results → complete / complete – inspection required, or failed.
 */
export const resultUploads = pgTable(
  'result_uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileName: text('file_name').notNull(),
    /** sha256 of the file's bytes: the same file is accepted once (unless that upload failed). */
    fileHash: text('file_hash').notNull(),
    fileSize: integer('file_size').notNull(),
    status: smallint('status').notNull().default(1),
    paired: integer('paired').notNull().default(0),
    unpairable: integer('unpairable').notNull().default(0),
    toBeGenerated: integer('to_be_generated').notNull().default(0),
    generated: integer('generated').notNull().default(0),
    /**
     * Gene codes of the file the catalogue does not know (a typo, a marker no phenotype reads yet), and
     * their rows: stored like every genotype, but in no report until the catalogue uses them.
     */
    unknownGeneCodes: text('unknown_gene_codes').array().notNull().default(sql`'{}'::text[]`),
    unknownGeneRows: integer('unknown_gene_rows').notNull().default(0),
    /** Why the file failed, one problem a line ('Line 12: …'), in Czech and English. */
    exception: text('exception'),
    exceptionEn: text('exception_en'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The file's format as detected from its content (`LabFileFormat`); null until the job has read it. */
    format: text('format'),
    /** GRCh37 or GRCh38: chosen at upload, else read from the file (VCF header, 23andMe build line). */
    genomeBuild: smallint('genome_build'),
    /** For a one-person file (23andMe, AncestryDNA): the sample's barcode named at upload. */
    barcode: text('barcode'),
    /** A VCF that lists every mapped position: an absent one is homozygous reference, not a no-call. */
    allPositions: boolean('all_positions').notNull().default(false),
  },
  (t) => [
    check('result_uploads_genome_build', sql`${t.genomeBuild} in (37, 38)`),
    index('result_uploads_uploaded_at_idx').on(t.uploadedAt, t.id),
    uniqueIndex('result_uploads_file_hash_key').on(t.fileHash).where(sql`${t.status} <> 5`),
    check('result_uploads_status_range', sql`${t.status} between 1 and 5`),
  ],
);

/**
 * The uploaded file's bytes in pieces of at most `resultsFileChunkBytes` (`seq` from 0), written as the
 * request streams in and read back as a stream by the job, so a file of a gigabyte never sits in
 * memory; kept only until the job has processed them.
 */
export const resultUploadFiles = pgTable(
  'result_upload_files',
  {
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => resultUploads.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ name: 'result_upload_files_pkey', columns: [t.uploadId, t.seq] })],
);

/**
 * What one sample of a lab-format upload (VCF, Final Report, 23andMe, AncestryDNA) gave: mapped markers
 * found with a call, no-calls, markers whose reference allele disagrees with the marker map, and
 * strand-ambiguous markers skipped; `problems` names each marker not called and why.
 */
export const resultUploadMarkerCounts = pgTable(
  'result_upload_marker_counts',
  {
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => resultUploads.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    found: integer('found').notNull(),
    noCalls: integer('no_calls').notNull(),
    referenceMismatches: integer('reference_mismatches').notNull(),
    ambiguousSkipped: integer('ambiguous_skipped').notNull(),
    problems: jsonb('problems')
      .$type<{ geneCode: string; reason: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ name: 'result_upload_marker_counts_pkey', columns: [t.uploadId, t.barcode] })],
);

/** A barcode of an upload that could not be paired with a sample, and why (`UnpairableReason`). */
export const resultUploadUnpairables = pgTable(
  'result_upload_unpairables',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => resultUploads.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    reason: text('reason').notNull(),
    /** The file line where the barcode first appears. */
    line: integer('line').notNull(),
    /** For 'sampleNotAwaitingResults': the sample's status at the time. */
    sampleStatus: smallint('sample_status'),
  },
  (t) => [uniqueIndex('result_upload_unpairables_key').on(t.uploadId, t.barcode)],
);

/** A sample an upload paired, and whether its report has been generated yet (resumable generation). */
export const resultUploadSamples = pgTable(
  'result_upload_samples',
  {
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => resultUploads.id, { onDelete: 'cascade' }),
    sampleId: bigint('sample_id', { mode: 'number' })
      .notNull()
      .references(() => samples.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, {
      onDelete: 'set null',
    }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    requiresInspection: boolean('requires_inspection').notNull().default(false),
    /**
     * The markers whose call in this file differs from the call the customer had stored: a retest that
     * disagrees, or another person's sample under this barcode. The upload then asks for inspection.
     */
    contradictedMarkers: jsonb('contradicted_markers')
      .$type<{ geneCode: string; before: string; after: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Why the sample's results wait instead of going on (`UploadSampleHold`): 'noValidConsent' — the
     * customer has no valid consent to DNA analysis (issue 35). Its genotypes wait in `held_genotypes`,
     * not in the customer's record, until a valid consent lets pairing and generation go on.
     */
    heldReason: text('held_reason'),
    heldGenotypes:
      jsonb('held_genotypes').$type<
        {
          geneCode: string;
          genotype: string;
          noCallReason: string | null;
          hgvsC: string;
          protein: string;
          transcript: string;
          geneName: string;
        }[]
      >(),
  },
  (t) => [
    check('result_upload_samples_held_reason', sql`${t.heldReason} in ('noValidConsent')`),
    index('result_upload_samples_held_idx').on(t.sampleId).where(sql`${t.heldReason} is not null`),
    primaryKey({ name: 'result_upload_samples_pkey', columns: [t.uploadId, t.sampleId] }),
    index('result_upload_samples_pending_idx').on(t.uploadId).where(sql`${t.generatedAt} is null`),
    index('result_upload_samples_sample_idx').on(t.sampleId),
  ],
);

/**
 * A reanalysis request (DOMAIN §2): of one report (`productId`) or of all. Processed in batches by a
 * job; `done` / `total` is the progress, `changed` the reports whose content changed. Status 1 queued,
 * 2 running, 3 complete, 4 failed. One reanalysis of all runs at a time.
 */
export const reanalysisRuns = pgTable(
  'reanalysis_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, {
      onDelete: 'cascade',
    }),
    status: smallint('status').notNull().default(1),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    /** Reports are processed in id order; the last id done, so a retried job resumes. */
    lastProductId: bigint('last_product_id', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('reanalysis_runs_requested_at_idx').on(t.requestedAt),
    index('reanalysis_runs_product_idx').on(t.productId, t.requestedAt),
    uniqueIndex('reanalysis_runs_one_all_active_key')
      .on(sql`(true)`)
      .where(sql`${t.productId} is null and ${t.status} in (1, 2)`),
    check('reanalysis_runs_status_range', sql`${t.status} between 1 and 4`),
  ],
);
