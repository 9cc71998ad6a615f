import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products, productTemplates } from '../../db/schema/index.js';
import { recountTemplates } from '../results/generation.service.js';
import { withdrawReportDocuments } from './report-pdf/withdrawn-documents.js';

/**
 * The products area's part of a customer's erasure (`privacy/erasure.ts`): their reports go with their
 * issued PDFs, template links and reanalysis runs; the templates they used are recounted. Each issued
 * PDF leaves a tombstone without personal data (issue 35), so a genuine copy checked later is
 * "withdrawn", not "not issued".
 */
export const productsErasure = {
  async traces(tx: Tx, customer: { id: number }) {
    const ids = (
      await tx.select({ id: products.id }).from(products).where(eq(products.customerId, customer.id))
    ).map((row) => row.id);
    return {
      trails: [{ entities: ['product', 'productRead'], ids }],
      jobs: [{ name: 'move-product', field: 'productId', ids }],
      own: ids,
    };
  },
  async erase(tx: Tx, _customer: unknown, _traces: unknown, ids: number[]) {
    if (!ids.length) return;
    await withdrawReportDocuments(tx, ids);
    const usedTemplates = await tx
      .select({ id: productTemplates.templateId })
      .from(productTemplates)
      .where(inArray(productTemplates.productId, ids));
    await tx.delete(products).where(inArray(products.id, ids));
    await recountTemplates(
      tx,
      usedTemplates.map((row) => row.id),
    );
  },
};
