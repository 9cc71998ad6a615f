import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { barcodes, samples } from '../../db/schema/index.js';

/**
 * The samples area's part of a customer's erasure (`privacy/erasure.ts`): their samples, then the
 * barcode rows they used (the row, so the code is gone; the sequence never issues it again). Their
 * codes are traces: other areas' rows name them (results files).
 */
export const samplesErasure = {
  async traces(tx: Tx, customer: { id: number }) {
    const rows = await tx
      .select({ id: samples.id, barcodeId: samples.barcodeId, code: barcodes.code })
      .from(samples)
      .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
      .where(eq(samples.customerId, customer.id));
    return {
      trails: [{ entities: ['sample'], ids: rows.map((row) => row.id) }],
      codes: rows.flatMap((row) => (row.code ? [row.code] : [])),
      own: rows,
    };
  },
  async erase(
    tx: Tx,
    _customer: unknown,
    _traces: unknown,
    rows: { id: number; barcodeId: number | null }[],
  ) {
    if (!rows.length) return;
    await tx.delete(samples).where(
      inArray(
        samples.id,
        rows.map((row) => row.id),
      ),
    );
    const barcodeIds = rows.flatMap((row) => (row.barcodeId === null ? [] : [row.barcodeId]));
    if (barcodeIds.length) await tx.delete(barcodes).where(inArray(barcodes.id, barcodeIds));
  },
};
