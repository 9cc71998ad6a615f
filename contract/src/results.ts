import { z } from 'zod';

/** A customer's stored genotype for one gene (SPEC §3 "Gene information"). */
export const geneInformationSchema = z.object({
  code: z.string(),
  name: z.string(),
  hgvsC: z.string(),
  protein: z.string(),
  transcript: z.string(),
  genotype: z.string(),
});
export type GeneInformation = z.infer<typeof geneInformationSchema>;

export const customerResultSchema = z.object({
  customerId: z.number().int(),
  genes: z.array(geneInformationSchema),
});
export type CustomerResult = z.infer<typeof customerResultSchema>;
