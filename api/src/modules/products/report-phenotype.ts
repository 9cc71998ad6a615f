import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, type ReportContent, type ReportPhenotype } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../http/errors.js';

/**
 * One phenotype of a report, its row locked for a change (an assessment, a withholding): 404 for an
 * unknown report or phenotype, 422 for an archived (read-only) report. `replaced` is the content with
 * that phenotype swapped for another.
 */
export async function lockReportPhenotype(tx: Executor, productId: number, geneCombinationId: number) {
  const [report] = await tx
    .select({ content: products.content, isArchived: products.isArchived })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!report) throw notFound();
  if (report.isArchived) throw unprocessable('productArchivedReadOnly');
  const content = report.content;
  const phenotype = content.categories
    .flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
    .find((p) => p.geneCombinationId === geneCombinationId);
  if (!phenotype) throw notFound();
  const replaced = (next: ReportPhenotype): ReportContent =>
    mapPhenotypes(content, (p) => (p === phenotype ? next : p));
  return { content, phenotype, replaced };
}

/** The content with each phenotype put through `change`, the rest as it was. */
export const mapPhenotypes = (
  content: ReportContent,
  change: (phenotype: ReportPhenotype) => ReportPhenotype,
): ReportContent => ({
  ...content,
  categories: content.categories.map((c) => ({
    ...c,
    subcategories: c.subcategories.map((s) => ({ ...s, phenotypes: s.phenotypes.map(change) })),
  })),
});
