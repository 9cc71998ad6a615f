import { type Locale, labelIn, type NoCallReason, noCallReasonLabels } from '@genodesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customerGenotypes } from '../../db/schema/index.js';

export type ResultsExport = {
  /**
   * The markers the laboratory tested in the customer's sample, each with its call status — never its
   * genotype: genotypes reach the customer as a physician released them, in the reports' issued
   * versions (a result the physician withheld stays unread, as on the report's appendix).
   */
  markersTested: {
    geneCode: string;
    geneName: string;
    hgvsC: string;
    protein: string;
    transcript: string;
    called: boolean;
    noCallReason: string | null;
    noCallReasonName: string | null;
    storedAt: string;
    updatedAt: string;
  }[];
};

/** The results area's part of the customer's data export (`privacy/data-export.ts`): the markers tested. */
export async function resultsDataExport(
  tx: Executor,
  { customer, locale }: { customer: { id: number }; locale: Locale },
): Promise<{ sections: ResultsExport }> {
  const rows = await tx
    .select({
      geneCode: customerGenotypes.geneCode,
      geneName: customerGenotypes.geneName,
      hgvsC: customerGenotypes.hgvsC,
      protein: customerGenotypes.protein,
      transcript: customerGenotypes.transcript,
      noCallReason: customerGenotypes.noCallReason,
      createdAt: customerGenotypes.createdAt,
      updatedAt: customerGenotypes.updatedAt,
    })
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, customer.id))
    .orderBy(sql`lower(${customerGenotypes.geneCode})`, asc(customerGenotypes.id));
  return {
    sections: {
      markersTested: rows.map((g) => ({
        geneCode: g.geneCode,
        geneName: g.geneName,
        hgvsC: g.hgvsC,
        protein: g.protein,
        transcript: g.transcript,
        called: g.noCallReason === null,
        noCallReason: g.noCallReason,
        noCallReasonName:
          g.noCallReason === null
            ? null
            : labelIn(noCallReasonLabels, g.noCallReason as NoCallReason, locale),
        storedAt: g.createdAt.toISOString(),
        updatedAt: g.updatedAt.toISOString(),
      })),
    },
  };
}
