import { noCallGenotype } from '@genodesk/contract';
import type { ReportContent } from '../../db/schema/index.js';

/**
 * The columns of a report's technical validation set empty (issue 35): whatever writes the content
 * anew (generation from an upload, reanalysis) spreads this, because a validation stands for the
 * genotypes it reviewed, not for whatever replaces them. A doctor's assessment or withholding changes
 * no genotype and keeps it.
 */
export const technicalValidationCleared = {
  technicallyValidatedAt: null,
  technicallyValidatedBy: null,
  technicalValidation: null,
} as const;

/**
 * The report's markers as the technical validation records them: every distinct gene its phenotypes
 * read is a tested marker, a `--` genotype a no-call; the call rate is called / tested (1 when the
 * report reads no gene, so an empty report is never "0 %").
 */
export function reportMarkers(content: Pick<ReportContent, 'categories'>) {
  const genotypes = new Map<string, string>();
  for (const category of content.categories)
    for (const subcategory of category.subcategories)
      for (const phenotype of subcategory.phenotypes)
        for (const gene of phenotype.genes) genotypes.set(gene.code.toLowerCase(), gene.genotype);
  const testedMarkers = genotypes.size;
  const noCalls = [...genotypes.values()].filter((genotype) => genotype === noCallGenotype).length;
  const callRate =
    testedMarkers === 0 ? 1 : Math.round(((testedMarkers - noCalls) / testedMarkers) * 10_000) / 10_000;
  return { testedMarkers, noCalls, callRate };
}
