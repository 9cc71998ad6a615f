import { displayGenotype, type GenotypeCombination, genotypeCombinationKey } from '@genodesk/contract';
import type {
  ReportCategory,
  ReportContent,
  ReportPhenotype,
  ReportSubcategory,
} from '../../db/schema/index.js';

/**
 * Report generation (DOMAIN §2) as a pure function: the customer's gender and genotypes and the
 * catalogue in, the grouped content out. No database here; `generation.service.ts` loads and writes.
 */

type Named = { id: number; name: string; nameEn: string };

export type CatalogueTemplate = {
  id: number;
  risk: number;
  text: string;
  textEn: string;
  genotypeCombinations: GenotypeCombination[];
};

export type CatalogueGeneCombination = {
  id: number;
  geneCodes: string[];
  phenotype: string;
  phenotypeEn: string;
  /** 1 male, 2 female, 3 both. */
  gender: number;
  defaultText: string;
  defaultTextEn: string;
  defaultRisk: number | null;
  category: Named;
  subcategory: Named;
  templates: CatalogueTemplate[];
};

/** The catalogue ready for generation: each gene combination with its templates by genotype key. */
export type PreparedCatalogue = {
  geneCombinations: (CatalogueGeneCombination & { templateByKey: Map<string, CatalogueTemplate> })[];
  /** Every gene code the catalogue uses, lower-cased: the only genotypes generation reads. */
  geneCodes: string[];
};

/** Indexes the catalogue once (one map per gene combination), so a batch of customers reuses it. */
export function prepareCatalogue(geneCombinations: CatalogueGeneCombination[]): PreparedCatalogue {
  return {
    geneCodes: [
      ...new Set(
        geneCombinations.flatMap((geneCombination) => geneCombination.geneCodes.map((c) => c.toLowerCase())),
      ),
    ],
    geneCombinations: geneCombinations.map((geneCombination) => {
      const templateByKey = new Map<string, CatalogueTemplate>();
      for (const template of geneCombination.templates)
        for (const combination of template.genotypeCombinations)
          templateByKey.set(genotypeCombinationKey(combination), template);
      return { ...geneCombination, templateByKey };
    }),
  };
}

export type GenerationInput = {
  /** 1 male, 2 female. */
  gender: number;
  /** Gene code → genotype, as stored (codes in any case, genotypes in any allele order). */
  genotypes: GenotypeCombination;
};

export type GeneratedReport = {
  content: ReportContent;
  pairedPhenotypesCount: number;
  /** The templates the content uses, ascending. */
  templateIds: number[];
  /** Some phenotype fell back to its gene combination's default template. */
  requiresInspection: boolean;
};

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'cs') || a.id - b.id;

export function generateReport(catalogue: PreparedCatalogue, input: GenerationInput): GeneratedReport {
  const genotypes = new Map<string, string>();
  for (const [code, genotype] of Object.entries(input.genotypes)) genotypes.set(code.toLowerCase(), genotype);

  const categories = new Map<number, ReportCategory>();
  const subcategories = new Map<number, ReportSubcategory>();
  const templateIds = new Set<number>();
  let pairedPhenotypesCount = 0;
  let requiresInspection = false;

  for (const geneCombination of catalogue.geneCombinations) {
    if (geneCombination.gender !== 3 && geneCombination.gender !== input.gender) continue;
    const restricted: GenotypeCombination = {};
    let complete = true;
    for (const code of geneCombination.geneCodes) {
      const genotype = genotypes.get(code.toLowerCase());
      if (genotype === undefined) {
        complete = false;
        break;
      }
      restricted[code] = genotype;
    }
    if (!complete) continue;

    const template = geneCombination.templateByKey.get(genotypeCombinationKey(restricted));
    if (template) templateIds.add(template.id);
    else requiresInspection = true;
    const phenotype: ReportPhenotype = {
      geneCombinationId: geneCombination.id,
      phenotype: geneCombination.phenotype,
      phenotypeEn: geneCombination.phenotypeEn,
      templateId: template?.id ?? null,
      risk: template ? template.risk : geneCombination.defaultRisk,
      text: template ? template.text : geneCombination.defaultText,
      textEn: template ? template.textEn : geneCombination.defaultTextEn,
      genes: Object.entries(restricted).map(([code, genotype]) => ({
        code,
        genotype: displayGenotype(genotype) ?? genotype,
      })),
    };

    let category = categories.get(geneCombination.category.id);
    if (!category) {
      category = { ...geneCombination.category, subcategories: [] };
      categories.set(category.id, category);
    }
    let subcategory = subcategories.get(geneCombination.subcategory.id);
    if (!subcategory) {
      subcategory = { ...geneCombination.subcategory, phenotypes: [] };
      subcategories.set(subcategory.id, subcategory);
      category.subcategories.push(subcategory);
    }
    subcategory.phenotypes.push(phenotype);
    pairedPhenotypesCount++;
  }

  const sorted = [...categories.values()].sort(byName);
  for (const category of sorted) {
    category.subcategories.sort(byName);
    for (const subcategory of category.subcategories)
      subcategory.phenotypes.sort(
        (a, b) => a.phenotype.localeCompare(b.phenotype, 'cs') || a.geneCombinationId - b.geneCombinationId,
      );
  }
  return {
    content: { categories: sorted },
    pairedPhenotypesCount,
    templateIds: [...templateIds].sort((a, b) => a - b),
    requiresInspection,
  };
}
