import { type Locale, labelIn, type SampleStatus, sampleStatusLabels } from '@genodesk/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  barcodes,
  orders,
  resultUploadSamples,
  resultUploads,
  samples,
  users,
} from '../../db/schema/index.js';
import type { ExportedChange, HistoryOf } from '../audit/data-export.js';

export type SamplesExport = {
  samples: {
    id: number;
    barcode: string | null;
    status: number;
    statusName: string;
    orderNumber: number | null;
    sentAt: string | null;
    sentBy: string | null;
    receivedAt: string | null;
    receivedBy: string | null;
    analysisStartedAt: string | null;
    createdAt: string;
    updatedAt: string;
    /** The lab results files that brought this sample's genotypes. */
    labResults: { fileName: string; uploadedAt: string; reportGeneratedAt: string | null }[];
    history: ExportedChange[];
  }[];
};

/**
 * The samples area's part of the customer's data export (`privacy/data-export.ts`): their samples,
 * each with its barcode, who sent and received it, and the lab results files that brought its genotypes.
 */
export async function samplesDataExport(
  tx: Executor,
  { customer, locale, historyOf }: { customer: { id: number }; locale: Locale; historyOf: HistoryOf },
): Promise<{ sections: SamplesExport }> {
  const sentBy = alias(users, 'sent_by_user');
  const receivedBy = alias(users, 'received_by_user');
  const sampleRows = await tx
    .select({
      sample: samples,
      barcode: barcodes.code,
      orderNumber: orders.orderNumber,
      sentBy: sentBy.userName,
      receivedBy: receivedBy.userName,
    })
    .from(samples)
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .leftJoin(orders, eq(orders.id, samples.orderId))
    .leftJoin(sentBy, eq(sentBy.id, samples.sentBy))
    .leftJoin(receivedBy, eq(receivedBy.id, samples.receivedBy))
    .where(eq(samples.customerId, customer.id))
    .orderBy(asc(samples.createdAt), asc(samples.id));

  const labRows = await tx
    .select({
      sampleId: resultUploadSamples.sampleId,
      fileName: resultUploads.fileName,
      uploadedAt: resultUploads.uploadedAt,
      generatedAt: resultUploadSamples.generatedAt,
    })
    .from(resultUploadSamples)
    .innerJoin(resultUploads, eq(resultUploads.id, resultUploadSamples.uploadId))
    .where(eq(resultUploadSamples.customerId, customer.id))
    .orderBy(asc(resultUploads.uploadedAt), asc(resultUploads.id));
  const labResultsOf = new Map<number, SamplesExport['samples'][number]['labResults']>();
  for (const row of labRows) {
    const list = labResultsOf.get(row.sampleId) ?? [];
    list.push({
      fileName: row.fileName,
      uploadedAt: row.uploadedAt.toISOString(),
      reportGeneratedAt: row.generatedAt?.toISOString() ?? null,
    });
    labResultsOf.set(row.sampleId, list);
  }

  return {
    sections: {
      samples: sampleRows.map(({ sample: s, barcode, orderNumber, sentBy: sent, receivedBy: received }) => ({
        id: s.id,
        barcode,
        status: s.status,
        statusName: labelIn(sampleStatusLabels, s.status as SampleStatus, locale),
        orderNumber,
        sentAt: s.sentAt?.toISOString() ?? null,
        sentBy: sent,
        receivedAt: s.receivedAt?.toISOString() ?? null,
        receivedBy: received,
        analysisStartedAt: s.analysisStartedAt?.toISOString() ?? null,
        createdAt: s.createdAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
        labResults: labResultsOf.get(s.id) ?? [],
        history: historyOf('sample', s.id),
      })),
    },
  };
}
