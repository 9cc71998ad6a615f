import type { CustomerResult } from '@genodesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customerGenotypes, customers } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/errors.js';

/** The customer's stored genotypes by gene code; 404 'Results are not available' when there are none. */
export async function getCustomerResult(db: Executor, customerId: number): Promise<CustomerResult> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw notFound();
  const genes = await db
    .select({
      code: customerGenotypes.geneCode,
      name: customerGenotypes.geneName,
      hgvsC: customerGenotypes.hgvsC,
      protein: customerGenotypes.protein,
      transcript: customerGenotypes.transcript,
      genotype: customerGenotypes.genotype,
    })
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, customerId))
    .orderBy(sql`lower(${customerGenotypes.geneCode})`, asc(customerGenotypes.id));
  if (!genes.length) throw new AppError(404, 'NOT_FOUND', 'resultsNotAvailable');
  return { customerId, genes };
}
