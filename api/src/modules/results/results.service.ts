import { createHash } from 'node:crypto';
import {
  type CustomerResult,
  type Locale,
  type Page,
  type ResultUpload,
  type ResultUploadDetail,
  type ResultUploadListQuery,
  ResultUploadStatus,
} from '@genodesk/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import {
  customerGenotypes,
  customers,
  resultUploadFiles,
  resultUploadSamples,
  resultUploads,
  resultUploadUnpairables,
  users,
} from '../../db/schema/index.js';
import { AppError, conflict, invalid, notFound } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { formatPragueTime } from '../messaging/format.js';

/** A row of the gene table (SPEC "Gene information"): the customer's stored genotype of one gene. */
export const geneInformationColumns = {
  code: customerGenotypes.geneCode,
  name: customerGenotypes.geneName,
  hgvsC: customerGenotypes.hgvsC,
  protein: customerGenotypes.protein,
  transcript: customerGenotypes.transcript,
  genotype: customerGenotypes.genotype,
};

/** The customer's stored genotypes by gene code; 404 'Results are not available' when there are none. */
export async function getCustomerResult(db: Executor, customerId: number): Promise<CustomerResult> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw notFound();
  const genes = await db
    .select(geneInformationColumns)
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, customerId))
    .orderBy(sql`lower(${customerGenotypes.geneCode})`, asc(customerGenotypes.id));
  if (!genes.length) throw new AppError(404, 'NOT_FOUND', 'resultsNotAvailable');
  return { customerId, genes };
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

/**
 * `POST admin/results/upload`: stores the file (status 1 processing) and enqueues its processing, in
 * one transaction. The same bytes as an upload that did not fail are refused (409, with its date),
 * also when two arrive at once (the partial unique index on the hash decides).
 */
export async function uploadResults(
  db: Database,
  jobs: Jobs,
  by: Principal,
  fileName: string,
  bytes: Buffer,
  locale: Locale,
): Promise<ResultUpload> {
  if (!bytes.length) throw invalid('resultsFileRequired', 'file');
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const refuse = (earlier: { uploadedAt: Date }) =>
    conflict('resultsFileAlreadyUploaded', 'file', { date: uploadDate(earlier.uploadedAt, locale) });
  const earlier = await alreadyUploaded(db, fileHash);
  if (earlier) throw refuse(earlier);
  let id: number;
  try {
    id = await transaction(db, async (tx) => {
      const [upload] = await tx
        .insert(resultUploads)
        .values({
          fileName,
          fileHash,
          fileSize: bytes.length,
          status: ResultUploadStatus.Processing,
          uploadedBy: by.id,
        })
        .returning({ id: resultUploads.id });
      if (!upload) throw new Error('upload insert returned nothing');
      await tx.insert(resultUploadFiles).values({ uploadId: upload.id, content: bytes });
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
    })
    .from(resultUploadSamples)
    .innerJoin(customers, eq(customers.id, resultUploadSamples.customerId))
    .where(eq(resultUploadSamples.uploadId, id))
    .orderBy(asc(resultUploadSamples.barcode));
  return {
    ...upload,
    unpairables,
    samples: paired,
    unknownGeneCodes: ignored?.codes ?? [],
    unknownGeneRows: ignored?.rows ?? 0,
  };
}
