import { createHash, randomUUID } from 'node:crypto';
import {
  type CustomerResult,
  type GeneInformation,
  type Locale,
  type Page,
  type ResultUpload,
  type ResultUploadDetail,
  type ResultUploadListQuery,
  ResultUploadStatus,
  translateMessage,
} from '@genodesk/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { builtOnce } from '../../db/built-once.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import {
  customerGenotypes,
  customers,
  markers,
  resultUploadFiles,
  resultUploadMarkerCounts,
  resultUploadSamples,
  resultUploads,
  resultUploadUnpairables,
  users,
} from '../../db/schema/index.js';
import { AppError, conflict, invalid, notFound } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { formatPragueTime } from '../messaging/format.js';
import {
  genotypeReading,
  loadMarkerNotations,
  markerNotationColumns,
  markerOfGene,
  notationsOfRows,
} from '../templates/marker-notation.js';

/** A row of the gene table (SPEC "Gene information"): the customer's stored genotype of one gene. */
export const geneInformationColumns = {
  code: customerGenotypes.geneCode,
  name: customerGenotypes.geneName,
  hgvsC: customerGenotypes.hgvsC,
  protein: customerGenotypes.protein,
  transcript: customerGenotypes.transcript,
  genotype: customerGenotypes.genotype,
  noCallReason: customerGenotypes.noCallReason,
};

/**
 * Gene table rows (selected with `geneInformationColumns`) as the clinician reads them: HGVS c.,
 * zygosity and gene-strand alleles from the marker map (one query), a no-call with its reason.
 */
export async function readGeneInformation(
  db: Executor,
  rows: {
    code: string;
    name: string;
    hgvsC: string;
    protein: string;
    transcript: string;
    genotype: string;
    noCallReason: string | null;
  }[],
): Promise<GeneInformation[]> {
  const notations = await loadMarkerNotations(
    db,
    rows.map((row) => row.code),
  );
  return rows.map((row) => ({ ...row, ...genotypeReading(notations, row) }));
}

/** One statement (issue 38): the customer, their genotypes and the marker map's notation of each. */
const customerResultQuery = (db: Executor) =>
  builtOnce(db, 'customer result', () =>
    db
      .select({ customerId: customers.id, ...geneInformationColumns, ...markerNotationColumns })
      .from(customers)
      .leftJoin(customerGenotypes, eq(customerGenotypes.customerId, customers.id))
      .leftJoin(markers, markerOfGene(customerGenotypes.geneCode))
      .where(eq(customers.id, sql.placeholder('customerId')))
      .orderBy(sql`lower(${customerGenotypes.geneCode})`, asc(customerGenotypes.id)),
  );

/** The customer's stored genotypes by gene code; 404 'Results are not available' when there are none. */
export async function getCustomerResult(db: Executor, customerId: number): Promise<CustomerResult> {
  const rows = await customerResultQuery(db).execute({ customerId });
  if (!rows.length) throw notFound();
  const notations = notationsOfRows(rows);
  const genes = rows.flatMap(({ code, name, hgvsC, protein, transcript, genotype, noCallReason }) =>
    code === null ||
    name === null ||
    hgvsC === null ||
    protein === null ||
    transcript === null ||
    genotype === null
      ? []
      : [{ code, name, hgvsC, protein, transcript, genotype, noCallReason }],
  );
  if (!genes.length) throw new AppError(404, 'NOT_FOUND', 'resultsNotAvailable');
  return { customerId, genes: genes.map((row) => ({ ...row, ...genotypeReading(notations, row) })) };
}

const uploadColumns = {
  id: resultUploads.id,
  fileName: resultUploads.fileName,
  fileSize: resultUploads.fileSize,
  status: resultUploads.status,
  paired: resultUploads.paired,
  unpairable: resultUploads.unpairable,
  generated: resultUploads.generated,
  toBeGenerated: resultUploads.toBeGenerated,
  uploadedAt: resultUploads.uploadedAt,
  uploadedById: users.id,
  uploadedByName: users.userName,
  finishedAt: resultUploads.finishedAt,
  exception: resultUploads.exception,
  exceptionEn: resultUploads.exceptionEn,
  format: resultUploads.format,
  genomeBuild: resultUploads.genomeBuild,
};
type UploadRow = {
  id: number;
  fileName: string;
  fileSize: number;
  status: number;
  paired: number;
  unpairable: number;
  generated: number;
  toBeGenerated: number;
  uploadedAt: Date;
  uploadedById: number | null;
  uploadedByName: string | null;
  finishedAt: Date | null;
  exception: string | null;
  exceptionEn: string | null;
  format: string | null;
  genomeBuild: number | null;
};

const toUpload = (row: UploadRow, locale: Locale): ResultUpload => ({
  id: row.id,
  fileName: row.fileName,
  fileSize: row.fileSize,
  status: row.status,
  paired: row.paired,
  unpairable: row.unpairable,
  generated: row.generated,
  toBeGenerated: row.toBeGenerated,
  uploadedAt: row.uploadedAt.toISOString(),
  uploadedBy:
    row.uploadedById !== null && row.uploadedByName !== null
      ? { id: row.uploadedById, userName: row.uploadedByName }
      : null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  exception: (locale === 'en' ? row.exceptionEn : row.exception) ?? null,
  format: row.format,
  genomeBuild: row.genomeBuild,
});

/** When an earlier upload of the same file was made, as staff read it (Prague time, their language). */
const uploadDate = (date: Date, locale: Locale) => formatPragueTime(date, locale, 'medium');

async function alreadyUploaded(db: Executor, fileHash: string) {
  const [earlier] = await db
    .select({ uploadedAt: resultUploads.uploadedAt })
    .from(resultUploads)
    .where(and(eq(resultUploads.fileHash, fileHash), ne(resultUploads.status, ResultUploadStatus.Failed)));
  return earlier;
}

const isUniqueViolation = (error: unknown, constraint: string) => {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pg = cause as { code?: string; constraint?: string };
  return pg?.code === '23505' && pg.constraint === constraint;
};

/** 413 'The results file is too large (at most N MB).' */
export const uploadTooLarge = (maxBytes: number) =>
  new AppError(413, 'TOO_LARGE', 'resultsFileTooLarge', undefined, {
    max: Math.floor(maxBytes / 1024 / 1024),
  });

/** The pieces an upload is stored in: large enough for few rows, small enough to hold one in memory. */
const filePieceBytes = 4 * 1024 * 1024;

export type UploadOptions = {
  fileName: string;
  /** The largest file accepted, in bytes (`config.resultsMaxUploadBytes`). */
  maxBytes: number;
  genomeBuild?: number;
  barcode?: string;
  allPositions: boolean;
};

/**
 * `POST admin/results/upload`: streams the body into the database in pieces while hashing it, then
 * enqueues its processing, all in one transaction (status 1 processing): a cut or refused upload leaves
 * nothing. Past `options.maxBytes` it is refused (413). The same bytes as an upload that did not fail
 * are refused (409, with its date), also when two arrive at once (the partial unique index on the hash
 * decides when the second sets its hash).
 */
export async function uploadResults(
  db: Database,
  jobs: Jobs,
  by: Principal,
  options: UploadOptions,
  body: AsyncIterable<Buffer>,
  locale: Locale,
): Promise<ResultUpload> {
  const refuse = (earlier: { uploadedAt: Date }) =>
    conflict('resultsFileAlreadyUploaded', 'file', { date: uploadDate(earlier.uploadedAt, locale) });
  let fileHash = '';
  let id: number;
  try {
    id = await transaction(db, async (tx) => {
      const [upload] = await tx
        .insert(resultUploads)
        .values({
          fileName: options.fileName,
          // Unique until the bytes are in and their hash is known.
          fileHash: `receiving ${randomUUID()}`,
          fileSize: 0,
          status: ResultUploadStatus.Processing,
          uploadedBy: by.id,
          genomeBuild: options.genomeBuild ?? null,
          barcode: options.barcode ?? null,
          allPositions: options.allPositions,
        })
        .returning({ id: resultUploads.id });
      if (!upload) throw new Error('upload insert returned nothing');
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const store = async () => {
        if (!pendingBytes) return;
        await tx
          .insert(resultUploadFiles)
          .values({ uploadId: upload.id, seq: seq++, content: Buffer.concat(pending) });
        pending = [];
        pendingBytes = 0;
      };
      for await (const chunk of body) {
        size += chunk.length;
        if (size > options.maxBytes) throw uploadTooLarge(options.maxBytes);
        hash.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= filePieceBytes) await store();
      }
      await store();
      // A file was sent (the route refuses a request without a body): zero bytes of it is an empty file.
      if (!size) throw invalid('resultsFileEmptyBytes', 'file');
      fileHash = hash.digest('hex');
      const earlier = await alreadyUploaded(tx, fileHash);
      if (earlier) throw refuse(earlier);
      await tx.update(resultUploads).set({ fileHash, fileSize: size }).where(eq(resultUploads.id, upload.id));
      await jobs.send(tx, 'process-results-upload', { uploadId: upload.id });
      return upload.id;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'result_uploads_file_hash_key')) throw error;
    const winner = await alreadyUploaded(db, fileHash);
    throw refuse(winner ?? { uploadedAt: new Date() });
  }
  return (await getUpload(db, id, locale)) as ResultUpload;
}

async function getUpload(db: Executor, id: number, locale: Locale): Promise<ResultUpload | undefined> {
  const [row] = await db
    .select(uploadColumns)
    .from(resultUploads)
    .leftJoin(users, eq(users.id, resultUploads.uploadedBy))
    .where(eq(resultUploads.id, id));
  return row ? toUpload(row, locale) : undefined;
}

/** The WHERE of the uploads list; the dashboard counts with it too. */
export function uploadFilter(query: Partial<Pick<ResultUploadListQuery, 'search' | 'status'>>) {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(sql`lower(${resultUploads.fileName}) like ${likePattern(query.search)}`);
  if (query.status?.length) conditions.push(inArray(resultUploads.status, query.status));
  return and(...conditions);
}

/** `GET admin/results`: uploads, paged; search the file name; default newest first. */
export async function listUploads(
  db: Executor,
  query: ResultUploadListQuery,
  locale: Locale,
): Promise<Page<ResultUpload>> {
  const where = uploadFilter(query);
  const order = orderBy(
    query.sort,
    {
      uploadedAt: sql`${resultUploads.uploadedAt}`,
      fileName: sql`lower(${resultUploads.fileName})`,
      status: sql`${resultUploads.status}`,
      paired: sql`${resultUploads.paired}`,
      unpairable: sql`${resultUploads.unpairable}`,
    },
    '-uploadedAt',
    sql`${resultUploads.id}`,
  );
  const rows = await db
    .select(uploadColumns)
    .from(resultUploads)
    .leftJoin(users, eq(users.id, resultUploads.uploadedBy))
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(
    db,
    query,
    rows.map((row) => toUpload(row, locale)),
    db.select({ one: sql`1` }).from(resultUploads).where(where),
  );
}

/** `GET admin/results/getresult ?Id`: the upload with every unpairable barcode (in file order). */
export async function getUploadDetail(db: Executor, id: number, locale: Locale): Promise<ResultUploadDetail> {
  const upload = await getUpload(db, id, locale);
  if (!upload) throw notFound();
  const unpairables = await db
    .select({
      barcode: resultUploadUnpairables.barcode,
      reason: resultUploadUnpairables.reason,
      line: resultUploadUnpairables.line,
      sampleStatus: resultUploadUnpairables.sampleStatus,
    })
    .from(resultUploadUnpairables)
    .where(eq(resultUploadUnpairables.uploadId, id))
    .orderBy(asc(resultUploadUnpairables.line), asc(resultUploadUnpairables.id));
  const [ignored] = await db
    .select({ codes: resultUploads.unknownGeneCodes, rows: resultUploads.unknownGeneRows })
    .from(resultUploads)
    .where(eq(resultUploads.id, id));
  const paired = await db
    .select({
      sampleId: resultUploadSamples.sampleId,
      barcode: resultUploadSamples.barcode,
      customerId: resultUploadSamples.customerId,
      customerName: sql<string>`${customers.name} || ' ' || ${customers.surname}`,
      productId: resultUploadSamples.productId,
      requiresInspection: resultUploadSamples.requiresInspection,
      contradictedMarkers: resultUploadSamples.contradictedMarkers,
      heldReason: resultUploadSamples.heldReason,
    })
    .from(resultUploadSamples)
    .innerJoin(customers, eq(customers.id, resultUploadSamples.customerId))
    .where(eq(resultUploadSamples.uploadId, id))
    .orderBy(asc(resultUploadSamples.barcode));
  const markerCounts = await db
    .select({
      barcode: resultUploadMarkerCounts.barcode,
      found: resultUploadMarkerCounts.found,
      noCalls: resultUploadMarkerCounts.noCalls,
      referenceMismatches: resultUploadMarkerCounts.referenceMismatches,
      ambiguousSkipped: resultUploadMarkerCounts.ambiguousSkipped,
      problems: resultUploadMarkerCounts.problems,
    })
    .from(resultUploadMarkerCounts)
    .where(eq(resultUploadMarkerCounts.uploadId, id))
    .orderBy(asc(resultUploadMarkerCounts.barcode));
  return {
    ...upload,
    unpairables,
    // A held sample (issue 35) says why, in the caller's language: its results wait, not paired.
    samples: paired.map(({ heldReason, ...sample }) => ({
      ...sample,
      held: heldReason === 'noValidConsent' ? heldReason : null,
      heldMessage: heldReason ? translateMessage('uploadSampleNoValidConsent', locale) : null,
    })),
    unknownGeneCodes: ignored?.codes ?? [],
    unknownGeneRows: ignored?.rows ?? 0,
    markerCounts,
  };
}
