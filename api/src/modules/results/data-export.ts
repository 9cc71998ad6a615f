import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customerGenotypes } from '../../db/schema/index.js';

export type ResultsExport = {
  genotypes: {
    geneCode: string;
    geneName: string;
    genotype: string;
    hgvsC: string;
    protein: string;
    transcript: string;
    storedAt: string;
    updatedAt: string;
  }[];
};

/** The results area's part of the customer's data export (`privacy/data-export.ts`): their genotypes as stored. */
export async function resultsDataExport(
  tx: Executor,
  { customer }: { customer: { id: number } },
): Promise<{ sections: ResultsExport }> {
  const rows = await tx
    .select()
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, customer.id))
    .orderBy(sql`lower(${customerGenotypes.geneCode})`, asc(customerGenotypes.id));
  return {
    sections: {
      genotypes: rows.map((g) => ({
        geneCode: g.geneCode,
        geneName: g.geneName,
        genotype: g.genotype,
        hgvsC: g.hgvsC,
        protein: g.protein,
        transcript: g.transcript,
        storedAt: g.createdAt.toISOString(),
        updatedAt: g.updatedAt.toISOString(),
      })),
    },
  };
}
