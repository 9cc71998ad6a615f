import {
  ClinicalWeight,
  displayGenotype,
  type GenotypeCombination,
  genotypeCombinationKey,
  noCallGenotype,
} from '@genodesk/contract';
import type {
  CombinationCondition,
  ReportCategory,
  ReportCombination,
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
  /** Its finding is released only after a consultation (issue 35); absent reads as false. */
  requiresConsultation?: boolean;
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
  /** `ClinicalWeight`: the summary lists graver phenotypes first. */
  clinicalWeight: number;
  category: Named;
  subcategory: Named;
  templates: CatalogueTemplate[];
};

export type CatalogueCombinationRule = {
  id: number;
  name: string;
  nameEn: string;
  risk: number;
  clinicalWeight: number;
  text: string;
  textEn: string;
  conditions: CombinationCondition[];
};

/** The catalogue ready for generation: each gene combination with its templates by genotype key. */
export type PreparedCatalogue = {
  geneCombinations: (CatalogueGeneCombination & { templateByKey: Map<string, CatalogueTemplate> })[];
  combinationRules: CatalogueCombinationRule[];
  /** Every template's id: a doctor's choice of a template since deleted is not linked to the report. */
  templateIds: Set<number>;
  /** Every gene code the catalogue uses, lower-cased: the only genotypes generation reads. */
  geneCodes: string[];
};

/** Indexes the catalogue once (one map per gene combination), so a batch of customers reuses it. */
export function prepareCatalogue(
  geneCombinations: CatalogueGeneCombination[],
  combinationRules: CatalogueCombinationRule[] = [],
): PreparedCatalogue {
  return {
    combinationRules,
    templateIds: new Set(
      geneCombinations.flatMap((geneCombination) => geneCombination.templates.map((t) => t.id)),
    ),
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
  /** Gene code → genotype, as stored (codes in any case, genotypes in any allele order; `--` a no-call). */
  genotypes: GenotypeCombination;
  /** Gene code (any case) → why a no-call of `genotypes` was not called. */
  noCallReasons?: Record<string, string | null>;
  /**
   * The report's content so far: a doctor's assessment of a phenotype no template matches is kept while
   * its genotypes stay the same.
   */
  previous?: ReportContent;
};

export type GeneratedReport = {
  content: ReportContent;
  pairedPhenotypesCount: number;
  /** The templates the content uses, ascending. */
  templateIds: number[];
  /** Some phenotype is not assessed (no template matched, no doctor assessed it) or not determined (a no-call). */
  requiresInspection: boolean;
};

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'cs') || a.id - b.id;

export function generateReport(catalogue: PreparedCatalogue, input: GenerationInput): GeneratedReport {
  const genotypes = new Map<string, string>();
  for (const [code, genotype] of Object.entries(input.genotypes)) genotypes.set(code.toLowerCase(), genotype);
  const noCallReasons = new Map<string, string>();
  for (const [code, reason] of Object.entries(input.noCallReasons ?? {}))
    if (reason) noCallReasons.set(code.toLowerCase(), reason);

  const assessedBefore = new Map<number, ReportPhenotype>();
  const withheldBefore = new Map<number, ReportPhenotype>();
  for (const category of input.previous?.categories ?? [])
    for (const subcategory of category.subcategories)
      for (const phenotype of subcategory.phenotypes) {
        if (phenotype.assessedBy) assessedBefore.set(phenotype.geneCombinationId, phenotype);
        if (phenotype.withheld) withheldBefore.set(phenotype.geneCombinationId, phenotype);
      }
  const placed = new Map<number, ReportPhenotype>();

  const categories = new Map<number, ReportCategory>();
  const subcategories = new Map<number, ReportSubcategory>();
  const templateIds = new Set<number>();
  let pairedPhenotypesCount = 0;
  let requiresInspection = false;

  for (const geneCombination of catalogue.geneCombinations) {
    if (geneCombination.gender !== 3 && geneCombination.gender !== input.gender) continue;
    // A phenotype none of whose markers the customer's files name was not tested: it is not part of the
    // report (DOMAIN §2). One the files name only in part is not left out in silence: it is not
    // determined, the missing marker an 'absent' no-call, as the lab formats report a marker of their map.
    if (!geneCombination.geneCodes.some((code) => genotypes.has(code.toLowerCase()))) continue;
    const restricted: GenotypeCombination = {};
    for (const code of geneCombination.geneCodes)
      restricted[code] = genotypes.get(code.toLowerCase()) ?? noCallGenotype;

    const notDetermined = Object.values(restricted).some((genotype) => genotype === noCallGenotype);
    const genes = Object.entries(restricted).map(([code, genotype]) =>
      genotype === noCallGenotype
        ? {
            code,
            genotype,
            noCallReason:
              noCallReasons.get(code.toLowerCase()) ??
              (genotypes.has(code.toLowerCase()) ? 'noCall' : 'absent'),
          }
        : { code, genotype: displayGenotype(genotype) ?? genotype },
    );
    const template = notDetermined
      ? undefined
      : geneCombination.templateByKey.get(genotypeCombinationKey(restricted));
    const assessed = template || notDetermined ? undefined : assessedBefore.get(geneCombination.id);
    const kept = assessed && sameGenes(assessed.genes, genes) ? assessed : undefined;
    // A no-call is a result: "not determined", with neither a template's text nor the default's.
    const phenotype: ReportPhenotype = {
      geneCombinationId: geneCombination.id,
      phenotype: geneCombination.phenotype,
      phenotypeEn: geneCombination.phenotypeEn,
      templateId: template?.id ?? kept?.templateId ?? null,
      // Never the default risk: an unassessed phenotype shows no risk at all.
      risk: template ? template.risk : (kept?.risk ?? null),
      text: notDetermined ? '' : template ? template.text : (kept?.text ?? geneCombination.defaultText),
      textEn: notDetermined
        ? ''
        : template
          ? template.textEn
          : (kept?.textEn ?? geneCombination.defaultTextEn),
      genes,
      clinicalWeight: geneCombination.clinicalWeight,
      notDetermined,
      notAssessed: !notDetermined && !template && !kept,
      assessedBy: template ? null : (kept?.assessedBy ?? null),
      requiresConsultation: template?.requiresConsultation === true,
    };
    // The physician's withholding stays while the genotypes it was decided on stay and it still has a
    // cause (not assessed, not determined, consultation-bound); new genotypes are decided on anew.
    const withheld = withheldBefore.get(geneCombination.id);
    if (
      withheld?.withheld &&
      sameGenes(withheld.genes, genes) &&
      (phenotype.notAssessed || notDetermined || phenotype.requiresConsultation)
    )
      phenotype.withheld = withheld.withheld;
    if (phenotype.templateId !== null && catalogue.templateIds.has(phenotype.templateId))
      templateIds.add(phenotype.templateId);
    if (phenotype.notAssessed || notDetermined) requiresInspection = true;

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
    placed.set(phenotype.geneCombinationId, phenotype);
    if (!notDetermined) pairedPhenotypesCount++;
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
    content: { categories: sorted, combinations: fulfilledRules(catalogue.combinationRules, placed) },
    pairedPhenotypesCount,
    templateIds: [...templateIds].sort((a, b) => a - b),
    requiresInspection,
  };
}

const sameGenes = (a: { code: string; genotype: string }[], b: { code: string; genotype: string }[]) =>
  a.length === b.length &&
  a.every((gene) =>
    b.some(
      (other) => other.code.toLowerCase() === gene.code.toLowerCase() && other.genotype === gene.genotype,
    ),
  );

/**
 * The rules every condition of which the placed phenotypes fulfil: each condition's phenotype is in the
 * report and resolved (by a template, or a doctor choosing one) to one of the condition's templates.
 */
export function fulfilledRules(
  rules: CatalogueCombinationRule[],
  placed: Map<number, ReportPhenotype>,
): ReportCombination[] {
  const fulfilled: ReportCombination[] = [];
  for (const rule of rules) {
    const phenotypes = rule.conditions.map((condition) => {
      const phenotype = placed.get(condition.geneCombinationId);
      return phenotype?.templateId != null && condition.templateIds.includes(phenotype.templateId)
        ? phenotype
        : undefined;
    });
    if (!phenotypes.every((phenotype) => phenotype !== undefined)) continue;
    fulfilled.push({
      ruleId: rule.id,
      name: rule.name,
      nameEn: rule.nameEn,
      risk: rule.risk,
      clinicalWeight: rule.clinicalWeight,
      text: rule.text,
      textEn: rule.textEn,
      phenotypes: phenotypes.map((phenotype) => ({
        geneCombinationId: phenotype.geneCombinationId,
        phenotype: phenotype.phenotype,
        phenotypeEn: phenotype.phenotypeEn,
      })),
    });
  }
  return fulfilled.sort((a, b) => a.name.localeCompare(b.name, 'cs') || a.ruleId - b.ruleId);
}

/**
 * A phenotype no template matched and no doctor assessed. Reports generated before assessment existed
 * carry no flag: there, no template and no assessment mean the same.
 */
export const isNotAssessed = (phenotype: ReportPhenotype) =>
  phenotype.notAssessed ?? (phenotype.templateId === null && !phenotype.assessedBy);

/**
 * The content as the screens read it: every phenotype with its assessment state, an unassessed one
 * without a risk (older reports stored the default risk), and the combinations list.
 */
export function reportContent(content: ReportContent) {
  return {
    combinations: (content.combinations ?? []).map((combination) => ({
      ...combination,
      clinicalWeight: combination.clinicalWeight ?? ClinicalWeight.HealthRisk,
    })),
    categories: content.categories.map((category) => ({
      ...category,
      subcategories: category.subcategories.map((subcategory) => ({
        ...subcategory,
        phenotypes: subcategory.phenotypes.map((phenotype) => {
          const notDetermined = phenotype.notDetermined ?? false;
          const notAssessed = !notDetermined && isNotAssessed(phenotype);
          return {
            ...phenotype,
            notAssessed,
            notDetermined,
            clinicalWeight: phenotype.clinicalWeight ?? ClinicalWeight.HealthRisk,
            risk: notAssessed || notDetermined ? null : phenotype.risk,
            assessedBy: phenotype.assessedBy ?? null,
            requiresConsultation: phenotype.requiresConsultation ?? false,
            withheld: phenotype.withheld ?? null,
          };
        }),
      })),
    })),
  };
}
