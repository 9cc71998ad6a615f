import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  customerGenotypes,
  resultUploadFiles,
  resultUploadMarkerCounts,
  resultUploadSamples,
  resultUploads,
  resultUploadUnpairables,
} from '../../db/schema/index.js';

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/**
 * The results area's part of a customer's erasure (`privacy/erasure.ts`): their genotypes, and in the
 * results uploads the rows of their samples and barcodes (`codes`: their barcodes, from the samples
 * area, and their external id) with the pieces of any file that held them. Runs before the samples
 * go: an upload's rows of a sample go with it.
 */
export const resultsErasure = {
  async erase(tx: Tx, customer: { id: number }, { codes }: { codes: string[] }) {
    const id = customer.id;
    await tx.delete(customerGenotypes).where(eq(customerGenotypes.customerId, id));

    const uploadIds = ids(
      await tx
        .selectDistinct({ id: resultUploadSamples.uploadId })
        .from(resultUploadSamples)
        .where(eq(resultUploadSamples.customerId, id)),
    );
    if (codes.length) {
      const byCode = await tx
        .select({ id: resultUploads.id })
        .from(resultUploads)
        .where(
          sql`${resultUploads.barcode} = any(${sql.param(codes)}::text[])
            or exists (select 1 from ${resultUploadMarkerCounts} m where m.upload_id = ${resultUploads.id} and m.barcode = any(${sql.param(codes)}::text[]))
            or exists (select 1 from ${resultUploadUnpairables} u where u.upload_id = ${resultUploads.id} and u.barcode = any(${sql.param(codes)}::text[]))`,
        );
      uploadIds.push(...ids(byCode));
    }
    // A file of theirs alone (a 23andMe or AncestryDNA file is often named after the person, its failure
    // names the file and barcode) loses its name and failure texts; a file of many samples keeps its
    // name and loses their rows only (below).
    if (uploadIds.length)
      await tx
        .update(resultUploads)
        .set({ fileName: sql`'erased-' || ${resultUploads.id}`, exception: null, exceptionEn: null })
        .where(
          and(
            inArray(resultUploads.id, [...new Set(uploadIds)]),
            // Bracketed: drizzle's `and` joins its conditions as they are, and `or` binds looser.
            sql`(${resultUploads.barcode} is null or ${resultUploads.barcode} = any(${sql.param(codes)}::text[]))`,
            sql`not exists (select 1 from ${resultUploadSamples} s where s.upload_id = ${resultUploads.id} and s.customer_id <> ${id})`,
            sql`not exists (select 1 from ${resultUploadMarkerCounts} m where m.upload_id = ${resultUploads.id} and m.barcode <> all(${sql.param(codes)}::text[]))`,
            sql`not exists (select 1 from ${resultUploadUnpairables} u where u.upload_id = ${resultUploads.id} and u.barcode <> all(${sql.param(codes)}::text[]))`,
          ),
        );
    if (codes.length) {
      await tx.delete(resultUploadMarkerCounts).where(inArray(resultUploadMarkerCounts.barcode, codes));
      await tx.delete(resultUploadUnpairables).where(inArray(resultUploadUnpairables.barcode, codes));
      await tx.update(resultUploads).set({ barcode: null }).where(inArray(resultUploads.barcode, codes));
    }
    await tx.delete(resultUploadSamples).where(eq(resultUploadSamples.customerId, id));
    // A file still being read keeps its pieces (its job deletes them); a finished one has none left.
    if (uploadIds.length)
      await tx
        .delete(resultUploadFiles)
        .where(
          and(
            inArray(resultUploadFiles.uploadId, [...new Set(uploadIds)]),
            sql`(select status from ${resultUploads} u where u.id = ${resultUploadFiles.uploadId}) <> 1`,
          ),
        );
  },
};
