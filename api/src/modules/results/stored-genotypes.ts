/**
 * How a file's genotypes join the customer's stored ones, for pairing (`processing.ts`) and for results
 * released after a consent (`held.ts`) alike.
 */

export const genotypeColumns =
  'customer_id, gene_code, gene_name, hgvs_c, protein, transcript, genotype, no_call_reason, upload_id';

/**
 * The end of an `insert into customer_genotypes … select …`: a stored gene is replaced by the file's
 * call or no-call, but not by `absent` (a retest file of some markers, a smaller chip keeps the rest).
 */
export const replacingStoredGenotypes = `on conflict (customer_id, lower(gene_code)) do update set
  gene_code = excluded.gene_code, gene_name = excluded.gene_name, hgvs_c = excluded.hgvs_c,
  protein = excluded.protein, transcript = excluded.transcript, genotype = excluded.genotype,
  no_call_reason = excluded.no_call_reason, upload_id = excluded.upload_id, updated_at = now()
  where excluded.no_call_reason is distinct from 'absent'`;

/**
 * A new call (alias `n`) that differs from the stored one (alias `c`, joined on customer and gene): a
 * retest that disagrees, or another person's sample under the barcode. Both must be calls.
 */
export const differingCall = `n.genotype <> '--' and c.genotype <> '--' and n.genotype <> c.genotype`;
