import { SampleStatus } from '@genodesk/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders, resultUploadSamples, resultUploads, samples } from '../../db/schema/index.js';
import { generateReports, loadCatalogue } from './generation.service.js';
import { differingCall, genotypeColumns, replacingStoredGenotypes } from './stored-genotypes.js';

/**
 * Results held for want of a valid consent to DNA analysis (issue 35). A withdrawal holds the rows of
 * its customer's samples that no report was generated from yet; pairing and generation hold a row
 * themselves when they find no valid consent (`processing.ts`). Nothing is lost: a consent recorded
 * again releases them in its own transaction (`releaseHeldResults`).
 */
export async function holdPendingUploadRows(tx: Tx, customerId: number): Promise<number> {
  const held = await tx
    .update(resultUploadSamples)
    .set({ heldReason: 'noValidConsent' })
    .where(
      and(
        eq(resultUploadSamples.customerId, customerId),
        isNull(resultUploadSamples.generatedAt),
        isNull(resultUploadSamples.heldReason),
      ),
    )
    .returning({ sampleId: resultUploadSamples.sampleId });
  return held.length;
}

/**
 * Lets the customer's held rows go on, in the caller's transaction (which has just recorded a valid
 * consent): genotypes held at pairing go into `customer_genotypes` as pairing stores them (oldest
 * upload first, so the latest wins; an absent marker keeps its stored call, a differing call is named), their samples become "lab analysis finished" [6] (audited), and
 * every held row's report is generated as the upload would have. Answers how many rows went on.
 */
export async function releaseHeldResults(tx: Tx, customerId: number, by: number | null): Promise<number> {
  const rows = await tx
    .select({
      uploadId: resultUploadSamples.uploadId,
      sampleId: resultUploadSamples.sampleId,
      heldGenotypes: resultUploadSamples.heldGenotypes,
      sampleStatus: samples.status,
      productTypeId: orders.productTypeId,
    })
    .from(resultUploadSamples)
    .innerJoin(samples, eq(samples.id, resultUploadSamples.sampleId))
    .leftJoin(orders, eq(orders.id, samples.orderId))
    .where(
      and(
        eq(resultUploadSamples.customerId, customerId),
        isNotNull(resultUploadSamples.heldReason),
        isNull(resultUploadSamples.generatedAt),
      ),
    )
    .orderBy(asc(resultUploadSamples.uploadId), asc(resultUploadSamples.sampleId))
    .for('update', { of: [resultUploadSamples, samples] });
  if (!rows.length) return 0;

  const unpaired = rows.filter((row) => row.heldGenotypes !== null);
  for (const row of unpaired) {
    // As pairing does: a call that differs from the stored one is named on the upload.
    await tx.$client.query(
      `update result_upload_samples set contradicted_markers = coalesce((
         select jsonb_agg(jsonb_build_object('geneCode', c.gene_code, 'before', c.genotype, 'after', n.genotype)
                          order by lower(c.gene_code))
           from jsonb_to_recordset($3::jsonb) as n("geneCode" text, genotype text)
           join customer_genotypes c on c.customer_id = $1 and lower(c.gene_code) = lower(n."geneCode")
          where ${differingCall}), '[]'::jsonb)
        where upload_id = $2 and sample_id = $4`,
      [customerId, row.uploadId, JSON.stringify(row.heldGenotypes), row.sampleId],
    );
    await tx.$client.query(
      `insert into customer_genotypes (${genotypeColumns})
       select $1, g."geneCode", g."geneName", g."hgvsC", g.protein, g.transcript, g.genotype, g."noCallReason", $2
         from jsonb_to_recordset($3::jsonb) as g("geneCode" text, "geneName" text, "hgvsC" text, protein text,
              transcript text, genotype text, "noCallReason" text)
       ${replacingStoredGenotypes}`,
      [customerId, row.uploadId, JSON.stringify(row.heldGenotypes)],
    );
  }
  const finishing = [...new Set(unpaired.map((row) => row.sampleId))];
  if (finishing.length) {
    const moved = unpaired.filter((row) => row.sampleStatus !== SampleStatus.LabAnalysisFinished);
    await tx
      .update(samples)
      .set({ status: SampleStatus.LabAnalysisFinished, updatedAt: new Date() })
      .where(inArray(samples.id, finishing));
    if (moved.length)
      await tx.$client.query(
        `insert into audit_log (entity, entity_id, field, old_value, new_value, changed_by)
         select distinct 'sample', id, 'status', old::text, $3, $4::bigint
           from unnest($1::bigint[], $2::smallint[]) as u(id, old)`,
        [
          moved.map((row) => row.sampleId),
          moved.map((row) => row.sampleStatus),
          String(SampleStatus.LabAnalysisFinished),
          by,
        ],
      );
  }

  const reports = await generateReports(
    tx,
    rows.map((row) => ({
      customerId,
      sampleId: row.sampleId,
      productTypeId: row.productTypeId ?? undefined,
      approvedByLaboratory: true,
    })),
    await loadCatalogue(tx),
  );
  for (const [index, row] of rows.entries()) {
    const report = reports[index];
    await tx
      .update(resultUploadSamples)
      .set({
        heldReason: null,
        heldGenotypes: null,
        generatedAt: new Date(),
        productId: report?.productId ?? null,
        requiresInspection: report?.requiresInspection ?? false,
      })
      .where(
        and(eq(resultUploadSamples.uploadId, row.uploadId), eq(resultUploadSamples.sampleId, row.sampleId)),
      );
    // A row held at pairing was not counted as paired nor to be generated; now it is both, and done.
    const wasUnpaired = row.heldGenotypes !== null ? 1 : 0;
    await tx
      .update(resultUploads)
      .set({
        paired: sql`${resultUploads.paired} + ${wasUnpaired}`,
        toBeGenerated: sql`${resultUploads.toBeGenerated} + ${wasUnpaired}`,
        generated: sql`${resultUploads.generated} + 1`,
      })
      .where(eq(resultUploads.id, row.uploadId));
  }
  return rows.length;
}
