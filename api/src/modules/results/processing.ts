import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  LabFileFormat,
  type Locale,
  noCallGenotype,
  ResultUploadStatus,
  SampleStatus,
  samplesAwaitingResults,
  translateMessage,
  UnpairableReason,
} from '@genodesk/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { type Database, type Tx, transaction } from '../../db/client.js';
import {
  barcodes,
  customers,
  geneCombinations,
  markers,
  orders,
  resultUploadFiles,
  resultUploadMarkerCounts,
  resultUploadSamples,
  resultUploads,
  samples,
} from '../../db/schema/index.js';
import { labFileReadBytes } from '../../observability/metrics.js';
import { inSpan } from '../../observability/spans.js';
import { customersWithoutConsent } from '../customers/dna-consent.js';
import { lockLiveCustomers } from '../customers/live-customers.js';
import { loadMarkerMap } from '../templates/markers.service.js';
import { generateReports, loadCatalogue } from './generation.service.js';
import { readLabFile } from './lab-formats/index.js';
import { maxReportedErrors, type ResultsFileBarcode, type ResultsFileError } from './results-file.js';
import { differingCall, genotypeColumns, replacingStoredGenotypes } from './stored-genotypes.js';

/** Reports generated per transaction. */
const generationBatch = 50;
/** Genotype rows per piece of the COPY stream. */
const genotypeChunk = 10_000;
/** The columns `copyGenotypes` writes, in its order. */
/**
 * The 'process-results-upload' job (DOMAIN §2): read the file in its format (detected from the content:
 * this project's CSV, VCF, Illumina Final Report, 23andMe, AncestryDNA — the last four through the
 * marker map), streamed from its stored pieces outside any transaction; a file error fails the upload
 * and stores nothing. Otherwise, in one transaction, pair every barcode with its sample, store the
 * paired customers' genotypes (no-calls as such) and per-sample marker counts, and move the samples to
 * [6]; then generate the reports in batches. A retried job resumes where it stopped (status 2: only the
 * samples not generated yet) and duplicates nothing. The file's bytes are genetic data: they are
 * deleted once processed and never logged.
 */
export async function processResultsUpload(db: Database, uploadId: number): Promise<void> {
  await processResultsUploadWith((work) => transaction(db, work), uploadId);
}

/** Runs work in a transaction: each its own, or all in the caller's one (the demo seed). */
export type TransactionRunner = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** The stored pieces of an upload's file, in order, one query each. */
async function* storedFile(run: TransactionRunner, uploadId: number): AsyncIterable<Buffer> {
  for (let seq = 0; ; seq++) {
    const [piece] = await run((tx) =>
      tx
        .select({ content: resultUploadFiles.content })
        .from(resultUploadFiles)
        .where(and(eq(resultUploadFiles.uploadId, uploadId), eq(resultUploadFiles.seq, seq))),
    );
    if (!piece) return;
    yield piece.content;
  }
}

/** `processResultsUpload` with the transactions of `run`. */
export async function processResultsUploadWith(run: TransactionRunner, uploadId: number): Promise<void> {
  const [upload] = await run((tx) =>
    tx
      .select({
        status: resultUploads.status,
        genomeBuild: resultUploads.genomeBuild,
        barcode: resultUploads.barcode,
        allPositions: resultUploads.allPositions,
      })
      .from(resultUploads)
      .where(eq(resultUploads.id, uploadId)),
  );
  if (upload?.status === ResultUploadStatus.GeneratingResults) return generateUploadReports(run, uploadId);
  if (upload?.status !== ResultUploadStatus.Processing) return;
  const markers = await run((tx) => loadMarkerMap(tx));
  const read = await inSpan('lab_file.read', { 'upload.id': uploadId }, async (span) => {
    const source = countedBytes(storedFile(run, uploadId));
    const result = await readLabFile(source, markers, {
      genomeBuild: upload.genomeBuild === 37 || upload.genomeBuild === 38 ? upload.genomeBuild : undefined,
      barcode: upload.barcode ?? undefined,
      allPositions: upload.allPositions,
    });
    span.setAttributes({ 'lab_file.bytes': source.bytes, 'lab_file.ok': result.ok });
    return result;
  });
  const next = await run(async (tx) => {
    const [locked] = await tx
      .select({ status: resultUploads.status, uploadedBy: resultUploads.uploadedBy })
      .from(resultUploads)
      .where(eq(resultUploads.id, uploadId))
      .for('update');
    if (locked?.status === ResultUploadStatus.GeneratingResults) return 'generate';
    if (locked?.status !== ResultUploadStatus.Processing) return 'none';
    if (!read.ok) {
      await failUpload(tx, uploadId, read);
      return 'none';
    }
    const unknownSamples = read.format === LabFileFormat.Csv ? [] : await unknownBarcodes(tx, read.barcodes);
    if (unknownSamples.length) {
      await failUpload(tx, uploadId, {
        errors: unknownSamples.slice(0, maxReportedErrors).map((entry) => ({
          key: 'labFileUnknownSample',
          params: { line: entry.line, barcode: entry.barcode },
        })),
        more: Math.max(0, unknownSamples.length - maxReportedErrors),
      });
      return 'none';
    }
    await tx
      .update(resultUploads)
      .set({ format: read.format, genomeBuild: read.genomeBuild ?? upload.genomeBuild })
      .where(eq(resultUploads.id, uploadId));
    if (read.counts.length)
      await tx.insert(resultUploadMarkerCounts).values(
        read.counts.map((count) => ({
          uploadId,
          barcode: count.barcode,
          found: count.found,
          noCalls: count.noCalls,
          referenceMismatches: count.referenceMismatches,
          ambiguousSkipped: count.ambiguousSkipped,
          problems: count.problems,
        })),
      );
    await pairAndStore(tx, uploadId, locked.uploadedBy, read.barcodes);
    return 'generate';
  });
  if (next === 'generate') await generateUploadReports(run, uploadId);
}

/**
 * The samples of a lab-format file (VCF and Final Report columns, a consumer file's barcode) that are no
 * barcode issued here: such a file is refused whole (a column is a person; a typo would leave their
 * results unread while the others' were stored), unlike the CSV, whose unknown barcodes are unpairable.
 */
/** `column = any($1)`: one parameter however many codes a file names (a list of thousands binds each). */
const anyOf = (column: typeof barcodes.code, values: string[]) =>
  sql`${column} = any(${sql.param(values)}::text[])`;

async function unknownBarcodes(tx: Tx, fileBarcodes: ResultsFileBarcode[]) {
  const codes = fileBarcodes.map((entry) => entry.barcode);
  const known = new Set(
    (await tx.select({ code: barcodes.code }).from(barcodes).where(anyOf(barcodes.code, codes))).map(
      (row) => row.code,
    ),
  );
  return fileBarcodes.filter((entry) => !known.has(entry.barcode));
}

/**
 * Failed [5] with its problems in Czech and English, one a line (and how many more past the named
 * ones); the bytes are deleted, nothing else is stored.
 */
export async function failUpload(
  tx: Tx,
  uploadId: number,
  { errors, more }: { errors: ResultsFileError[]; more: number },
) {
  const describe = (locale: Locale) =>
    [
      ...errors.map((error) => translateMessage(error.key, locale, error.params)),
      ...(more ? [translateMessage('resultsFileMoreErrors', locale, { count: more })] : []),
    ].join('\n');
  await tx
    .update(resultUploads)
    .set({
      status: ResultUploadStatus.Failed,
      exception: describe('cs'),
      exceptionEn: describe('en'),
      finishedAt: new Date(),
    })
    .where(eq(resultUploads.id, uploadId));
  await tx.delete(resultUploadFiles).where(eq(resultUploadFiles.uploadId, uploadId));
}

/** Escapes a value for COPY's text format (backslash, tab, line breaks). */
function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (char) => copyEscapes[char] ?? char) : value;
}
const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * Writes genotype rows into `table` (customer_genotypes or the upsert's temporary table) with COPY
 * FROM STDIN, streamed in pieces. COPY rather than `insert … select from unnest($1::text[] …)`: for a
 * file of 384 samples × 1,000 genes (384,000 rows) the arrays cost ≈ 1.7 s more (serialising them in
 * node-pg, then parsing them in the server) than COPY's text rows; the rest (≈ 3.7 s) is the server's
 * own work per row (the foreign key check on customers, the two indexes), which both pay.
 */
async function copyGenotypes(
  client: Tx['$client'],
  table: string,
  uploadId: number,
  rows: [number, ResultsFileBarcode['genes'][number]][],
) {
  function* pieces() {
    for (let start = 0; start < rows.length; start += genotypeChunk) {
      let piece = '';
      for (const [customerId, gene] of rows.slice(start, start + genotypeChunk))
        piece += `${customerId}\t${copyText(gene.geneCode)}\t${copyText(gene.geneName)}\t${copyText(gene.hgvsC)}\t${copyText(gene.protein)}\t${copyText(gene.transcript)}\t${copyText(gene.genotype)}\t${gene.noCallReason ? copyText(gene.noCallReason) : '\\N'}\t${uploadId}\n`;
      yield piece;
    }
  }
  await pipeline(
    Readable.from(pieces()),
    client.query(copyFrom(`copy ${table} (${genotypeColumns}) from stdin`)),
  );
}

type Paired = { sampleId: number; customerId: number; status: number; barcode: string };

/**
 * X's calls as the customer carries them: every format writes a man's one X allele its own way (`A`,
 * `A/A`, a VCF's `1/1` or `1`), so his two equal alleles are stored as his one (as Y and MT are); one
 * allele of a woman's X is no call (`oneAllele`). A man's two different alleles stay, for the doctor.
 */
async function asCarried(tx: Tx, samples: { customerId: number; entry: ResultsFileBarcode }[]) {
  if (!samples.length) return;
  const onX = new Set(
    (
      await tx
        .select({ code: sql<string>`lower(${markers.geneCode})` })
        .from(markers)
        .where(eq(markers.chromosome, 'X'))
    ).map((row) => row.code),
  );
  if (!onX.size) return;
  const genders = new Map(
    (
      await tx
        .select({ id: customers.id, gender: customers.gender })
        .from(customers)
        .where(inArray(customers.id, [...new Set(samples.map((sample) => sample.customerId))]))
    ).map((row) => [row.id, row.gender]),
  );
  for (const sample of samples) {
    const gender = genders.get(sample.customerId);
    sample.entry = {
      ...sample.entry,
      genes: sample.entry.genes.map((gene) => {
        if (gene.genotype === noCallGenotype || !onX.has(gene.geneCode.toLowerCase())) return gene;
        const [first, second] = gene.genotype.split('/');
        if (gender === 1 && first === second) return { ...gene, genotype: first as string };
        if (gender === 2 && second === undefined)
          return { ...gene, genotype: noCallGenotype, noCallReason: 'oneAllele' as const };
        return gene;
      }),
    };
  }
}

async function pairAndStore(
  tx: Tx,
  uploadId: number,
  uploadedBy: number | null,
  fileBarcodes: ResultsFileBarcode[],
) {
  const codes = fileBarcodes.map((entry) => entry.barcode);
  const known = await tx
    .select({ code: barcodes.code, id: barcodes.id })
    .from(barcodes)
    .where(anyOf(barcodes.code, codes));
  const barcodeIds = new Map(known.map((row) => [row.code, row.id]));
  const sampleRows = known.length
    ? await tx
        .select({
          id: samples.id,
          barcodeId: samples.barcodeId,
          customerId: samples.customerId,
          status: samples.status,
        })
        .from(samples)
        .where(
          inArray(
            samples.barcodeId,
            known.map((row) => row.id),
          ),
        )
        .orderBy(asc(samples.id))
        .for('update')
    : [];
  // The samples' customers, locked (`lockLiveCustomers`): an erasure running now is waited for, and
  // an erased customer's sample is not paired (it is gone, or going, with its barcode).
  const live = await lockLiveCustomers(
    tx,
    sampleRows.map((row) => row.customerId),
  );
  const sampleByBarcodeId = new Map(
    sampleRows.filter((row) => live.has(row.customerId)).map((row) => [row.barcodeId, row]),
  );

  const unpairables: { barcode: string; reason: string; line: number; sampleStatus: number | null }[] = [];
  const matched: (Paired & { entry: ResultsFileBarcode })[] = [];
  for (const entry of fileBarcodes) {
    const barcodeId = barcodeIds.get(entry.barcode);
    const sample = barcodeId === undefined ? undefined : sampleByBarcodeId.get(barcodeId);
    if (!sample) {
      unpairables.push({
        barcode: entry.barcode,
        reason: UnpairableReason.UnknownBarcode,
        line: entry.line,
        sampleStatus: null,
      });
    } else if (!samplesAwaitingResults.includes(sample.status as SampleStatus)) {
      unpairables.push({
        barcode: entry.barcode,
        reason: UnpairableReason.SampleNotAwaitingResults,
        line: entry.line,
        sampleStatus: sample.status,
      });
    } else {
      matched.push({
        sampleId: sample.id,
        customerId: sample.customerId,
        status: sample.status,
        barcode: entry.barcode,
        entry,
      });
    }
  }
  // The one consent rule (issue 35): a sample of a customer without a valid consent is not paired into
  // the customer's record. Its row waits, held, with its genotypes beside it (`held_genotypes`), until
  // a consent recorded again lets it go on (`releaseHeldResults`); its sample stays where it is.
  const unconsented = new Set(
    (await customersWithoutConsent(tx, [...new Set(matched.map((sample) => sample.customerId))])).map(
      (customer) => customer.id,
    ),
  );
  await asCarried(tx, matched);
  const paired = matched.filter((sample) => !unconsented.has(sample.customerId));
  const held = matched.filter((sample) => unconsented.has(sample.customerId));
  const client = tx.$client;

  // Gene codes neither the catalogue nor the marker map knows are named on the upload: stored like
  // every genotype (a catalogue that learns them later reads them at reanalysis), but in no report
  // until then. A code of the map (by gene code or rsID) is known even when no phenotype reads it yet.
  const catalogueCodes = new Set(
    (
      await tx.execute<{ code: string }>(sql`
        select lower(unnest(${geneCombinations.geneCodes})) as code from ${geneCombinations}
        union select lower(${markers.geneCode}) from ${markers}
        union select lower(${markers.rsid}) from ${markers} where ${markers.rsid} <> ''`)
    ).rows.map((row) => row.code),
  );
  const unknownCodes = new Map<string, string>();
  let unknownGeneRows = 0;
  for (const entry of fileBarcodes)
    for (const gene of entry.genes) {
      const code = gene.geneCode.toLowerCase();
      if (catalogueCodes.has(code)) continue;
      unknownGeneRows++;
      if (!unknownCodes.has(code)) unknownCodes.set(code, gene.geneCode);
    }

  if (unpairables.length)
    await client.query(
      `insert into result_upload_unpairables (upload_id, barcode, reason, line, sample_status)
       select $1, b, r, l, s from unnest($2::text[], $3::text[], $4::int[], $5::smallint[]) as u(b, r, l, s)`,
      [
        uploadId,
        unpairables.map((u) => u.barcode),
        unpairables.map((u) => u.reason),
        unpairables.map((u) => u.line),
        unpairables.map((u) => u.sampleStatus),
      ],
    );

  // The customers' genotypes: one row per customer and gene (a later sample of the same customer wins),
  // joined to the stored ones by `replacingStoredGenotypes`.
  const genotypes = new Map<string, [number, ResultsFileBarcode['genes'][number]]>();
  for (const sample of paired)
    for (const gene of sample.entry.genes)
      genotypes.set(`${sample.customerId}\u0000${gene.geneCode.toLowerCase()}`, [sample.customerId, gene]);
  const rows = [...genotypes.values()];
  const contradicted = new Map<number, { geneCode: string; before: string; after: string }[]>();
  // Customers without stored genotypes (their first results, the usual case) are copied straight into
  // the table; the others are copied into a temporary table and upserted by customer and gene code.
  const { rows: stored } = await client.query<{ customer_id: number }>(
    'select distinct customer_id from customer_genotypes where customer_id = any($1::bigint[])',
    [[...new Set(paired.map((sample) => sample.customerId))]],
  );
  const withGenotypes = new Set(stored.map((row) => Number(row.customer_id)));
  const fresh = rows.filter(([customerId]) => !withGenotypes.has(customerId));
  const again = rows.filter(([customerId]) => withGenotypes.has(customerId));
  if (fresh.length) await copyGenotypes(client, 'customer_genotypes', uploadId, fresh);
  if (again.length) {
    await client.query(
      `create temp table upload_genotypes
         (customer_id bigint, gene_code text, gene_name text, hgvs_c text, protein text, transcript text,
          genotype text, no_call_reason text, upload_id bigint) on commit drop`,
    );
    await copyGenotypes(client, 'upload_genotypes', uploadId, again);
    // A call that differs from the stored one is kept, and named on the upload for inspection: a
    // retest that disagrees, or another person's sample under the barcode, is the lab's to explain.
    const { rows: contradictions } = await client.query<{
      customer_id: string;
      gene_code: string;
      before: string;
      after: string;
    }>(
      `select n.customer_id, c.gene_code, c.genotype as before, n.genotype as after
         from upload_genotypes n
         join customer_genotypes c on c.customer_id = n.customer_id and lower(c.gene_code) = lower(n.gene_code)
        where ${differingCall}
        order by n.customer_id, lower(c.gene_code)`,
    );
    for (const row of contradictions) {
      const customerId = Number(row.customer_id);
      const list = contradicted.get(customerId) ?? [];
      list.push({ geneCode: row.gene_code, before: row.before, after: row.after });
      contradicted.set(customerId, list);
    }
    await client.query(
      `insert into customer_genotypes (${genotypeColumns})
       select ${genotypeColumns} from upload_genotypes
       ${replacingStoredGenotypes}`,
    );
    // Dropped now too, so a second upload processed in the same transaction (the demo seed) can create it.
    await client.query('drop table upload_genotypes');
  }
  if (paired.length) {
    const sampleIds = paired.map((sample) => sample.sampleId);
    // Lab analysis finished [6], audited like any status change of a sample.
    await client.query(
      `update samples set status = ${SampleStatus.LabAnalysisFinished}, updated_at = now() where id = any($1::bigint[])`,
      [sampleIds],
    );
    await client.query(
      `insert into audit_log (entity, entity_id, field, old_value, new_value, changed_by)
       select 'sample', id, 'status', old::text, $3, $4 from unnest($1::bigint[], $2::smallint[]) as u(id, old)
        where old <> ${SampleStatus.LabAnalysisFinished}`,
      [
        sampleIds,
        paired.map((sample) => sample.status),
        String(SampleStatus.LabAnalysisFinished),
        uploadedBy,
      ],
    );
    await client.query(
      `insert into result_upload_samples (upload_id, sample_id, customer_id, barcode, contradicted_markers)
       select $1, s, c, b, m from unnest($2::bigint[], $3::bigint[], $4::text[], $5::jsonb[]) as u(s, c, b, m)`,
      [
        uploadId,
        sampleIds,
        paired.map((sample) => sample.customerId),
        paired.map((sample) => sample.barcode),
        paired.map((sample) => JSON.stringify(contradicted.get(sample.customerId) ?? [])),
      ],
    );
  }
  if (held.length)
    await tx.insert(resultUploadSamples).values(
      held.map((sample) => ({
        uploadId,
        sampleId: sample.sampleId,
        customerId: sample.customerId,
        barcode: sample.barcode,
        heldReason: 'noValidConsent',
        heldGenotypes: sample.entry.genes.map((gene) => ({
          geneCode: gene.geneCode,
          geneName: gene.geneName,
          hgvsC: gene.hgvsC,
          protein: gene.protein,
          transcript: gene.transcript,
          genotype: gene.genotype,
          noCallReason: gene.noCallReason ?? null,
        })),
      })),
    );

  await tx
    .update(resultUploads)
    .set({
      status: ResultUploadStatus.GeneratingResults,
      unknownGeneCodes: [...unknownCodes.values()].sort((a, b) => a.localeCompare(b)),
      unknownGeneRows,
      paired: paired.length,
      unpairable: unpairables.length,
      toBeGenerated: paired.length,
      generated: 0,
    })
    .where(eq(resultUploads.id, uploadId));
  await tx.delete(resultUploadFiles).where(eq(resultUploadFiles.uploadId, uploadId));
}

/**
 * Generates the reports of an upload's paired samples not generated yet, a batch per transaction
 * (the catalogue loaded once), then completes the upload: 3, or 4 when a barcode was unpairable or a
 * report requires inspection or a sample of a lab-format file misses markers.
 */
async function generateUploadReports(run: TransactionRunner, uploadId: number): Promise<void> {
  const catalogue = await run((tx) => loadCatalogue(tx));
  for (;;) {
    const finished = await run(async (tx) => {
      const [upload] = await tx
        .select({ status: resultUploads.status, unpairable: resultUploads.unpairable })
        .from(resultUploads)
        .where(eq(resultUploads.id, uploadId))
        .for('update');
      if (upload?.status !== ResultUploadStatus.GeneratingResults) return true;
      const batch = await tx
        .select({
          sampleId: resultUploadSamples.sampleId,
          customerId: resultUploadSamples.customerId,
          productTypeId: orders.productTypeId,
        })
        .from(resultUploadSamples)
        .innerJoin(samples, eq(samples.id, resultUploadSamples.sampleId))
        .leftJoin(orders, eq(orders.id, samples.orderId))
        .where(
          and(
            eq(resultUploadSamples.uploadId, uploadId),
            isNull(resultUploadSamples.generatedAt),
            isNull(resultUploadSamples.heldReason),
          ),
        )
        .orderBy(asc(resultUploadSamples.sampleId))
        .limit(generationBatch);
      // A consent withdrawn since pairing holds its rows here: no report for a customer without one.
      // The rule reads the consents `for share`, so a withdrawal either waits for this batch to commit
      // (and finds its reports generated) or has committed, and its customers are held now.
      const withoutConsent = new Set(
        (await customersWithoutConsent(tx, [...new Set(batch.map((sample) => sample.customerId))])).map(
          (customer) => customer.id,
        ),
      );
      const heldNow = batch.filter((sample) => withoutConsent.has(sample.customerId));
      if (heldNow.length) {
        await tx
          .update(resultUploadSamples)
          .set({ heldReason: 'noValidConsent' })
          .where(
            and(
              eq(resultUploadSamples.uploadId, uploadId),
              inArray(
                resultUploadSamples.sampleId,
                heldNow.map((sample) => sample.sampleId),
              ),
            ),
          );
        return false;
      }
      if (!batch.length) {
        // A sample asks for inspection when its report does, its results wait for a consent, or a call
        // differs from the customer's earlier one.
        const [samplesToInspect] = await tx
          .select({
            count: sql<number>`count(*) filter (where ${resultUploadSamples.requiresInspection}
              or ${resultUploadSamples.heldReason} is not null
              or jsonb_array_length(${resultUploadSamples.contradictedMarkers}) > 0)::int`,
          })
          .from(resultUploadSamples)
          .where(eq(resultUploadSamples.uploadId, uploadId));
        const [missing] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(resultUploadMarkerCounts)
          .where(
            and(
              eq(resultUploadMarkerCounts.uploadId, uploadId),
              sql`jsonb_array_length(${resultUploadMarkerCounts.problems}) > 0`,
            ),
          );
        await tx
          .update(resultUploads)
          .set({
            status:
              upload.unpairable > 0 || (samplesToInspect?.count ?? 0) > 0 || (missing?.count ?? 0) > 0
                ? ResultUploadStatus.CompleteInspectionRequired
                : ResultUploadStatus.Complete,
            finishedAt: new Date(),
          })
          .where(eq(resultUploads.id, uploadId));
        return true;
      }
      const reports = await generateReports(
        tx,
        batch.map((sample) => ({
          customerId: sample.customerId,
          sampleId: sample.sampleId,
          productTypeId: sample.productTypeId ?? undefined,
          approvedByLaboratory: true,
        })),
        catalogue,
      );
      await tx.$client.query(
        `update result_upload_samples s
            set generated_at = now(), product_id = u.p, requires_inspection = u.r
           from unnest($2::bigint[], $3::bigint[], $4::boolean[]) as u(s, p, r)
          where s.upload_id = $1 and s.sample_id = u.s`,
        [
          uploadId,
          batch.map((sample) => sample.sampleId),
          reports.map((report) => report.productId),
          reports.map((report) => report.requiresInspection),
        ],
      );
      await tx
        .update(resultUploads)
        .set({ generated: sql`${resultUploads.generated} + ${batch.length}` })
        .where(eq(resultUploads.id, uploadId));
      return false;
    });
    if (finished) return;
  }
}

/** The file's chunks as read, counted into `genodesk_lab_file_read_bytes_total` as they pass. */
function countedBytes(source: AsyncIterable<Buffer | Uint8Array>) {
  const counted = {
    bytes: 0,
    async *[Symbol.asyncIterator]() {
      for await (const chunk of source) {
        counted.bytes += chunk.byteLength;
        labFileReadBytes.inc(chunk.byteLength);
        yield chunk;
      }
    },
  };
  return counted;
}
